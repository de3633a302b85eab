import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, jobs, notifications, outbox, payouts, properties, referral_payments, referral_waitlist, referrals, review_requests } from '../../db/schema'
import { env } from '../../env'
import { CLI_ACTOR } from '../../lib/audit'
import { clock, HOUR } from '../../lib/clock'
import { runDueJobs } from '../../jobs'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { holdEndJobKey } from './job-keys'
import { resolveEscrow } from './resolve-escrow'
import { insertReferral, payment, premiumOperator, referrer, unlockAndPay } from './test-fixtures'

setupTestDb()

/** A referral whose slot an operator holds in escrow, with another operator waiting in line. */
async function escrowed() {
  const owner = await referrer()
  const r = await insertReferral(owner.id)
  const holder = await premiumOperator({ licensing_type: 'licensed' })
  const paymentId = await unlockAndPay(holder.agent, r.id)
  const waiting = await premiumOperator()
  await waiting.agent.post(`/api/referrals/${r.id}/waitlist`)
  return { owner, r, holder, paymentId, waiting }
}

const referral = async (id: string) => (await db.select().from(referrals).where(eq(referrals.id, id)).get())!
const mails = async (referralId: string, type: string) =>
  db.select().from(outbox).where(and(eq(outbox.referral_id, referralId), eq(outbox.type, type))).all()

describe('placement confirmations', () => {
  test('both placed → released to the referrer, referral placed, payout owed, review request sent', async () => {
    const { owner, r, holder, paymentId, waiting } = await escrowed()
    const home = await db
      .insert(properties)
      .values({ operator_id: holder.id, name: 'Cedar House', address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '73301', total_beds: 4, available_beds: 1 })
      .returning()
      .get()
    const first = await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ outcome: 'awaiting', escrow: { status: 'held_in_escrow', operator_confirmation: 'placed', referrer_confirmation: null } })
    // The referrer is asked to answer too.
    expect(await db.select().from(notifications).where(and(eq(notifications.user_id, owner.id), eq(notifications.type, 'placement_confirmation'))).all()).toHaveLength(1)
    const second = await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    expect(second.json).toMatchObject({ outcome: 'released', escrow: { status: 'released_to_referrer', referrer_confirmation: 'placed', operator_confirmation: 'placed' } })

    const p = await payment(paymentId)
    expect(p.status).toBe('released_to_referrer')
    expect(p.resolved_at).toBeTruthy()
    const ref = await referral(r.id)
    expect(ref).toMatchObject({ status: 'placed', matched_operator_id: holder.id, matched_property_id: home.id, referral_fee_paid: true })
    expect(ref.placed_at).toBeTruthy()
    const payout = (await db.select().from(payouts).where(eq(payouts.payment_id, paymentId)).get())!
    expect(payout).toMatchObject({ referral_id: r.id, referrer_user_id: owner.id, amount_cents: 50000, status: 'owed' })
    expect(await db.select().from(review_requests).where(eq(review_requests.referral_id, r.id)).all()).toHaveLength(1)
    expect(await mails(r.id, 'review_request')).toHaveLength(1)
    expect(await mails(r.id, 'escrow_released')).toHaveLength(2) // referrer and operator
    expect((await db.select().from(jobs).where(eq(jobs.key, holdEndJobKey(paymentId))).get())!.status).toBe('cancelled')
    // The waitlist is closed; the placed referral leaves the marketplace.
    expect((await db.select().from(referral_waitlist).where(eq(referral_waitlist.operator_id, waiting.id)).get())!.status).toBe('expired')
    expect((await waiting.agent.get(`/api/marketplace/referrals/${r.id}`)).status).toBe(404)
    // The paying operator still sees what they paid for.
    expect((await holder.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my).toMatchObject({ action: 'unlocked', payment: { status: 'released_to_referrer' } })
    // Decided: no more answers.
    const late = await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    expect(late.status).toBe(409)
    expect(late.json.error.code).toBe('no_escrow')
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.released'), eq(audit_logs.resource_id, paymentId))).all()).toHaveLength(1)
  })

  test('both not placed → refunded at once (offline: recorded), the slot passes to the waitlist', async () => {
    const { owner, r, holder, paymentId, waiting } = await escrowed()
    expect((await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })).json.outcome).toBe('awaiting')
    const res = await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    expect(res.json).toMatchObject({ outcome: 'refunded', escrow: { status: 'refunded' } })
    const p = await payment(paymentId)
    expect(p).toMatchObject({ status: 'refunded', stripe_refund_id: null })
    expect(await referral(r.id)).toMatchObject({ status: 'pending', referral_fee_paid: false })
    expect(await mails(r.id, 'escrow_refunded')).toHaveLength(1)
    // The referrer's list still says a fee was paid (and the escrow, that it was refunded), though nothing is unlocked now.
    const mine = (await owner.agent.get('/api/referrals/mine')).json.items.find((x: { id: string }) => x.id === r.id)
    expect(mine.progress).toMatchObject({ unlocked: 0, fees_paid: 1 })
    expect((await owner.agent.get(`/api/referrals/${r.id}/escrow`)).json.escrow).toMatchObject({ status: 'refunded', amount: '$500' })
    expect(await db.select().from(payouts).where(eq(payouts.payment_id, paymentId)).all()).toHaveLength(0)
    // The refunded operator loses access; the first in line gets the turn.
    expect((await holder.agent.get(`/api/marketplace/referrals/${r.id}`)).json.referral.client_name).toBe('J*** D***')
    expect(await db.select().from(referral_waitlist).where(eq(referral_waitlist.operator_id, waiting.id)).get()).toMatchObject({ status: 'notified', position: 1 })
    expect(await mails(r.id, 'waitlist_turn')).toHaveLength(1)
    expect((await waiting.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
  })

  test('a disagreement stays held for the admins; answers may change until decided', async () => {
    const { owner, r, holder, paymentId } = await escrowed()
    await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    const res = await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    expect(res.json.outcome).toBe('disagreement')
    expect((await payment(paymentId)).status).toBe('held_in_escrow')
    const changed = await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    expect(changed.json.outcome).toBe('released')
  })

  test('only the referrer and the escrow holder may answer; bad input is a 4xx and writes nothing', async () => {
    const { r, waiting, paymentId, holder } = await escrowed()
    expect((await anonymous().post(`/api/referrals/${r.id}/placement`, { placed: true })).status).toBe(401)
    const stranger = await premiumOperator()
    // Callers who cannot see the referral learn nothing about it: 404, as for an unknown id.
    expect((await stranger.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })).status).toBe(404)
    expect((await waiting.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })).status).toBe(404)
    const bad = await waiting.agent.post(`/api/referrals/${r.id}/placement`, { placed: 'yes' })
    expect(bad.status).toBe(422)
    expect(bad.json.error.message).toBe('Please say whether the client was placed')
    expect((await stranger.agent.post('/api/referrals/nope/placement', { placed: true })).status).toBe(404)
    const p = await payment(paymentId)
    expect([p.referrer_confirmation, p.operator_confirmation]).toEqual([null, null])
    // Without an escrow there is nothing to confirm.
    const owner = await referrer()
    const open = await insertReferral(owner.id)
    const none = await owner.agent.post(`/api/referrals/${open.id}/placement`, { placed: true })
    expect(none.status).toBe(409)
    expect(none.json.error.code).toBe('no_escrow')
    // The operator may only name one of their own homes.
    const elsewhere = await db
      .insert(properties)
      .values({ operator_id: stranger.id, name: 'Not Theirs', address: '2 Main St', city: 'Austin', state: 'TX', zip_code: '73301', total_beds: 2, available_beds: 1 })
      .returning()
      .get()
    const notTheirs = await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true, property_id: elsewhere.id })
    expect(notTheirs.status).toBe(422)
    expect(notTheirs.json.error.message).toBe('Please choose one of your homes')
    expect((await payment(paymentId)).operator_confirmation).toBeNull()
    expect((await referral(r.id)).matched_property_id).toBeNull()
  })

  test('the escrow view: the referrer and the paying operator see it; others get 404', async () => {
    const { owner, r, holder, waiting } = await escrowed()
    const a = await owner.agent.get(`/api/referrals/${r.id}/escrow`)
    expect(a.json).toMatchObject({ role: 'referrer', escrow: { status: 'held_in_escrow', amount_cents: 50000, amount: '$500' } })
    const b = await holder.agent.get(`/api/referrals/${r.id}/escrow`)
    expect(b.json.role).toBe('operator')
    expect((await waiting.agent.get(`/api/referrals/${r.id}/escrow`)).status).toBe(404)
  })
})

const AT_ONCE = 20
function tally(answers: { status: number }[]) {
  const counts: Record<number, number> = {}
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1
  return counts
}
const placementNotices = async (userId: string) =>
  db.select().from(notifications).where(and(eq(notifications.user_id, userId), eq(notifications.type, 'placement_confirmation'))).all()
const answersAudited = async (paymentId: string) =>
  db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.placement_confirmed'), eq(audit_logs.resource_id, paymentId))).all()

describe("the referrer's answer", () => {
  test('the referrer names the home among the operator\'s; the notification opens the referral on the dashboard', async () => {
    const { owner, r, holder, paymentId } = await escrowed()
    const homeOf = (operator_id: string, name: string) =>
      db.insert(properties).values({ operator_id, name, address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '73301', total_beds: 4, available_beds: 1 }).returning().get()
    const cedar = await homeOf(holder.id, 'Cedar House')
    const maple = await homeOf(holder.id, 'Maple House')
    const stranger = await premiumOperator()
    const elsewhere = await homeOf(stranger.id, 'Not Theirs')
    // Both of the paying operator's homes are offered; none is named yet.
    const view = await owner.agent.get(`/api/referrals/${r.id}/escrow`)
    expect(view.json.escrow).toMatchObject({ placed_home: null, operator_homes: [{ id: cedar.id, name: 'Cedar House' }, { id: maple.id, name: 'Maple House' }] })

    const wrong = await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true, property_id: elsewhere.id })
    expect(wrong.status).toBe(422)
    expect(wrong.json.error.message).toBe("Please choose one of the operator's homes")
    expect((await payment(paymentId)).referrer_confirmation).toBeNull()

    const said = await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true, property_id: maple.id })
    expect(said.json).toMatchObject({ outcome: 'awaiting', escrow: { referrer_confirmation: 'placed', placed_home: { id: maple.id, name: 'Maple House' } } })
    const [notice] = await placementNotices(holder.id)
    expect(notice).toMatchObject({ body: 'They said the client was placed. Please confirm from your dashboard.', link: '/browse-referrals' })
    // The operator's answer (several homes, none named) keeps the referrer's home; both placed: released.
    const both = await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    expect(both.json.outcome).toBe('released')
    expect(await referral(r.id)).toMatchObject({ status: 'placed', matched_property_id: maple.id })

    // The operator answering first: the referrer's notification links to that referral's card.
    const second = await escrowed()
    await second.holder.agent.post(`/api/referrals/${second.r.id}/placement`, { placed: false })
    const [toReferrer] = await placementNotices(second.owner.id)
    expect(toReferrer).toMatchObject({ body: 'They said the client was not placed. Please confirm from your dashboard.', link: `/referrer-dashboard?referral=${second.r.id}` })
  })

  test(`one answer, one record, one notification: ${AT_ONCE} clicks at once`, async () => {
    const { owner, r, holder, paymentId } = await escrowed()
    const clicks = await Promise.all(Array.from({ length: AT_ONCE }, () => holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })))
    expect(tally(clicks)).toEqual({ 200: AT_ONCE })
    expect(new Set(clicks.map((c) => c.json.outcome))).toEqual(new Set(['awaiting']))
    expect(await placementNotices(owner.id)).toHaveLength(1)
    expect(await answersAudited(paymentId)).toHaveLength(1)
    // A changed answer is a new answer: recorded and told once more.
    await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    expect(await placementNotices(owner.id)).toHaveLength(2)
  })

  test(`the referrer's answer that decides the escrow, ${AT_ONCE} times at once: released once, every click answered "released"`, async () => {
    const { owner, r, holder, paymentId } = await escrowed()
    await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    const clicks = await Promise.all(Array.from({ length: AT_ONCE }, () => owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })))
    expect(tally(clicks)).toEqual({ 200: AT_ONCE })
    expect(new Set(clicks.map((c) => c.json.outcome))).toEqual(new Set(['released']))
    expect(await db.select().from(payouts).where(eq(payouts.payment_id, paymentId)).all()).toHaveLength(1)
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.released'), eq(audit_logs.resource_id, paymentId))).all()).toHaveLength(1)
    expect(await mails(r.id, 'escrow_released')).toHaveLength(2)
    // The other answer after the decision is still refused.
    const late = await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    expect(late.status).toBe(409)
  })

  test(`both say not placed: refunded at once, once, however many clicks (${AT_ONCE})`, async () => {
    const { owner, r, holder, paymentId } = await escrowed()
    await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    const clicks = await Promise.all(Array.from({ length: AT_ONCE }, () => holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })))
    expect(tally(clicks)).toEqual({ 200: AT_ONCE })
    expect(new Set(clicks.map((c) => c.json.outcome))).toEqual(new Set(['refunded']))
    expect((await payment(paymentId)).status).toBe('refunded')
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.refunded'), eq(audit_logs.resource_id, paymentId))).all()).toHaveLength(1)
    expect(await mails(r.id, 'escrow_refunded')).toHaveLength(1)
  })
})

describe('escrow hold end', () => {
  test('marks the payment Expired for admins once, and tells every admin', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const { paymentId } = await escrowed()
    clock.advance(env.ESCROW_HOLD_HOURS * HOUR + 1)
    const adminNotes = async () => db.select().from(notifications).where(and(eq(notifications.user_id, admin.id), eq(notifications.type, 'escrow_expired'))).all()
    const expiredHolds = async () => db.select().from(audit_logs).where(eq(audit_logs.action, 'escrow.hold_expired')).all()
    await runDueJobs(db)
    const p = await payment(paymentId)
    expect(p.status).toBe('held_in_escrow')
    expect(p.escrow_expired_at).toBeTruthy()
    // One notice per payment whose hold ended (earlier tests of this file left some held too), never twice.
    expect((await adminNotes()).length).toBe((await expiredHolds()).length)
    await runDueJobs(db)
    expect((await adminNotes()).length).toBe((await expiredHolds()).length)
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.hold_expired'), eq(audit_logs.resource_id, paymentId))).all()).toHaveLength(1)
    const list = await admin.agent.get('/api/admin/escrow')
    if (list.status === 200) expect(list.json.items.find((i: { id: string }) => i.id === paymentId)?.expired).toBe(true)
  })
})

describe('resolveEscrow (admin release / refund)', () => {
  test('release with a reason: payout owed, referral placed, audited with the actor and reason', async () => {
    const { r, paymentId } = await escrowed()
    const result = await resolveEscrow(db, { paymentId, action: 'release', reason: '  Placement confirmed by phone  ', actor: CLI_ACTOR })
    expect(result.message).toBe('Escrow released to the referrer')
    expect(result.escrow).toMatchObject({ status: 'released_to_referrer', resolution_reason: 'Placement confirmed by phone' })
    expect((await referral(r.id)).status).toBe('placed')
    expect(await db.select().from(payouts).where(eq(payouts.payment_id, paymentId)).all()).toHaveLength(1)
    const audit = (await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.released'), eq(audit_logs.resource_id, paymentId))).get())!
    expect(audit).toMatchObject({ actor_label: 'cli' })
    expect(audit.details).toMatchObject({ reason: 'Placement confirmed by phone' })
  })

  test('refund with a reason hands the slot over; a decided payment is a 409; errors', async () => {
    const { paymentId, waiting } = await escrowed()
    await expect(resolveEscrow(db, { paymentId, action: 'refund', reason: '   ', actor: CLI_ACTOR })).rejects.toMatchObject({ status: 422, message: 'A reason is required' })
    await expect(resolveEscrow(db, { paymentId, action: 'bogus' as 'refund', reason: 'x', actor: CLI_ACTOR })).rejects.toMatchObject({ status: 422 })
    expect((await payment(paymentId)).status).toBe('held_in_escrow')
    const res = await resolveEscrow(db, { paymentId, action: 'refund', reason: 'No placement', actor: CLI_ACTOR })
    expect(res.message).toBe('Payment refunded to the operator')
    expect((await payment(paymentId)).status).toBe('refunded')
    expect((await db.select().from(referral_waitlist).where(eq(referral_waitlist.operator_id, waiting.id)).get())!.status).toBe('notified')
    await expect(resolveEscrow(db, { paymentId, action: 'release', reason: 'Changed my mind', actor: CLI_ACTOR })).rejects.toMatchObject({ status: 409, code: 'escrow_not_held' })
    await expect(resolveEscrow(db, { paymentId: 'nope', action: 'release', reason: 'x', actor: CLI_ACTOR })).rejects.toMatchObject({ status: 404 })
  })

  test('through the admin route', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const { paymentId } = await escrowed()
    const res = await admin.agent.post(`/api/admin/escrow/${paymentId}`, { action: 'release', reason: '' })
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe('A reason is required')
    expect((await payment(paymentId)).status).toBe('held_in_escrow')
    expect((await db.select().from(referral_payments).where(eq(referral_payments.id, paymentId)).get())!.resolution_reason).toBeNull()
    const ok = await admin.agent.post(`/api/admin/escrow/${paymentId}`, { action: 'refund', reason: 'Client chose another home' })
    expect(ok.status).toBe(200)
    expect(await payment(paymentId)).toMatchObject({ status: 'refunded', resolution_reason: 'Client chose another home', resolved_by: admin.id })
    const audit = (await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.refunded'), eq(audit_logs.resource_id, paymentId))).get())!
    expect(audit).toMatchObject({ actor_id: admin.id, actor_label: admin.email })
  })
})
