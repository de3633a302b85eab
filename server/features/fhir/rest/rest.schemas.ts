import { z } from 'zod'

/**
 * The FHIR REST API's query strings and ids (ADR 042): one zod schema each for validation, types and
 * the OpenAPI description. A known parameter with a bad value is a 422 OperationOutcome naming it.
 */

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const int = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback))

export const TASK_STATUSES = ['requested', 'accepted', 'in-progress', 'completed', 'rejected', 'cancelled'] as const

/** FHIR `_lastUpdated`: a prefix (gt, ge, lt, le; none means eq… refused here: polling asks for a bound) and an instant. */
const lastUpdated = z.preprocess(
  blank,
  z
    .string()
    .max(40)
    .transform((v, ctx) => {
      const m = /^(gt|ge|lt|le)(\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?)$/.exec(v)
      const at = m ? Date.parse(m[2]!) : Number.NaN
      if (!m || Number.isNaN(at)) {
        ctx.addIssue({ code: 'custom', message: '_lastUpdated must be gt, ge, lt or le and a date or an instant, e.g. gt2026-01-31T00:00:00Z' })
        return z.NEVER
      }
      return { op: m[1] as 'gt' | 'ge' | 'lt' | 'le', at }
    })
    .optional(),
)

const idList = z.preprocess(
  blank,
  z
    .string()
    .max(2000)
    .transform((v, ctx) => {
      const ids = v.split(',').map((s) => s.trim())
      if (ids.length > 100 || ids.some((id) => !/^[A-Za-z0-9\-.]{1,64}$/.test(id))) {
        ctx.addIssue({ code: 'custom', message: '_id must be at most 100 FHIR ids separated by commas' })
        return z.NEVER
      }
      return ids
    })
    .optional(),
)

const paging = {
  _count: int('_count must be a whole number from 1 to 100', 1, 100, 20),
  _offset: int('_offset must be a whole number from 0 to 100000', 0, 100_000, 0),
}

export const taskSearchQuery = z.object({
  _id: idList,
  _lastUpdated: lastUpdated,
  status: z.preprocess(
    blank,
    z
      .string()
      .max(200)
      .transform((v, ctx) => {
        const codes = v.split(',').map((s) => s.trim().replace(/^http:\/\/hl7\.org\/fhir\/task-status\|/, ''))
        if (codes.some((s) => !(TASK_STATUSES as readonly string[]).includes(s))) {
          ctx.addIssue({ code: 'custom', message: `status must be one or more of ${TASK_STATUSES.join(', ')}, separated by commas` })
          return z.NEVER
        }
        return codes
      })
      .optional(),
  ),
  _include: z.preprocess(blank, z.literal('Task:focus', { error: '_include supports Task:focus only' }).optional()),
  ...paging,
})

export const serviceRequestSearchQuery = z.object({ _id: idList, _lastUpdated: lastUpdated, ...paging })

export const fhirIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'Not a FHIR id') })

/** PATCH /fhir/r4/Task/<id>: a JSON Patch (RFC 6902) whose only change the requester may make is its cancellation. */
export const taskPatchSchema = z
  .array(
    z.union([
      z.object({ op: z.enum(['replace', 'add']), path: z.literal('/status'), value: z.literal('cancelled', { error: 'The requester may set the Task status to cancelled only' }) }).strict(),
      z.object({ op: z.enum(['replace', 'add']), path: z.literal('/statusReason'), value: z.object({ text: z.string().max(500) }).passthrough() }).strict(),
    ]),
    { error: 'The body must be a JSON Patch array' },
  )
  .min(1, 'The patch is empty')
  .max(2, 'The patch may replace /status and /statusReason only')
  .refine((ops) => ops.some((o) => o.path === '/status'), 'The patch must replace /status with cancelled')
