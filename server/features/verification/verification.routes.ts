import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, fileResponse, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { myVerificationSchema, reviewedProofSchema } from './verification.responses'
import { z } from 'zod'
import { notFound } from '../../errors'
import { validate } from '../../lib/validate'
import { sealedFileDownload } from '../../storage/sealed-download'
import type { AppEnv } from '../../types'
import { actorOf, adminOnly, requireAdmin, requireUser, signedIn } from '../auth'
import { downloadLicenseProof, PROOF_NOT_FOUND } from './download-license-proof'
import { myVerification } from './get-my-verification'
import { reviewLicenseProof } from './review-license-proof'
import { requireProofHolder, uploadLicenseProof } from './upload-license-proof'
import { LICENSE_PROOF_ACCEPT, licenseDecisionSchema } from './verification.schemas'

const tags = ['verification']
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const idParam = z.object({ id: z.string() })
/** A malformed id names nothing: 404 like any unknown id. */
const proofId = (id: string) => {
  if (!UUID.test(id)) throw notFound(PROOF_NOT_FOUND)
  return id
}

/**
 * License verification: the operator uploads license proof, an
 * admin opens it and verifies or rejects it. verification_status (and so the
 * Verified badge and 'State Licensed') changes only through the decision route.
 */
export const verificationRoutes = new Hono<AppEnv>()
  .get(
    '/my/license-proofs',
    describeRoute({
      tags,
      summary: 'My license verification: status and uploaded proofs',
      description: 'verification_status is unverified, pending (awaiting review), verified or rejected; each proof carries the admin\'s reason when it was not accepted. Operators only.',
      responses: { ...jsonResponse(myVerificationSchema), ...errors(401, 403) },
    }),
    signedIn,
    async (c) => {
      const user = requireUser(c)
      requireProofHolder(user)
      return respond(c, myVerificationSchema, await myVerification(c.var.db, user.id))
    },
  )
  .post(
    '/my/license-proofs',
    describeRoute({
      tags,
      summary: 'Upload license proof for an admin to check (multipart: file)',
      description: `Operators only. At most 10 MB; ${LICENSE_PROOF_ACCEPT}, checked from the bytes (415 otherwise). Sealed on disk, never public. A proof still awaiting review is superseded. 409 already_verified once verified.`,
      responses: { ...jsonResponse(myVerificationSchema, 201), ...errors(401, 403, 409, 413, 415, 422, 429) },
    }),
    signedIn,
    async (c) => {
      const length = c.req.header('content-length')
      const result = await uploadLicenseProof(c.var.db, {
        user: requireUser(c),
        body: c.req.raw.body,
        contentType: c.req.header('content-type'),
        contentLength: length && /^\d+$/.test(length) ? Number(length) : null,
      })
      return respond(c, myVerificationSchema, result, 201)
    },
  )
  .get(
    '/license-proofs/:id/download',
    describeRoute({
      tags,
      summary: 'Download a license proof (its operator, or an admin: audited)',
      description: 'Access-checked attachment; 404 to anyone else.',
      responses: { ...fileResponse('The license proof (its stored type; Content-Disposition attachment)'), ...errors(401, 404, 503) },
    }),
    signedIn,
    validate('param', idParam),
    async (c) => sealedFileDownload(await downloadLicenseProof(c.var.db, { user: requireUser(c), actor: actorOf(c), proofId: proofId(c.req.valid('param').id) })),
  )
  .post(
    '/admin/license-proofs/:id/decision',
    describeRoute({
      tags: ['admin', ...tags],
      summary: 'Verify or reject a license proof (admins; audited)',
      description:
        "decision: verified | rejected; reason required to reject (the operator reads it). A waiting proof may be verified or rejected; a verified one may be rejected (revoked). Sets the operator's verification_status.",
      responses: { ...jsonResponse(reviewedProofSchema), ...errors(401, 403, 404, 409, 413, 422) },
    }),
    adminOnly,
    validate('param', idParam),
    validate('json', licenseDecisionSchema),
    async (c) => {
      const admin = requireAdmin(c)
      const body = c.req.valid('json')
      return respond(c, reviewedProofSchema, await reviewLicenseProof(c.var.db, { admin, actor: actorOf(c), proofId: proofId(c.req.valid('param').id), decision: body.decision, reason: body.reason }))
    },
  )
