import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describeRoute } from 'hono-openapi'
import { z } from 'zod'
import { publicUrl } from '../../env'
import { tooLarge, unauthorized, unsupportedType } from '../../errors'
import { HOUR } from '../../lib/clock'
import { errors, fhirResponse, jsonResponse } from '../../lib/openapi'
import { limiter } from '../../lib/rate-limit'
import { respond } from '../../lib/respond'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { actorOf, requireUser } from '../auth'
import { exportReferral } from './export-referral'
import { fhirResourceSchema, healthRecordImportSchema } from './fhir.responses'
import { importHealthRecord } from './import-draft'
import { RECORD_LIMITS } from './read-record'

/** Validating a record takes CPU: bound how often one account can ask. */
const importsPerUser = limiter('fhir-imports', 60, HOUR, () => 'fhir.tooManyImports')
const FHIR_JSON = /^application\/(fhir\+)?json\s*(;|$)/i

const signedInFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw unauthorized('errors.signCreateAccountSubmitReferrals')
  await next()
}

export const fhirRoutes = new Hono<AppEnv>()
  .post(
    '/referrals/fhir-import',
    describeRoute({
      tags: ['fhir'],
      summary: "A FHIR R4 record (Bundle or Patient) → a draft of the referral form; nothing is stored",
      description: `Body: application/fhir+json or application/json, at most ${RECORD_LIMITS.bytes / 1024 / 1024} MB; a Bundle (transaction, collection, document, searchset, batch) or a Patient. The resources used are validated against the R4 definitions; 422 invalid_fhir lists up to 20 issues in fields, keyed by location.`,
      responses: { ...jsonResponse(healthRecordImportSchema), ...errors(401, 413, 415, 422, 429) },
    }),
    signedInFirst,
    bodyLimit({
      maxSize: RECORD_LIMITS.bytes,
      onError: () => {
        throw tooLarge('fhir.healthRecordLargerThan20')
      },
    }),
    async (c) => {
      const user = requireUser(c)
      if (!FHIR_JSON.test(c.req.header('content-type') ?? '')) throw unsupportedType('fhir.sendHealthRecordApplicationFhir')
      await importsPerUser.consume(c.var.db, user.id)
      // Read into memory only: the record is never logged or written to disk (ADR 026).
      return respond(c, healthRecordImportSchema, await importHealthRecord(await c.req.text()))
    },
  )
  .get(
    '/referrals/:id/fhir',
    describeRoute({
      tags: ['fhir'],
      summary: 'The referral as a FHIR R4 Bundle (collection) to its referrer, operators who unlocked it or were invited, and admins',
      responses: { ...fhirResponse(fhirResourceSchema, 'A Bundle of type collection (Patient, ServiceRequest, Task, Condition, MedicationStatement, AllergyIntolerance, Coverage, RelatedPerson, DocumentReference)'), ...errors(401, 403, 404, 422, 503) },
    }),
    validate('param', z.object({ id: z.string().min(1).max(64) })),
    async (c) => {
      const bundle = await exportReferral(c.var.db, c.req.valid('param').id, requireUser(c), actorOf(c), publicUrl())
      return c.body(JSON.stringify(bundle), 200, { 'Content-Type': 'application/fhir+json; charset=utf-8', 'Content-Disposition': `attachment; filename="referral-${c.req.valid('param').id}.fhir.json"` })
    },
  )
