import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, fileResponse, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { documentListSchema, documentReferralsSchema, documentSchema } from './documents.responses'
import { z } from 'zod'
import { notFound } from '../../errors'
import { validate } from '../../lib/validate'
import { sealedFileDownload } from '../../storage/sealed-download'
import type { AppEnv } from '../../types'
import { actorOf, requireUser, signedIn } from '../auth'
import { DOCUMENT_ACCEPT, listDocumentsQuery } from './documents.schemas'
import { downloadDocument } from './download-document'
import { listDocumentReferrals } from './list-document-referrals'
import { listDocuments } from './list-documents'
import { signDocument } from './sign-document'
import { uploadDocument } from './upload-document'

const idParam = z.object({ id: z.string() })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A malformed id names nothing: 404 like any unknown id. */
const idOr404 = (id: string, what: 'errors.referralNotFound' | 'documents.documentNotFound') => {
  if (!UUID.test(id)) throw notFound(what)
  return id
}

export const documentsRoutes = new Hono<AppEnv>()
  .get(
    '/referrals/:id/documents',
    describeRoute({
      tags: ['documents'],
      summary: "A referral's documents (referrer, unlocked or invited operators; admins audited)",
      responses: { ...jsonResponse(documentListSchema), ...errors(401, 404, 503) },
    }),
    signedIn,
    validate('param', idParam),
    validate('query', listDocumentsQuery),
    async (c) =>
      respond(
        c,
        documentListSchema,
        await listDocuments(c.var.db, {
          user: requireUser(c),
          actor: actorOf(c),
          referralId: idOr404(c.req.valid('param').id, 'errors.referralNotFound'),
          operatorId: c.req.valid('query').operator_id,
        }),
      ),
  )
  .post(
    '/referrals/:id/documents',
    describeRoute({
      tags: ['documents'],
      summary: 'Upload a document (multipart: file, description, requires_signature, operator_id)',
      description: `At most 10 MB; ${DOCUMENT_ACCEPT}, checked from the bytes. Operators upload into their own exchange. The referrer names operator_id for one operator's exchange, or leaves it empty to share with every operator who may see the referral.`,
      responses: { ...jsonResponse(documentSchema, 201), ...errors(400, 401, 403, 404, 413, 415, 422, 429) },
    }),
    signedIn,
    validate('param', idParam),
    async (c) => {
      const length = c.req.header('content-length')
      const view = await uploadDocument(c.var.db, {
        user: requireUser(c),
        referralId: idOr404(c.req.valid('param').id, 'errors.referralNotFound'),
        body: c.req.raw.body,
        contentType: c.req.header('content-type'),
        contentLength: length && /^\d+$/.test(length) ? Number(length) : null,
      })
      return respond(c, documentSchema, view, 201)
    },
  )
  .get(
    '/documents/referrals',
    describeRoute({ tags: ['documents'], summary: "The referrals whose documents this operator may open", responses: { ...jsonResponse(documentReferralsSchema), ...errors(401, 503) } }),
    signedIn,
    async (c) => respond(c, documentReferralsSchema, await listDocumentReferrals(c.var.db, { user: requireUser(c) })),
  )
  .get(
    '/documents/:id/download',
    describeRoute({ tags: ['documents'], summary: 'Download a document (access-checked attachment)', responses: { ...fileResponse('The document (its stored type; Content-Disposition attachment)'), ...errors(401, 404, 503) } }),
    signedIn,
    validate('param', idParam),
    async (c) =>
      sealedFileDownload(
        await downloadDocument(c.var.db, {
          user: requireUser(c),
          actor: actorOf(c),
          documentId: idOr404(c.req.valid('param').id, 'documents.documentNotFound'),
        }),
      ),
  )
  .post(
    '/documents/:id/sign',
    describeRoute({ tags: ['documents'], summary: 'Mark a document signed (the other party, once, irreversible)', responses: { ...jsonResponse(documentSchema), ...errors(401, 403, 404, 409, 413) } }),
    signedIn,
    validate('param', idParam),
    async (c) => respond(c, documentSchema, await signDocument(c.var.db, { user: requireUser(c), documentId: idOr404(c.req.valid('param').id, 'documents.documentNotFound') })),
  )
