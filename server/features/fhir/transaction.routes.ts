import { keyed } from '../../i18n/keyed'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { publicUrl } from '../../env'
import { AppError, tooLarge, unsupportedType } from '../../errors'
import { FHIR_JSON, fhirErrorHandler } from '../../lib/fhir-outcome'
import type { AppEnv } from '../../types'
import { requireUser } from '../auth'
import { allows, requireSystem, systemAuth } from '../systems'
import { RECORD_LIMITS } from './read-record'
import { REFERRAL_EXTENSION_IDS, referralExtensionById, structureDefinition } from './structure-definitions'
import { createFromTransaction } from './transaction-create'

const JSON_BODY = /^application\/(fhir\+)?json\s*(;|$)/i
const ONE_OF_OURS = `:id{${REFERRAL_EXTENSION_IDS.join('|')}}`

/**
 * The FHIR base's writes of a registered system (ADR 041), under /fhir/r4:
 * POST / with a transaction Bundle creates a referral; and the
 * StructureDefinitions of the referral's extensions (public, like the
 * directory's: the path names only Homeward's own ids, so the directory's
 * route keeps answering for its own and for unknown ids).
 *
 * Scopes: the Bundle is created (Bundle.c) and so are the referral's Patient,
 * ServiceRequest and Task (each .c); a Bundle with a DocumentReference needs
 * DocumentReference.c too. Everything else it carries (conditions,
 * medications…) is read into the ServiceRequest's referral, not created.
 */
export const transactionRoutes = new Hono<AppEnv>()
  .post(
    '/',
    systemAuth('Bundle', 'c'),
    systemAuth('Patient', 'c'),
    systemAuth('ServiceRequest', 'c'),
    systemAuth('Task', 'c'),
    bodyLimit({
      maxSize: RECORD_LIMITS.bytes,
      onError: () => {
        throw tooLarge(keyed('fhir.bundleTooLarge', { mb: RECORD_LIMITS.bytes / 1024 / 1024 }))
      },
    }),
    async (c) => {
      if (!JSON_BODY.test(c.req.header('content-type') ?? '')) throw unsupportedType('fhir.sendBundleAsFhirJson')
      const system = requireSystem(c)
      const text = await c.req.text()
      // Checked before reading the Bundle's resources: a scope is about what is created, not whether it is valid.
      if (/"resourceType"\s*:\s*"DocumentReference"/.test(text) && !allows(system.scopes, 'DocumentReference', 'c')) {
        throw new AppError('forbidden', 403, 'fhir.scopeNoDocumentReference')
      }
      const { bundle } = await createFromTransaction(c.var.db, text, { user: requireUser(c), system, ip: c.get('ip') }, publicUrl())
      return c.body(JSON.stringify(bundle), 200, { 'Content-Type': FHIR_JSON })
    },
  )
  .get(`/StructureDefinition/${ONE_OF_OURS}`, (c) => {
    const definition = referralExtensionById(c.req.param('id') ?? '')!
    return c.body(JSON.stringify(structureDefinition(definition)), 200, { 'Content-Type': FHIR_JSON })
  })
  .onError(fhirErrorHandler)
