import { Hono } from 'hono'
import { describeRoute, type ResponsesWithResolver } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { validate } from '../../lib/validate'
import { forbidden } from '../../errors'
import type { AppEnv } from '../../types'
import type { Context } from 'hono'
import { actorOf, adminOnly, requireUser, signedIn } from '../auth'
import { listMyPayouts, listPayoutsForAdmin } from './list-payouts'
import { getPayoutDetails, readPayee, savePayoutDetails } from './payout-details'
import { adminPayoutsSchema, myPayoutDetailsSchema, myPayoutsSchema, payeeSchema, payoutDetailsSchema, payoutRecordedSchema } from './payouts.responses'
import { adminPayoutsQuery, payoutDetailsInput, payoutParam, recordPayoutInput } from './payouts.schemas'
import { recordPayout } from './record-payout'

const doc = (summary: string, responses: ResponsesWithResolver = {}) => describeRoute({ tags: ['payouts'], summary, responses: { ...errors(401, 403), ...responses } })

/** Referral fees are paid to referrers: only a referrer gives payout details. */
function requireReferrer(c: Context<AppEnv>) {
  const user = requireUser(c)
  if (!user.roles.includes('referrer')) throw forbidden('payouts.onlyReferrers')
  return user
}

/**
 * Referral payouts (ADR 044): the referrer's payout details and her payouts'
 * state; the admin's list, the audited read of a payee's details, and the
 * record of a payment.
 */
export const payoutsRoutes = new Hono<AppEnv>()
  .get('/me/payout-details', doc('My payout details (where my referral fees are paid), or null', jsonResponse(myPayoutDetailsSchema)), signedIn, async (c) =>
    respond(c, myPayoutDetailsSchema, { details: await getPayoutDetails(c.var.db, requireReferrer(c).id) }),
  )
  .put(
    '/me/payout-details',
    doc('Give or change my payout details (sealed at rest; shown only to me and to admins)', { ...jsonResponse(payoutDetailsSchema), ...errors(413, 422) }),
    signedIn,
    validate('json', payoutDetailsInput),
    async (c) => respond(c, payoutDetailsSchema, await savePayoutDetails(c.var.db, requireReferrer(c).id, c.req.valid('json'), actorOf(c))),
  )
  .get('/me/payouts', doc('My referral payouts, newest first: owed (awaiting my details, or scheduled) or paid', jsonResponse(myPayoutsSchema)), signedIn, async (c) =>
    respond(c, myPayoutsSchema, { items: await listMyPayouts(c.var.db, requireUser(c).id) }),
  )
  .get('/admin/payouts', doc('Referral payouts: owed (oldest first) or ?status=paid (latest first)', { ...jsonResponse(adminPayoutsSchema), ...errors(422) }), adminOnly, validate('query', adminPayoutsQuery), async (c) =>
    respond(c, adminPayoutsSchema, { items: await listPayoutsForAdmin(c.var.db, c.req.valid('query').status) }),
  )
  .get('/admin/payouts/:id/payee', doc("The payout's referrer's payout details, to pay her; the read is audited", { ...jsonResponse(payeeSchema), ...errors(404) }), adminOnly, validate('param', payoutParam), async (c) =>
    respond(c, payeeSchema, await readPayee(c.var.db, c.req.valid('param').id, actorOf(c))),
  )
  .post(
    '/admin/payouts/:id/record',
    doc('Record an owed payout as paid: method, date paid, reference; audited, the referrer told', { ...jsonResponse(payoutRecordedSchema), ...errors(404, 409, 413, 422) }),
    adminOnly,
    validate('param', payoutParam),
    validate('json', recordPayoutInput),
    async (c) => respond(c, payoutRecordedSchema, await recordPayout(c.var.db, { payoutId: c.req.valid('param').id, input: c.req.valid('json'), actor: actorOf(c) })),
  )
