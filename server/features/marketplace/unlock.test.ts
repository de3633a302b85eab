import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, conversations, jobs, notifications, outbox, referral_interests, referral_payments, referrals } from '../../db/schema'
import { env } from '../../env'
import { clock, HOUR, MINUTE } from '../../lib/clock'
import { runDueJobs } from '../../jobs'
import { fulfilmentFor } from '../../payments/fulfilment'
import { transaction } from '../../db/unit-of-work'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { checkoutJobKey, holdEndJobKey } from './job-keys'
import { cancelCheckout, completeCheckout, insertReferral, payment, premiumOperator, referrer, unlockAndPay } from './test-fixtures'

setupTestDb()

const slotHolders = async (referralId: string) =>
  (await db
    .select()
    .from(referral_payments)
    .where(eq(referral_payments.referral_id, referralId))
    .all())
    .filter((p) => p.status === 'pending' || p.status === 'held_in_escrow')

/** Everything interest leaves behind on a referral: who, the count, conversations, the referrer's e-mails and notifications. */
async function interestTrail(referralId: string, referrerId: string) {
  return {
    operators: (await db.select().from(referral_interests).where(eq(referral_interests.referral_id, referralId)).all()).map((i) => i.operator_id),
    count: (await db.select().from(referrals).where(eq(referrals.id, referralId)).get())!.interested_operators_count,
    conversations: (await db.select().from(conversations).where(eq(conversations.referral_id, referralId)).all()).map((c) => c.operator_id),
    mails: (await db.select().from(outbox).where(and(eq(outbox.referral_id, referralId), eq(outbox.type, 'interest_received'))).all()).length,
    notices: (await db.select().from(notifications).where(and(eq(notifications.user_id, referrerId), eq(notifications.type, 'interest_received'))).all()).length,
  }
}
const NO_INTEREST = { operators: [], count: 0, conversations: [], mails: 0, notices: 0 }

describe('express interest', () => {
  test('is idempotent: the count goes up once, one conversation, the referrer is told once', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    const first = await op.agent.post(`/api/referrals/${r.id}/interest`)
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ interested: true, created: true, interested_operators_count: 1 })
    const again = await Promise.all([1, 2, 3].map(() => op.agent.post(`/api/referrals/${r.id}/interest`)))
    for (const res of again) expect(res.json).toMatchObject({ interested: true, created: false, interested_operators_count: 1 })
    expect((await db.select().from(referrals).where(eq(referrals.id, r.id)).get())!.interested_operators_count).toBe(1)
    expect(await db.select().from(referral_interests).where(eq(referral_interests.referral_id, r.id)).all()).toHaveLength(1)
    const convo = await db.select().from(conversations).where(eq(conversations.referral_id, r.id)).all()
    expect(convo).toHaveLength(1)
    expect(convo[0]).toMatchObject({ operator_id: op.id, opened_by: 'interest' })
    const mails = await db.select().from(outbox).where(and(eq(outbox.referral_id, r.id), eq(outbox.type, 'interest_received'))).all()
    expect(mails).toHaveLength(1)
    // To the referrer's account, not to the address typed into the form.
    expect(mails[0]!.to_email).toBe(owner.email)
    // The e-mail names the client by initials at most.
    expect(mails[0]!.text_body).not.toContain('Josephine')
    expect(await db.select().from(notifications).where(and(eq(notifications.user_id, owner.id), eq(notifications.type, 'interest_received'))).all()).toHaveLength(1)

    const second = await premiumOperator()
    expect((await second.agent.post(`/api/referrals/${r.id}/interest`)).json.interested_operators_count).toBe(2)
    const card = (await op.agent.get(`/api/marketplace/referrals/${r.id}`)).json
    expect(card.referral.interested_operators_count).toBe(2)
    expect(card.my.interested).toBe(true)
  })

  test('unknown or no longer pending referrals: 404', async () => {
    const owner = await referrer()
    const op = await premiumOperator()
    expect((await op.agent.post('/api/referrals/nope/interest')).status).toBe(404)
    const placed = await insertReferral(owner.id, { status: 'placed' })
    const res = await op.agent.post(`/api/referrals/${placed.id}/interest`)
    expect(res.status).toBe(404)
    expect(res.json.error.message).toBe('Referral not found')
  })
})

describe('unlock', () => {
  test('fee: $500 for a licensed operator, $200 otherwise; offline the URL is the built-in checkout page', async () => {
    const owner = await referrer()
    const licensed = await premiumOperator({ licensing_type: 'licensed' })
    const unlicensed = await premiumOperator({ licensing_type: 'in_progress' })
    const a = await licensed.agent.post(`/api/referrals/${(await insertReferral(owner.id)).id}/unlock`)
    expect(a.status).toBe(201)
    expect(a.json.amount_cents).toBe(env.UNLOCK_FEE_LICENSED_CENTS)
    expect(a.json.amount_cents).toBe(50000)
    expect(a.json.url).toBe(`/pay/offline/unlock/${a.json.payment_id}`)
    const b = await unlicensed.agent.post(`/api/referrals/${(await insertReferral(owner.id)).id}/unlock`)
    expect(b.json.amount_cents).toBe(20000)
    expect(await payment(b.json.payment_id)).toMatchObject({ status: 'pending', provider: 'offline', operator_id: unlicensed.id })
    // The card states the fee for this operator.
    const list = await licensed.agent.get('/api/marketplace/referrals?per_page=100')
    expect(list.json.items[0].my.unlock_fee_cents).toBe(50000)
  })

  test('taking the slot records no interest; asking again returns the same open checkout', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    const first = await op.agent.post(`/api/referrals/${r.id}/unlock`)
    const again = await op.agent.post(`/api/referrals/${r.id}/unlock`)
    expect(again.status).toBe(201)
    expect(again.json.payment_id).toBe(first.json.payment_id)
    expect(await slotHolders(r.id)).toHaveLength(1)
    expect(await interestTrail(r.id, owner.id)).toEqual(NO_INTEREST)
    const job = (await db.select().from(jobs).where(eq(jobs.key, checkoutJobKey(first.json.payment_id))).get())!
    expect(job.run_at.getTime()).toBe((await payment(first.json.payment_id)).checkout_expires_at!.getTime())
    expect(job.run_at.getTime() - clock.ms()).toBeLessThanOrEqual(env.CHECKOUT_HOLD_MINUTES * MINUTE)
    const state = (await op.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my
    expect(state.action).toBe('checkout_pending')
  })

  test('100 concurrent attempts on one referral: exactly one checkout, 99 × 409 escrow_slot_full', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const operators = await Promise.all(Array.from({ length: 100 }, () => premiumOperator()))
    const results = await Promise.all(operators.map((op) => op.agent.post(`/api/referrals/${r.id}/unlock`)))
    const ok = results.filter((res) => res.status === 201)
    const refused = results.filter((res) => res.status === 409)
    expect(ok).toHaveLength(1)
    expect(refused).toHaveLength(99)
    for (const res of refused) {
      expect(res.json.error.code).toBe('escrow_slot_full')
      expect(res.json.error.message.toLowerCase()).toContain('escrow slot is full')
    }
    expect(await slotHolders(r.id)).toHaveLength(1)
    expect(await db.select().from(referral_payments).where(eq(referral_payments.referral_id, r.id)).all()).toHaveLength(1)
    // Nobody has paid, so nobody is counted as interested; a refused attempt leaves nothing behind either.
    expect(await interestTrail(r.id, owner.id)).toEqual(NO_INTEREST)
    // The others see the slot as full.
    const loser = operators.find((_, i) => results[i]!.status === 409)!
    expect((await loser.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my.action).toBe('slot_full')
  }, 60_000)

  test('completion holds the fee in escrow, unlocks the referral, opens the conversation, audits, e-mails, schedules the hold end', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator({ licensing_type: 'licensed' })
    const { json } = await op.agent.post(`/api/referrals/${r.id}/unlock`)
    const paidAt = clock.ms()
    await completeCheckout(json.payment_id)
    const p = await payment(json.payment_id)
    expect(p.status).toBe('held_in_escrow')
    expect(p.amount_cents).toBe(50000)
    expect(p.paid_at!.getTime()).toBeGreaterThanOrEqual(paidAt)
    expect(p.escrow_hold_until!.getTime() - p.paid_at!.getTime()).toBe(env.ESCROW_HOLD_HOURS * HOUR)
    expect(env.ESCROW_HOLD_HOURS).toBe(72)
    expect((await db.select().from(referrals).where(eq(referrals.id, r.id)).get())!.referral_fee_paid).toBe(true)
    expect(await db.select().from(conversations).where(and(eq(conversations.referral_id, r.id), eq(conversations.operator_id, op.id))).all()).toHaveLength(1)
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.paid'), eq(audit_logs.resource_id, p.id))).all()).toHaveLength(1)
    expect(await db.select().from(outbox).where(and(eq(outbox.referral_id, r.id), eq(outbox.type, 'escrow_paid'))).all()).toHaveLength(1)
    expect((await db.select().from(jobs).where(eq(jobs.key, checkoutJobKey(p.id))).get())!.status).toBe('cancelled')
    expect((await db.select().from(jobs).where(eq(jobs.key, holdEndJobKey(p.id))).get())!.run_at.getTime()).toBe(p.escrow_hold_until!.getTime())
    expect(await db.select().from(notifications).where(and(eq(notifications.user_id, owner.id), eq(notifications.type, 'escrow_paid'))).all()).toHaveLength(1)

    // Completing again (a replayed webhook, a double click) changes nothing.
    await completeCheckout(json.payment_id)
    expect((await payment(json.payment_id)).paid_at!.getTime()).toBe(p.paid_at!.getTime())
    expect(await db.select().from(outbox).where(and(eq(outbox.referral_id, r.id), eq(outbox.type, 'escrow_paid'))).all()).toHaveLength(1)
    // Nothing more to pay for.
    const again = await op.agent.post(`/api/referrals/${r.id}/unlock`)
    expect(again.status).toBe(409)
    expect(again.json.error.code).toBe('already_unlocked')
    const card = (await op.agent.get(`/api/marketplace/referrals/${r.id}`)).json
    expect(card.referral.client_name).toBe('Josephine Delacroix')
  })

  test("through billing's offline checkout page: describe, complete; only the paying operator", async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    const other = await premiumOperator()
    const { json } = await op.agent.post(`/api/referrals/${r.id}/unlock`)
    const page = await op.agent.get(`/api/pay/offline/unlock/${json.payment_id}`)
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({ kind: 'unlock', amount_cents: 20000, offline: true })
    expect(page.json.description).toContain('J*** D***')
    expect(page.text).not.toContain('Josephine')
    expect((await other.agent.get(`/api/pay/offline/unlock/${json.payment_id}`)).status).toBe(404)
    expect((await other.agent.post(`/api/pay/offline/unlock/${json.payment_id}/complete`)).status).toBe(404)
    expect((await payment(json.payment_id)).status).toBe('pending')
    const done = await op.agent.post(`/api/pay/offline/unlock/${json.payment_id}/complete`)
    expect(done.status).toBe(200)
    expect((await payment(json.payment_id)).status).toBe('held_in_escrow')
    expect((await op.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my.action).toBe('unlocked')
  })

  test('a cancelled checkout expresses no interest: only its released slot is left; a paid one records interest once (offline and Stripe)', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    const other = await premiumOperator()
    // Cancelled on the offline page, then one expired on Stripe's side (the same cancel), then one left to lapse.
    const offline = (await op.agent.post(`/api/referrals/${r.id}/unlock`)).json
    expect((await op.agent.post(`/api/pay/offline/unlock/${offline.payment_id}/cancel`)).status).toBe(200)
    const stripe = (await op.agent.post(`/api/referrals/${r.id}/unlock`)).json
    expect(stripe.payment_id).not.toBe(offline.payment_id)
    await cancelCheckout(stripe.payment_id)
    const lapsed = (await op.agent.post(`/api/referrals/${r.id}/unlock`)).json
    clock.advance(env.CHECKOUT_HOLD_MINUTES * MINUTE + 1000)
    await runDueJobs(db)
    expect((await payment(lapsed.payment_id)).status).toBe('expired')
    expect(await interestTrail(r.id, owner.id)).toEqual(NO_INTEREST)
    const card = (await op.agent.get(`/api/marketplace/referrals/${r.id}`)).json
    expect(card.my).toMatchObject({ action: 'available', interested: false })
    expect(card.referral.interested_operators_count).toBe(0)

    // A completed card payment (Stripe's webhook goes through the same completion): interest once, told once.
    const paid = (await other.agent.post(`/api/referrals/${r.id}/unlock`)).json
    expect(await interestTrail(r.id, owner.id)).toEqual(NO_INTEREST)
    await completeCheckout(paid.payment_id, { provider: 'stripe', payment_intent_id: 'pi_interest' })
    await completeCheckout(paid.payment_id, { provider: 'stripe', payment_intent_id: 'pi_interest' })
    expect(await interestTrail(r.id, owner.id)).toEqual({ operators: [other.id], count: 1, conversations: [other.id], mails: 1, notices: 1 })
    expect((await other.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my).toMatchObject({ action: 'unlocked', interested: true })
  })

  test('an operator who expressed interest and then pays is counted once, told once', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    expect((await op.agent.post(`/api/referrals/${r.id}/interest`)).status).toBe(200)
    await unlockAndPay(op.agent, r.id)
    expect(await interestTrail(r.id, owner.id)).toEqual({ operators: [op.id], count: 1, conversations: [op.id], mails: 1, notices: 1 })
  })

  test('cancelling the checkout frees the slot for someone else', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const a = await premiumOperator()
    const b = await premiumOperator()
    const { json } = await a.agent.post(`/api/referrals/${r.id}/unlock`)
    expect((await b.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(409)
    expect((await a.agent.post(`/api/pay/offline/unlock/${json.payment_id}/cancel`)).status).toBe(200)
    expect((await payment(json.payment_id)).status).toBe('expired')
    await cancelCheckout(json.payment_id) // idempotent
    expect((await b.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
  })

  test('an unpaid checkout frees the slot after CHECKOUT_HOLD_MINUTES; paying the stale offline page is refused', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const a = await premiumOperator()
    const b = await premiumOperator()
    const { json } = await a.agent.post(`/api/referrals/${r.id}/unlock`)
    clock.advance(env.CHECKOUT_HOLD_MINUTES * MINUTE - 1000)
    await runDueJobs(db)
    expect((await payment(json.payment_id)).status).toBe('pending')
    clock.advance(2000)
    await runDueJobs(db)
    expect((await payment(json.payment_id)).status).toBe('expired')
    expect((await a.agent.post(`/api/pay/offline/unlock/${json.payment_id}/complete`)).status).toBe(404)
    // Straight to the fulfilment (no describe): an offline checkout that expired cannot be paid.
    await expect(transaction(db, (tx) => fulfilmentFor('unlock')!.complete(tx, json.payment_id, { provider: 'offline' }))).rejects.toThrow(
      'This checkout has expired',
    )
    expect((await payment(json.payment_id)).status).toBe('expired')
    expect((await b.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
  })

  test('a checkout past its hold frees the slot even before the scheduler ran', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const a = await premiumOperator()
    const b = await premiumOperator()
    const first = await a.agent.post(`/api/referrals/${r.id}/unlock`)
    clock.advance(env.CHECKOUT_HOLD_MINUTES * MINUTE + 1)
    expect((await b.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my.action).toBe('available')
    expect((await b.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
    expect((await payment(first.json.payment_id)).status).toBe('expired')
    // The job that fires later finds nothing left to do.
    await runDueJobs(db)
    expect((await slotHolders(r.id)).map((p) => p.operator_id)).toEqual([b.id])
  })

  test('anonymous, unknown referral, own referral', async () => {
    const owner = await createUser({ roles: ['referrer', 'operator'], plan: 'premium' })
    const r = await insertReferral(owner.id)
    expect((await anonymous().post(`/api/referrals/${r.id}/unlock`)).json.error.message).toBe('Please sign in to browse referrals')
    expect((await owner.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(403)
    const op = await premiumOperator()
    expect((await op.agent.post('/api/referrals/00000000-0000-0000-0000-000000000000/unlock')).status).toBe(404)
    expect(await slotHolders(r.id)).toHaveLength(0)
  })
})
