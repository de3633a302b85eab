import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { operator_subscriptions, webhook_events } from '../../db/schema'
import { notFound } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { createPaymentCheckout, refundPayment } from '../../payments/checkout'
import { registerFulfilment } from '../../payments/fulfilment'
import { useFakeStripe } from '../../test/fake-stripe'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { getSubscriptionStatus, limitsFor } from './entitlements'
import { PLAN_LIMITS } from './plans'

setupTestDb()
const stripe = useFakeStripe()

const rowOf = async (userId: string) => (await db.select().from(operator_subscriptions).where(eq(operator_subscriptions.user_id, userId)).get())!
const unix = () => Math.floor(Date.now() / 1000)

/** A user who went through Stripe checkout: has a Stripe customer. */
async function customerUser() {
  const user = await createUser()
  const res = await user.agent.post('/api/billing/checkout')
  expect(res.status).toBe(200)
  const customer = (await rowOf(user.id)).stripe_customer_id!
  expect(customer).toStartWith('cus_')
  return { ...user, customer }
}

describe('checkout with Stripe', () => {
  test('creates the customer once and a subscription-mode session with the 30-day trial', async () => {
    const user = await createUser()
    const res = await user.agent.post('/api/billing/checkout')
    expect(res.status).toBe(200)
    expect(res.json.url).toStartWith('https://checkout.stripe.test/c/pay/cs_test_')
    expect(res.json.session_id).toStartWith('cs_test_')
    const body = stripe.sessions.get(res.json.session_id)!.request
    expect(body).toMatchObject({
      mode: 'subscription',
      customer: (await rowOf(user.id)).stripe_customer_id,
      metadata: { kind: 'subscription', id: user.id },
      client_reference_id: user.id,
      subscription_data: { trial_period_days: '30', metadata: { user_id: user.id } },
      payment_method_collection: 'if_required',
      success_url: 'http://localhost:3000/subscription-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pricing',
    })
    expect(body.line_items[0].price_data).toMatchObject({ currency: 'usd', unit_amount: '3000', recurring: { interval: 'month' } })
    expect(stripe.lastRequest('POST', '/v1/customers')!.body).toMatchObject({ email: user.email, metadata: { user_id: user.id } })

    const customers = stripe.customers.size
    await user.agent.post('/api/billing/checkout')
    expect(stripe.customers.size).toBe(customers) // reused
    // Offline pages do not exist while Stripe is configured.
    expect((await user.agent.get(`/api/pay/offline/subscription/${user.id}`)).status).toBe(404)
    expect((await user.agent.post(`/api/pay/offline/subscription/${user.id}/complete`)).status).toBe(404)
    expect((await getSubscriptionStatus(db, user.id)).subscribed).toBe(false)
  })

  test('twenty checkouts started at once create one Stripe customer, and every session is for it', async () => {
    const user = await createUser()
    const before = stripe.customers.size
    const answers = await Promise.all(Array.from({ length: 20 }, () => user.agent.post('/api/billing/checkout')))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    expect(stripe.customers.size).toBe(before + 1)
    const stored = (await rowOf(user.id)).stripe_customer_id
    for (const a of answers) expect(stripe.sessions.get(a.json.session_id)!.request.customer).toBe(stored)
  })

  test('a Stripe failure is a 502 with the product’s exact text and no half-written state', async () => {
    const user = await createUser()
    stripe.failNext('/v1/customers')
    const first = await user.agent.post('/api/billing/checkout')
    expect(first.status).toBe(502)
    expect(first.json.error.message).toBe('Failed to start checkout. Please try again.')
    expect((await rowOf(user.id)).stripe_customer_id).toBeNull()
    stripe.failNext('/v1/checkout/sessions')
    const second = await user.agent.post('/api/billing/checkout')
    expect(second.status).toBe(502)
    expect(second.json.error.message).toBe('Failed to start checkout. Please try again.')
  })

  test('signed out is refused before Stripe is called', async () => {
    const before = stripe.requests.length
    const res = await anonymous().post('/api/billing/checkout')
    expect(res.status).toBe(401)
    expect(res.json.error.message).toBe('Please sign in to upgrade your subscription.')
    expect(stripe.requests.length).toBe(before)
  })

  test('createPaymentCheckout opens a payment-mode session routed by metadata; refunds go to Stripe', async () => {
    const result = await createPaymentCheckout({
      amount_cents: 50000,
      description: 'Referral unlock',
      metadata: { kind: 'unlock', id: 'pay_123' },
      success_path: '/browse-referrals?paid={CHECKOUT_SESSION_ID}',
      cancel_path: '/browse-referrals',
    })
    expect(result.url).toStartWith('https://checkout.stripe.test/')
    const body = stripe.sessions.get(result.session_id!)!.request
    expect(body).toMatchObject({
      mode: 'payment',
      metadata: { kind: 'unlock', id: 'pay_123' },
      payment_intent_data: { metadata: { kind: 'unlock', id: 'pay_123' } },
      success_url: 'http://localhost:3000/browse-referrals?paid={CHECKOUT_SESSION_ID}',
    })
    expect(body.line_items[0].price_data).toMatchObject({ unit_amount: '50000', product_data: { name: 'Referral unlock' } })
    expect(await refundPayment({ payment_intent_id: 'pi_1', amount_cents: 50000 })).toMatchObject({ refund_id: expect.stringMatching(/^re_/) })
    expect(await refundPayment({ payment_intent_id: null })).toBeNull()
  })
})

describe('webhook security and idempotency', () => {
  test('bad and stale signatures are 400 and change nothing', async () => {
    const user = await customerUser()
    const sub = stripe.subscription({ customer: user.customer, status: 'active', metadata: { user_id: user.id } })
    const event = stripe.event('customer.subscription.created', sub)
    const forged = await stripe.deliver(event, { secret: 'whsec_wrong' })
    expect(forged.status).toBe(400)
    const stale = await stripe.deliver(event, { timestamp: unix() - 600 })
    expect(stale.status).toBe(400)
    const missing = await stripe.deliver(event, { signature: '' })
    expect(missing.status).toBe(400)
    expect((await getSubscriptionStatus(db, user.id)).subscribed).toBe(false)
    expect(await db.select().from(webhook_events).where(eq(webhook_events.id, event.id)).get()).toBeUndefined()
    const good = await stripe.deliver(event)
    expect(good).toMatchObject({ status: 200, json: { received: true, duplicate: false } })
    expect((await getSubscriptionStatus(db, user.id)).subscribed).toBe(true)
  })

  test('a redelivered event is processed once', async () => {
    const user = await customerUser()
    const sub = stripe.subscription({ customer: user.customer, status: 'active', metadata: { user_id: user.id } })
    const t = unix()
    const created = stripe.event('customer.subscription.created', sub, { created: t })
    expect((await stripe.deliver(created)).json.duplicate).toBe(false)
    sub.status = 'canceled' // at Stripe
    const canceled = stripe.event('customer.subscription.deleted', sub, { created: t + 10 })
    expect((await stripe.deliver(canceled)).json.duplicate).toBe(false)
    expect((await getSubscriptionStatus(db, user.id)).subscribed).toBe(false)
    // Stripe retries the first one: it must not resurrect the subscription.
    const again = await stripe.deliver(created)
    expect(again).toMatchObject({ status: 200, json: { duplicate: true } })
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: false, status: 'canceled' })
    expect(await db.select().from(webhook_events).where(eq(webhook_events.id, created.id)).all()).toHaveLength(1)
  })

  test('unknown event types and unknown customers are acknowledged and ignored', async () => {
    expect((await stripe.deliver(stripe.event('charge.dispute.created', { id: 'dp_1' }))).status).toBe(200)
    const orphan = stripe.subscription({ customer: 'cus_nobody', status: 'active' })
    expect((await stripe.deliver(stripe.event('customer.subscription.updated', orphan))).status).toBe(200)
  })
})

describe('subscription state from webhooks', () => {
  test('trial → active → past_due (grace) → canceled, with limits following', async () => {
    const user = await customerUser()
    const t = unix()
    const trialEnd = t + 30 * 86_400
    const sub = stripe.subscription({ customer: user.customer, status: 'trialing', trial_end: trialEnd, current_period_end: trialEnd, metadata: { user_id: user.id } })
    await stripe.deliver(stripe.event('customer.subscription.created', sub, { created: t }))
    // The $0 invoice that opens the trial changes nothing.
    await stripe.deliver(stripe.event('invoice.paid', stripe.invoice({ subscription: sub.id, customer: user.customer, amount_paid: 0 }), { created: t }))
    let status = await getSubscriptionStatus(db, user.id)
    expect(status).toMatchObject({ subscribed: true, tier: 'premium', status: 'trialing', provider: 'stripe', product_id: 'prod_premium' })
    expect(status.subscription_end).toBe(new Date(trialEnd * 1000).toISOString())
    expect(status.trial_ends_at).toBe(new Date(trialEnd * 1000).toISOString())
    expect(await limitsFor(db, user.id)).toEqual(PLAN_LIMITS.premium)

    // First charge at trial end (Stripe's copy changes first; each event makes Homeward read it).
    const nextEnd = trialEnd + 30 * 86_400
    sub.status = 'active'
    sub.items.data[0]!.current_period_end = nextEnd
    await stripe.deliver(stripe.event('invoice.paid', stripe.invoice({ subscription: sub.id, customer: user.customer, amount_paid: 3000, period_end: nextEnd }), { created: t + 100 }))
    status = await getSubscriptionStatus(db, user.id)
    expect(status).toMatchObject({ subscribed: true, status: 'active' })
    expect(status.subscription_end).toBe(new Date(nextEnd * 1000).toISOString())

    // A renewal fails: past due while Stripe retries within the paid period.
    sub.status = 'past_due'
    await stripe.deliver(stripe.event('invoice.payment_failed', stripe.invoice({ subscription: sub.id, customer: user.customer, amount_paid: 0 }), { created: t + 200 }))
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: true, status: 'past_due' })
    // ...but not after the period it paid for.
    clock.advance(61 * DAY)
    try {
      expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: false, tier: 'free', status: 'past_due' })
      expect(await limitsFor(db, user.id)).toEqual(PLAN_LIMITS.free)
    } finally {
      clock.reset()
    }

    // Payment recovered.
    sub.status = 'active'
    await stripe.deliver(stripe.event('invoice.paid', stripe.invoice({ subscription: sub.id, customer: user.customer, amount_paid: 3000, period_end: nextEnd }), { created: t + 300 }))
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: true, status: 'active' })

    // Stripe gives up (unpaid) or the subscription is deleted: free.
    sub.status = 'unpaid'
    await stripe.deliver(stripe.event('customer.subscription.updated', sub, { created: t + 400 }))
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: false, status: 'canceled' })
    sub.status = 'canceled'
    await stripe.deliver(stripe.event('customer.subscription.deleted', sub, { created: t + 500 }))
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: false, tier: 'free' })
    expect((await rowOf(user.id)).tier).toBe('free')
  })

  test('out-of-order delivery: whatever arrives, and in whatever order, the state is Stripe\'s current one', async () => {
    const user = await customerUser()
    const t = unix()
    const sub = stripe.subscription({ customer: user.customer, status: 'trialing', trial_end: t + 30 * 86_400, metadata: { user_id: user.id } })
    const created = stripe.event('customer.subscription.created', { ...sub }, { created: t })
    const activated = stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, { created: t + 60 })
    const failed = stripe.event('invoice.payment_failed', stripe.invoice({ subscription: sub.id, customer: user.customer, amount_paid: 0 }), { created: t + 30 })
    const deleted = stripe.event('customer.subscription.deleted', { ...sub, status: 'canceled' }, { created: t + 120 })

    // Stripe says active: a straggler of any age (created, a failed invoice) leaves it active.
    sub.status = 'active'
    await stripe.deliver(activated)
    expect((await getSubscriptionStatus(db, user.id)).status).toBe('active')
    await stripe.deliver(created)
    await stripe.deliver(failed)
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: true, status: 'active' })
    // Then it is deleted at Stripe: from now on every event, old or new, ends canceled.
    sub.status = 'canceled'
    await stripe.deliver(deleted)
    await stripe.deliver(stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, { created: t + 90 }))
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: false, status: 'canceled' })
    expect(stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${sub.id}`).length).toBeGreaterThanOrEqual(5)
  })

  test('cancel at period end from the portal keeps Premium until the end', async () => {
    const user = await customerUser()
    const sub = stripe.subscription({ customer: user.customer, status: 'active', metadata: { user_id: user.id } })
    sub.cancel_at_period_end = true
    await stripe.deliver(stripe.event('customer.subscription.updated', sub))
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: true, cancel_at_period_end: true })
  })

  test('an old subscription’s events never cancel the new one', async () => {
    const user = await customerUser()
    const t = unix()
    const old = stripe.subscription({ customer: user.customer, status: 'canceled', metadata: { user_id: user.id } })
    await stripe.deliver(stripe.event('customer.subscription.deleted', old, { created: t }))
    const renewed = stripe.subscription({ customer: user.customer, status: 'active', metadata: { user_id: user.id } })
    await stripe.deliver(stripe.event('customer.subscription.created', renewed, { created: t + 10 }))
    expect((await rowOf(user.id)).stripe_subscription_id).toBe(renewed.id)
    await stripe.deliver(stripe.event('customer.subscription.updated', { ...old, status: 'canceled' }, { created: t + 20 }))
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: true, status: 'active' })
    expect((await rowOf(user.id)).stripe_subscription_id).toBe(renewed.id)
  })
})

describe('events in either order end in the same state', () => {
  /** What a user's plan looks like from the outside, and the row's Stripe fields. */
  const outcome = async (userId: string) => {
    const row = await rowOf(userId)
    const { subscribed, tier, status } = await getSubscriptionStatus(db, userId)
    return { subscribed, tier, status, row: { tier: row.tier, status: row.status, cancel_at_period_end: row.cancel_at_period_end, current_period_end: row.current_period_end } }
  }

  /** Two customers with the same subscription history at Stripe; `current` is what Stripe holds now. */
  async function twins(current: { status: string; cancel_at_period_end?: boolean }) {
    const t = unix()
    const made = await Promise.all([customerUser(), customerUser()])
    return made.map((user) => {
      const sub = stripe.subscription({ customer: user.customer, status: 'active', metadata: { user_id: user.id }, current_period_end: t + 20 * 86_400 })
      const snapshot = { ...sub }
      Object.assign(sub, current)
      return { user, sub, snapshot, t }
    })
  }

  test('customer.subscription.updated (active) and .deleted (canceled) in the same second: both orders end Free', async () => {
    const [a, b] = await twins({ status: 'canceled' })
    const events = (x: NonNullable<typeof a>) => [
      stripe.event('customer.subscription.updated', { ...x.snapshot, status: 'active' }, { created: x.t }),
      stripe.event('customer.subscription.deleted', { ...x.snapshot, status: 'canceled' }, { created: x.t }),
    ]
    const [updatedA, deletedA] = events(a!)
    const [updatedB, deletedB] = events(b!)
    for (const e of [updatedA!, deletedA!]) expect((await stripe.deliver(e)).status).toBe(200)
    for (const e of [deletedB!, updatedB!]) expect((await stripe.deliver(e)).status).toBe(200)
    const first = await outcome(a!.user.id)
    expect(first).toMatchObject({ subscribed: false, tier: 'free', status: 'canceled' })
    expect(await outcome(b!.user.id)).toEqual(first)
  })

  test('the same two events delivered at the same moment, several times over: Free every time', async () => {
    for (let round = 0; round < 5; round++) {
      const [x] = await twins({ status: 'canceled' })
      const updated = stripe.event('customer.subscription.updated', { ...x!.snapshot, status: 'active' }, { created: x!.t })
      const deleted = stripe.event('customer.subscription.deleted', { ...x!.snapshot, status: 'canceled' }, { created: x!.t })
      const pair = round % 2 ? [deleted, updated] : [updated, deleted]
      const answers = await Promise.all(pair.map((e) => stripe.deliver(e)))
      expect(answers.map((r) => r.status)).toEqual([200, 200])
      expect(await outcome(x!.user.id)).toMatchObject({ subscribed: false, tier: 'free', status: 'canceled' })
    }
  })

  test('invoice.payment_failed and invoice.paid in the same second, Stripe says active: both orders end active', async () => {
    const [a, b] = await twins({ status: 'active' })
    const events = (x: NonNullable<typeof a>) => [
      stripe.event('invoice.payment_failed', stripe.invoice({ subscription: x.sub.id, customer: x.user.customer, amount_paid: 0 }), { created: x.t }),
      stripe.event('invoice.paid', stripe.invoice({ subscription: x.sub.id, customer: x.user.customer, amount_paid: 3000 }), { created: x.t }),
    ]
    const [failedA, paidA] = events(a!)
    const [failedB, paidB] = events(b!)
    for (const e of [failedA!, paidA!]) await stripe.deliver(e)
    for (const e of [paidB!, failedB!]) await stripe.deliver(e)
    const first = await outcome(a!.user.id)
    expect(first).toMatchObject({ subscribed: true, tier: 'premium', status: 'active' })
    expect(await outcome(b!.user.id)).toEqual(first)
  })

  test('a subscription Stripe does not know changes nothing and is acknowledged', async () => {
    const [x] = await twins({ status: 'active' })
    await stripe.deliver(stripe.event('customer.subscription.created', x!.sub))
    const before = await outcome(x!.user.id)
    const ghost = { ...x!.snapshot, id: 'sub_does_not_exist', status: 'canceled' }
    expect((await stripe.deliver(stripe.event('customer.subscription.deleted', ghost))).status).toBe(200)
    expect(await outcome(x!.user.id)).toEqual(before)
  })
})

describe('checkout session events dispatch to the fulfilment registry', () => {
  test('a completed subscription checkout fetches the subscription: premium before its own events arrive', async () => {
    const user = await customerUser()
    const sub = stripe.subscription({ customer: user.customer, status: 'trialing', trial_end: unix() + 30 * 86_400, metadata: { user_id: user.id } })
    const session = { id: 'cs_test_done', object: 'checkout.session', mode: 'subscription', payment_status: 'no_payment_required', customer: user.customer, subscription: sub.id, payment_intent: null, metadata: { kind: 'subscription', id: user.id } }
    const res = await stripe.deliver(stripe.event('checkout.session.completed', session))
    expect(res.status).toBe(200)
    expect(await getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: true, status: 'trialing', provider: 'stripe' })
    expect(await rowOf(user.id)).toMatchObject({ stripe_subscription_id: sub.id, stripe_customer_id: user.customer })
  })

  test('when Stripe cannot be reached the event is not recorded, so Stripe retries it', async () => {
    const user = await customerUser()
    const sub = stripe.subscription({ customer: user.customer, status: 'active', metadata: { user_id: user.id } })
    const event = stripe.event('checkout.session.completed', { id: 'cs_test_x', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', customer: user.customer, subscription: sub.id, metadata: { kind: 'subscription', id: user.id } })
    stripe.failNext(`/v1/subscriptions/${sub.id}`)
    const first = await stripe.deliver(event)
    expect(first.status).toBeGreaterThanOrEqual(500)
    expect(await db.select().from(webhook_events).where(eq(webhook_events.id, event.id)).get()).toBeUndefined()
    expect((await stripe.deliver(event)).status).toBe(200)
    expect((await getSubscriptionStatus(db, user.id)).subscribed).toBe(true)
  })

  test('payment checkouts: completed → complete once, expired → cancel, unpaid waits, unknown ids are acknowledged', async () => {
    const calls: string[] = []
    registerFulfilment('stripe-test-item', {
      describe: async () => ({ title: 'x', description: 'x', amount_cents: 100 }),
      async complete(_tx, id, ref) {
        if (id === 'missing') throw notFound('No such payment')
        calls.push(`complete:${id}:${ref.provider}:${ref.payment_intent_id}`)
      },
      async cancel(_tx, id) {
        calls.push(`cancel:${id}`)
      },
    })
    const session = (id: string, extra: Record<string, unknown> = {}) => ({ id: `cs_${id}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', payment_intent: `pi_${id}`, customer: null, subscription: null, metadata: { kind: 'stripe-test-item', id }, ...extra })
    const completed = stripe.event('checkout.session.completed', session('a'))
    await stripe.deliver(completed)
    await stripe.deliver(completed)
    await stripe.deliver(stripe.event('checkout.session.expired', session('b', { payment_status: 'unpaid' })))
    await stripe.deliver(stripe.event('checkout.session.completed', session('c', { payment_status: 'unpaid' })))
    await stripe.deliver(stripe.event('checkout.session.async_payment_succeeded', session('c')))
    await stripe.deliver(stripe.event('checkout.session.completed', session('d', { metadata: { kind: 'nobody-sells-this', id: 'd' } })))
    const missing = stripe.event('checkout.session.completed', session('missing'))
    expect((await stripe.deliver(missing)).status).toBe(200)
    expect(await db.select().from(webhook_events).where(eq(webhook_events.id, missing.id)).get()).toBeTruthy()
    expect(calls).toEqual(['complete:a:stripe:pi_a', 'cancel:b', 'complete:c:stripe:pi_c'])
  })
})

describe('portal and cancel with Stripe', () => {
  test('a Stripe subscriber gets the billing portal; others the built-in page', async () => {
    const user = await customerUser()
    const sub = stripe.subscription({ customer: user.customer, status: 'active', metadata: { user_id: user.id } })
    await stripe.deliver(stripe.event('customer.subscription.created', sub))
    const res = await user.agent.post('/api/billing/portal')
    expect(res.json.url).toStartWith('https://billing.stripe.test/p/session/')
    expect(stripe.lastRequest('POST', '/v1/billing_portal/sessions')!.body).toMatchObject({ customer: user.customer, return_url: 'http://localhost:3000/operator-dashboard' })
    const free = await createUser()
    expect((await free.agent.post('/api/billing/portal')).json).toEqual({ url: '/billing/manage' })

    stripe.failNext('/v1/billing_portal/sessions')
    const failed = await user.agent.post('/api/billing/portal')
    expect(failed.status).toBe(502)
    expect(failed.json.error.message).toBe('Failed to open customer portal. Please try again.')
  })

  test('cancelling from the manage page sets cancel_at_period_end at Stripe', async () => {
    const user = await customerUser()
    const sub = stripe.subscription({ customer: user.customer, status: 'trialing', trial_end: unix() + 10 * 86_400, current_period_end: unix() + 10 * 86_400, metadata: { user_id: user.id } })
    await stripe.deliver(stripe.event('customer.subscription.created', sub))
    expect((await user.agent.get('/api/billing/manage')).json).toMatchObject({ status: 'trialing', portal_available: true, can_cancel: true })
    const res = await user.agent.post('/api/billing/cancel')
    expect(res.status).toBe(200)
    expect(stripe.subscriptions.get(sub.id)!.cancel_at_period_end).toBe(true)
    expect(res.json.manage).toMatchObject({ plan: 'premium', cancel_at_period_end: true })
  })
})
