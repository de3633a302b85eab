import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { outbox, referral_payments } from '../../db/schema'
import { env } from '../../env'
import { clock, MINUTE } from '../../lib/clock'
import { runDueJobs } from '../../jobs'
import { db, setupTestDb } from '../../test/setup'
import { useFakeStripe } from '../../test/fake-stripe'
import { retryCardRefunds } from './card-refunds'
import { insertReferral, payment, premiumOperator, referrer } from './test-fixtures'
import { eventually } from '../../test/eventually'

setupTestDb()
const stripe = useFakeStripe()

/** Stripe's view of a paid checkout session, as a webhook carries it. */
function paidSession(sessionId: string, paymentIntent = `pi_${crypto.randomUUID().slice(0, 12)}`) {
  const session = stripe.sessions.get(sessionId)!
  Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent })
  return { ...session }
}

/** Stripe's checkout.session.expired for a session (which Stripe marks expired first, unless it was paid). */
function expiredEvent(sessionId: string) {
  const session = stripe.sessions.get(sessionId)!
  if (session.status === 'open') session.status = 'expired'
  return stripe.event('checkout.session.expired', { ...session, status: 'expired', payment_status: 'unpaid' })
}

async function startUnlock() {
  const owner = await referrer()
  const r = await insertReferral(owner.id)
  const op = await premiumOperator({ licensing_type: 'licensed' })
  const res = await op.agent.post(`/api/referrals/${r.id}/unlock`)
  expect(res.status).toBe(201)
  return { owner, r, op, res, p: await payment(res.json.payment_id) }
}

/** Waits until every checkout our side expired is expired at Stripe too (those calls run after commit). */
async function stripeCaughtUp() {
  const open = async () =>
    (await db
      .select()
      .from(referral_payments)
      .where(eq(referral_payments.status, 'expired'))
      .all())
      .filter((x) => x.checkout_session_id && stripe.sessions.get(x.checkout_session_id)?.status === 'open')
  await eventually('Stripe to expire the checkouts we expired', async () => (await open()).length === 0)
}

const shuffle = <T,>(items: T[]) => {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

describe('unlock with Stripe Checkout', () => {
  test('creates a payment-mode session for the fee, routed back by metadata; asking again returns it', async () => {
    const { r, op, res, p } = await startUnlock()
    expect(res.json.url).toMatch(/^https:\/\/checkout\.stripe\.test\//)
    expect(p).toMatchObject({ provider: 'stripe', status: 'pending' })
    expect(p.checkout_session_id).toBeTruthy()
    const sent = stripe.lastRequest('POST', '/v1/checkout/sessions')!.body
    expect(sent).toMatchObject({ mode: 'payment', metadata: { kind: 'unlock', id: p.id }, client_reference_id: p.id })
    expect(sent.line_items[0].price_data.unit_amount).toBe('50000')
    expect(sent.success_url).toContain(`/browse-referrals?unlocked=${r.id}`)
    // Stripe's minimum: the session lives at least 30 minutes.
    expect(Number(sent.expires_at) * 1000).toBeGreaterThanOrEqual(Date.now() + 29 * MINUTE)
    const again = await op.agent.post(`/api/referrals/${r.id}/unlock`)
    expect(again.json.url).toBe(res.json.url)
    expect(stripe.requests.filter((q) => q.method === 'POST' && q.path === '/v1/checkout/sessions' && q.body.metadata?.id === p.id)).toHaveLength(1)
  })

  test('checkout.session.completed holds the fee in escrow; replayed 3 times and shuffled with expired → same final state', async () => {
    const { r, p } = await startUnlock()
    const session = paidSession(p.checkout_session_id!)
    const completed = stripe.event('checkout.session.completed', session)
    const expired = expiredEvent(p.checkout_session_id!)
    const deliveries = shuffle([completed, completed, completed, expired, expired])
    for (const event of deliveries) expect((await stripe.deliver(event)).status).toBe(200)
    const after = await payment(p.id)
    expect(after).toMatchObject({ status: 'held_in_escrow', payment_intent_id: session.payment_intent, provider: 'stripe' })
    expect(await db.select().from(outbox).where(and(eq(outbox.referral_id, r.id), eq(outbox.type, 'escrow_paid'))).all()).toHaveLength(1)
    // Same again in another order on a second referral.
    const second = await startUnlock()
    const s2 = paidSession(second.p.checkout_session_id!)
    const events = [expiredEvent(second.p.checkout_session_id!), stripe.event('checkout.session.completed', s2)]
    for (const event of [...events, ...events, ...events]) await stripe.deliver(event)
    expect(await payment(second.p.id)).toMatchObject({ status: 'held_in_escrow', payment_intent_id: s2.payment_intent })
  })

  test('bad and stale signatures: 400, nothing changes', async () => {
    const { p } = await startUnlock()
    const event = stripe.event('checkout.session.completed', paidSession(p.checkout_session_id!))
    expect((await stripe.deliver(event, { secret: 'whsec_wrong' })).status).toBe(400)
    expect((await stripe.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400)
    expect((await payment(p.id)).status).toBe('pending')
  })

  test('checkout.session.expired frees the slot for the next operator', async () => {
    const { r, p } = await startUnlock()
    const other = await premiumOperator()
    expect((await other.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(409)
    await stripe.deliver(expiredEvent(p.checkout_session_id!))
    expect((await payment(p.id)).status).toBe('expired')
    expect((await other.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
  })

  test('our hold ending expires the Stripe session too', async () => {
    const { p } = await startUnlock()
    clock.advance(env.CHECKOUT_HOLD_MINUTES * MINUTE + 1)
    await runDueJobs(db)
    expect((await payment(p.id)).status).toBe('expired')
    // The session is expired after the commit, in the background.
    await stripeCaughtUp()
    expect(stripe.sessions.get(p.checkout_session_id!)!.status).toBe('expired')
  })

  test('Stripe refusing the session: 502 "Failed to process payment" and the slot is free again', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    stripe.failNext('/v1/checkout/sessions')
    const res = await op.agent.post(`/api/referrals/${r.id}/unlock`)
    expect(res.status).toBe(502)
    expect(res.json.error.message).toBe('Failed to process payment')
    const rows = await db.select().from(referral_payments).where(eq(referral_payments.referral_id, r.id)).all()
    expect(rows.map((x) => x.status)).toEqual(['expired'])
    expect((await op.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
  })

  test('a refund (both not placed) goes back through Stripe, retried until accepted', async () => {
    const { owner, r, op, p } = await startUnlock()
    await stripe.deliver(stripe.event('checkout.session.completed', paidSession(p.checkout_session_id!, 'pi_refund_me')))
    stripe.failNext('/v1/refunds', 400, 'Simulated refusal')
    await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    const res = await op.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    expect(res.json.outcome).toBe('refunded')
    expect(await payment(p.id)).toMatchObject({ status: 'refunded', stripe_refund_id: null })
    await retryCardRefunds(db)
    const refunded = await payment(p.id)
    expect(refunded.stripe_refund_id).toMatch(/^re_/)
    const refundCalls = stripe.requests.filter((q) => q.path === '/v1/refunds' && q.body.payment_intent === 'pi_refund_me')
    expect(refundCalls.length).toBeGreaterThanOrEqual(2)
    expect([...stripe.refunds.values()].filter((x) => x.payment_intent === 'pi_refund_me')).toHaveLength(1)
    // Nothing left to retry.
    await retryCardRefunds(db)
    expect(stripe.requests.filter((q) => q.path === '/v1/refunds' && q.body.payment_intent === 'pi_refund_me')).toHaveLength(refundCalls.length)
  })

  test('a payment that arrives after the hold ended and the slot passed on is refunded', async () => {
    const { r, p } = await startUnlock()
    clock.advance(env.CHECKOUT_HOLD_MINUTES * MINUTE + 1)
    await runDueJobs(db)
    await stripeCaughtUp()
    const next = await premiumOperator()
    expect((await next.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
    await stripe.deliver(stripe.event('checkout.session.completed', paidSession(p.checkout_session_id!, 'pi_too_late')))
    // The refund is sent after commit: wait for it rather than for a fixed time.
    await eventually('the refund sent', async () => (await payment(p.id)).stripe_refund_id)
    expect(await payment(p.id)).toMatchObject({ status: 'refunded', payment_intent_id: 'pi_too_late' })
    expect((await payment(p.id)).stripe_refund_id).toMatch(/^re_/)
    const holders = (await db.select().from(referral_payments).where(eq(referral_payments.referral_id, r.id)).all()).filter((x) => x.status === 'pending')
    expect(holders.map((x) => x.operator_id)).toEqual([next.id])
  })

  test('a late payment with the slot still free and nobody in line takes the slot back', async () => {
    const { p } = await startUnlock()
    clock.advance(env.CHECKOUT_HOLD_MINUTES * MINUTE + 1)
    await runDueJobs(db)
    await stripeCaughtUp()
    expect((await payment(p.id)).status).toBe('expired')
    await stripe.deliver(stripe.event('checkout.session.completed', paidSession(p.checkout_session_id!)))
    expect((await payment(p.id)).status).toBe('held_in_escrow')
  })
})
