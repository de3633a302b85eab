import { Hono, type Context } from 'hono'
import { describeRoute, type ResponsesWithResolver } from 'hono-openapi'
import { errors, jsonResponse, okSchema, textFileResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { escrowResolvedSchema, heldPaymentsSchema, resolveEscrow, resolveEscrowSchema } from '../marketplace'
import {
  adminStatsSchema,
  referralStatusSetSchema,
  outboxRetriedSchema,
  funnelSchema,
  adminReferralsSchema,
  adminPropertiesSchema,
  adminOperatorsSchema,
  adminReferrersSchema,
  adminSubscriptionsSchema,
  adminSystemsSchema,
  systemRevokedSchema,
  auditLogsSchema,
  outboxSchema,
} from './admin.responses'
import { z } from 'zod'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { actorOf, adminOnly } from '../auth'
import { auditLogQuery, escrowQuery, outboxQuery, propertyListQuery, referralListQuery, updateReferralSchema } from './admin.schemas'
import { exportOperatorsCsv, exportReferrersCsv } from './csv-exports'
import { getAdminStats } from './get-admin-stats'
import { exportFunnelCsv, getFunnel } from './get-funnel'
import { funnelQuerySchema } from '../referrals'
import { listAllProperties } from './list-properties'
import { listAuditLogs } from './list-audit-logs'
import { listEscrow } from './list-escrow'
import { listOperators } from './list-operators'
import { listOutbox } from './list-outbox'
import { searchReferrals } from './list-referrals'
import { listReferrers } from './list-referrers'
import { listSubscriptions } from './list-subscriptions'
import { listSystems } from './list-systems'
import { revokeClient } from '../systems'
import { requestReview } from './request-review'
import { retryOutboxEmail } from './retry-outbox-email'
import { updateReferralStatus } from './update-referral-status'

/** Every admin route answers 401 signed out and 403 for non-admins (or without two-factor); `responses` adds the rest. */
const doc = (summary: string, responses: ResponsesWithResolver = {}) =>
  describeRoute({ tags: ['admin'], summary, responses: { ...errors(401, 403), ...responses } })
const idParam = z.object({ id: z.string().min(1).max(100) })
const paymentParam = z.object({ payment_id: z.string().min(1).max(100) })

/** A CSV download; the BOM makes spreadsheet apps read it as UTF-8. */
const csv = (c: Context, file: { filename: string; body: string }) =>
  c.body(`\uFEFF${file.body}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'no-store',
  })

/**
 * The admin dashboard's API. One group guard: every /api/admin/* route
 * answers 401 to visitors and 403 to signed-in non-admins.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use('/admin/*', adminOnly)
  .get('/admin/stats', doc('Overview counts and the unlock fees released to referrers', jsonResponse(adminStatsSchema)), async (c) => respond(c, adminStatsSchema, await getAdminStats(c.var.db)))
  .get('/admin/funnel', doc('Placement funnel of the last 30 or 90 days: stages, median times, decline reasons', { ...jsonResponse(funnelSchema), ...errors(422) }), validate('query', funnelQuerySchema), async (c) =>
    respond(c, funnelSchema, await getFunnel(c.var.db, c.req.valid('query').days)),
  )
  .get('/admin/funnel.csv', doc('The placement funnel as CSV', { ...textFileResponse('text/csv', 'The funnel figures, one row each (UTF-8 with BOM; attachment)'), ...errors(422) }), validate('query', funnelQuerySchema), async (c) => csv(c, await exportFunnelCsv(c.var.db, c.req.valid('query').days)))
  .get(
    '/admin/referrals',
    doc('All referrals, newest first (paged: page, per_page; optional status and search q: client initials, referral id, referrer name or e-mail, city, state, matched home)', {
      ...jsonResponse(adminReferralsSchema),
      ...errors(422, 503),
    }),
    validate('query', referralListQuery),
    async (c) => respond(c, adminReferralsSchema, await searchReferrals(c.var.db, c.req.valid('query'))),
  )
  .patch(
    '/admin/referrals/:id',
    doc('Set a referral status (placed sends the review request); audited', { ...jsonResponse(referralStatusSetSchema), ...errors(400, 404, 413, 422) }),
    validate('param', idParam),
    validate('json', updateReferralSchema),
    async (c) => {
      const body = c.req.valid('json')
      return respond(
        c,
        referralStatusSetSchema,
        await updateReferralStatus(c.var.db, {
          referralId: c.req.valid('param').id,
          status: body.status,
          matchedPropertyId: body.matched_property_id,
          actor: actorOf(c),
        }),
      )
    },
  )
  .post('/admin/referrals/:id/review-request', doc('Send the review request of a placed referral again', { ...jsonResponse(okSchema), ...errors(404, 409, 413) }), validate('param', idParam), async (c) =>
    respond(c, okSchema, await requestReview(c.var.db, { referralId: c.req.valid('param').id, actor: actorOf(c) })),
  )
  .get(
    '/admin/escrow',
    doc('Payments held in escrow, soonest hold end first; ?view=resolved: released and refunded ones, latest first', { ...jsonResponse(heldPaymentsSchema), ...errors(422) }),
    validate('query', escrowQuery),
    async (c) => respond(c, heldPaymentsSchema, { items: await listEscrow(c.var.db, c.req.valid('query').view) }),
  )
  .post(
    '/admin/escrow/:payment_id',
    doc('Release an escrow payment to the referrer or refund the operator, with a reason', { ...jsonResponse(escrowResolvedSchema), ...errors(404, 409, 413, 422) }),
    validate('param', paymentParam),
    validate('json', resolveEscrowSchema),
    async (c) => {
      const { action, reason } = c.req.valid('json')
      const result = await resolveEscrow(c.var.db, { paymentId: c.req.valid('param').payment_id, action, reason, actor: actorOf(c) })
      return respond(c, escrowResolvedSchema, result)
    },
  )
  .get('/admin/properties', doc('All properties, newest first (paged: page, per_page; optional state)', { ...jsonResponse(adminPropertiesSchema), ...errors(422) }), validate('query', propertyListQuery), async (c) =>
    respond(c, adminPropertiesSchema, await listAllProperties(c.var.db, c.req.valid('query'))),
  )
  .get('/admin/operators', doc('Operators with plan and property count', jsonResponse(adminOperatorsSchema)), async (c) => respond(c, adminOperatorsSchema, { items: await listOperators(c.var.db) }))
  .get('/admin/operators.csv', doc('Operators as CSV', textFileResponse('text/csv', 'One row per operator (UTF-8 with BOM; attachment)')), async (c) => csv(c, await exportOperatorsCsv(c.var.db)))
  .get('/admin/referrers', doc('Referrers (referrer role, no operator role) with referral counts', jsonResponse(adminReferrersSchema)), async (c) =>
    respond(c, adminReferrersSchema, { items: await listReferrers(c.var.db) }),
  )
  .get('/admin/referrers.csv', doc('Referrers as CSV', textFileResponse('text/csv', 'One row per referrer (UTF-8 with BOM; attachment)')), async (c) => csv(c, await exportReferrersCsv(c.var.db)))
  .get('/admin/subscriptions', doc('Complimentary and paid subscriptions', jsonResponse(adminSubscriptionsSchema)), async (c) => respond(c, adminSubscriptionsSchema, { items: await listSubscriptions(c.var.db) }))
  .get('/admin/audit-logs', doc('Audit log, newest first, 50 per page (?before=<next_cursor>); filters: action, area, actor, from, to (yyyy-MM-dd, UTC)', { ...jsonResponse(auditLogsSchema), ...errors(400, 422) }), validate('query', auditLogQuery), async (c) =>
    respond(c, auditLogsSchema, await listAuditLogs(c.var.db, c.req.valid('query'))),
  )
  .get('/admin/outbox', doc('Every e-mail the system produced', jsonResponse(outboxSchema)), validate('query', outboxQuery), async (c) =>
    respond(c, outboxSchema, { items: await listOutbox(c.var.db, c.req.valid('query')) }),
  )
  .get('/admin/systems', doc('Registered systems (SMART Backend Services) and their FHIR Subscriptions', jsonResponse(adminSystemsSchema)), async (c) =>
    respond(c, adminSystemsSchema, { items: await listSystems(c.var.db) }),
  )
  .post('/admin/systems/:id/revoke', doc('Revoke a registered system: its tokens stop working at once, its Subscriptions get nothing more; audited', { ...jsonResponse(systemRevokedSchema), ...errors(404, 409, 413) }), validate('param', idParam), async (c) =>
    respond(c, systemRevokedSchema, await revokeClient(c.var.db, actorOf(c), c.req.valid('param').id)),
  )
  .post('/admin/outbox/:id/retry', doc('Queue a failed e-mail again', { ...jsonResponse(outboxRetriedSchema), ...errors(404, 409, 413) }), validate('param', idParam), async (c) =>
    respond(c, outboxRetriedSchema, await retryOutboxEmail(c.var.db, { id: c.req.valid('param').id, actor: actorOf(c) })),
  )
