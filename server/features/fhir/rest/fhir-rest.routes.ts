import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { invalid, notFound, tooLarge, unauthorized, unsupportedType } from '../../../errors'
import { FHIR_JSON, fhirErrorHandler } from '../../../lib/fhir-outcome'
import { validate, validationError } from '../../../lib/validate'
import { sealedFileDownload } from '../../../storage/sealed-download'
import type { AppEnv } from '../../../types'
import { actorOf } from '../../auth'
import { downloadDocument } from '../../documents'
import { systemAuth } from '../../systems'
import { cancelTask } from './cancel-task'
import { type Reader, type ReadableType, readResource, resourceOwner } from './read-resource'
import type { Served } from './referral-resources'
import { fhirIdParam, serviceRequestSearchQuery, taskPatchSchema, taskSearchQuery } from './rest.schemas'
import { searchServiceRequests, searchTasks } from './search-resources'

/**
 * The FHIR R4 REST API for registered systems (ADR 038, ADR 042), under /fhir/r4: reads by id, Task
 * and ServiceRequest searches, the Task's cancellation by PATCH, and each document's file as a Binary.
 * A bearer token opens it (systemAuth); the request runs as the client's referrer account, through the
 * same authorization as the browser's. Every error is an OperationOutcome.
 */

/** Who reads: the token's account and client (its audit label names the system), or the browser's session (Binary only). */
function readerOf(c: Context<AppEnv>): Reader {
  const user = c.get('user')
  if (!user) throw unauthorized('fhir.bearerRequired')
  const system = c.get('system') ?? null
  const actor = actorOf(c)
  return { user, system, actor: system ? { ...actor, label: `system:${system.clientName}` } : actor }
}

const NO_STORE = { 'Cache-Control': 'private, no-store' }
const answer = (c: Context<AppEnv>, body: unknown, extra: Record<string, string> = {}) =>
  c.body(JSON.stringify(body), 200, { 'Content-Type': FHIR_JSON, ...NO_STORE, ...extra })
const served = (c: Context<AppEnv>, s: Served) => answer(c, s.resource, { ETag: `W/"${s.versionId}"`, 'Last-Modified': s.lastUpdated.toUTCString() })

const read = (type: ReadableType) => [
  systemAuth(type, 'r'),
  validate('param', fhirIdParam),
  // The id was validated just before.
  async (c: Context<AppEnv>) => served(c, await readResource(c.var.db, type, c.req.param('id')!, readerOf(c))),
] as const

/** A Binary answers a system's token or, for the export's links, the browser's session. */
const tokenOrSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('authorization')) return systemAuth('Binary', 'r')(c, next)
  if (!c.get('user')) throw unauthorized('fhir.bearerRequired')
  await next()
}

const JSON_PATCH = /^application\/json-patch\+json\s*(;|$)/i

export const fhirRestRoutes = new Hono<AppEnv>()
  .get('/Task', systemAuth('Task', 's'), validate('query', taskSearchQuery), async (c) => answer(c, await searchTasks(c.var.db, c.req.valid('query'), readerOf(c), c.req.url)))
  .get('/ServiceRequest', systemAuth('ServiceRequest', 's'), validate('query', serviceRequestSearchQuery), async (c) =>
    answer(c, await searchServiceRequests(c.var.db, c.req.valid('query'), readerOf(c), c.req.url)),
  )
  .get('/Task/:id', ...read('Task'))
  .get('/ServiceRequest/:id', ...read('ServiceRequest'))
  .get('/Patient/:id', ...read('Patient'))
  .get('/DocumentReference/:id', ...read('DocumentReference'))
  .get('/Binary/:id', tokenOrSession, validate('param', fhirIdParam), async (c) => {
    const reader = readerOf(c)
    const owner = await resourceOwner(c.var.db, 'Binary', c.req.valid('param').id)
    if (!owner?.document_id) throw notFound('fhir.noSuchBinary')
    const file = await downloadDocument(c.var.db, { user: reader.user, actor: reader.actor, documentId: owner.document_id, system: reader.system }).catch((error: unknown) => {
      throw error instanceof Error && 'status' in error && error.status === 404 ? notFound('fhir.noSuchBinary') : error
    })
    const download = await sealedFileDownload(file)
    // Asked as a resource: the Binary with the file in base64 (documents are at most MAX_DOCUMENT_BYTES).
    if (!/application\/fhir\+json/i.test(c.req.header('accept') ?? '')) return download
    const data = Buffer.from(await download.arrayBuffer()).toString('base64')
    return answer(c, { resourceType: 'Binary', id: c.req.valid('param').id, contentType: file.file_type, data })
  })
  .patch(
    '/Task/:id',
    systemAuth('Task', 'u'),
    validate('param', fhirIdParam),
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw tooLarge('fhir.patchTooLarge')
      },
    }),
    async (c) => {
      if (!JSON_PATCH.test(c.req.header('content-type') ?? '')) throw unsupportedType('fhir.sendJsonPatch')
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        throw invalid('fhir.bodyNotJson', { Task: 'fhir.bodyMustBePatchArray' })
      }
      const patch = taskPatchSchema.safeParse(body)
      if (!patch.success) throw validationError(patch.error.issues)
      const id = c.req.valid('param').id
      const reader = readerOf(c)
      await cancelTask(c.var.db, id, c.req.header('if-match'), reader)
      return served(c, await readResource(c.var.db, 'Task', id, reader))
    },
  )
  .onError(fhirErrorHandler)
