import { describe, expect, spyOn, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, notifications, operator_subscriptions, outbox, users } from '../../db/schema'
import { afterCommit } from '../../db/unit-of-work'
import { notFound } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { registerFulfilment } from '../../payments/fulfilment'
import { anonymous, createUser, db, setPlan, setupTestDb } from '../../test/setup'
import * as entitlements from './entitlements'
import { limitsFor, isPremium } from './entitlements'
import { PLAN_LIMITS } from './plans'

setupTestDb()

const subscriptionOf = async (userId: string) =>
  (await db.select().from(operator_subscriptions).where(eq(operator_subscriptions.user_id, userId)).get())!

/** Upgrades through the offline page, like the browser does. */
async function upgradeOffline(agent: Awaited<ReturnType<typeof createUser>>['agent']) {
  const checkout = await agent.post('/api/billing/checkout')
  expect(checkout.status).toBe(200)
  const path = new URL(checkout.json.url, 'http://x').pathname
  const [, , , kind, id] = path.split('/')
  const done = await agent.post(`/api/pay/offline/${kind}/${id}/complete`)
  expect(done.status).toBe(200)
  return { kind: kind!, id: id! }
}

describe('check-subscription', () => {
  test('answers the plan from our database for each kind of account', async () => {
    const free = await createUser()
    expect((await free.agent.get('/api/billing/subscription')).json).toMatchObject({
      subscribed: false,
      tier: 'free',
      product_id: null,
      subscription_end: null,
      is_complimentary: false,
    })
    const premium = await createUser({ plan: 'premium' })
    const p = (await premium.agent.get('/api/billing/subscription')).json
    expect(p).toMatchObject({ subscribed: true, tier: 'premium', status: 'active', is_complimentary: false })
    expect(new Date(p.subscription_end).getTime()).toBeGreaterThan(clock.ms())
    const trialing = await createUser({ plan: 'trialing' })
    expect((await trialing.agent.get('/api/billing/subscription')).json).toMatchObject({ subscribed: true, status: 'trialing' })
    const comp = await createUser({ plan: 'complimentary' })
    expect((await comp.agent.get('/api/billing/subscription')).json).toMatchObject({ subscribed: true, tier: 'premium', is_complimentary: true })
    const admin = await createUser({ roles: ['admin'] })
    expect((await admin.agent.get('/api/billing/subscription')).json).toMatchObject({ subscribed: true, tier: 'premium' })
  })

  test('signed out is a 401', async () => {
    expect((await anonymous().get('/api/billing/subscription')).status).toBe(401)
  })

  test('a failed check falls back to the free tier silently', async () => {
    const premium = await createUser({ plan: 'premium' })
    const spy = spyOn(entitlements, 'getSubscriptionStatus').mockImplementation(async () => {
      throw new Error('database is locked')
    })
    try {
      const res = await premium.agent.get('/api/billing/subscription')
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({ subscribed: false, tier: 'free', product_id: null, subscription_end: null })
    } finally {
      spy.mockRestore()
    }
  })
})

describe('plan limits', () => {
  test('changing plan flips limitsFor and isPremium', async () => {
    const user = await createUser()
    expect(await limitsFor(db, user.id)).toEqual(PLAN_LIMITS.free)
    expect(await limitsFor(db, user.id)).toMatchObject({ maxProperties: 1, maxPhotosPerProperty: 1, maxVideosPerProperty: 0, maxBioLength: 150, analytics: false, referralBrowsing: false, tourScheduling: false })
    for (const plan of ['premium', 'trialing', 'complimentary'] as const) {
      await setPlan(user.id, plan)
      expect(await isPremium(db, user.id)).toBe(true)
      expect(await limitsFor(db, user.id)).toEqual(PLAN_LIMITS.premium)
      await setPlan(user.id, 'free')
      expect(await isPremium(db, user.id)).toBe(false)
      expect(await limitsFor(db, user.id)).toEqual(PLAN_LIMITS.free)
    }
    const admin = await createUser({ roles: ['admin'] })
    expect(await limitsFor(db, admin.id)).toEqual(PLAN_LIMITS.premium)
  })

  test('the public config carries the same plan definition', async () => {
    const config = (await anonymous().get('/api/config')).json
    expect(config.plans.free).toMatchObject({ maxProperties: 1, maxPhotosPerProperty: 1, maxBioLength: 150 })
    expect(config.plans.premium.maxProperties).toBeNull() // unlimited
    expect(config.plan_comparison.length).toBeGreaterThan(5)
    expect(config).toMatchObject({ premium_price: '$30', trial_days: 30, payments_offline: true })
  })
})

describe('offline checkout (no Stripe configured)', () => {
  test('signed out: 401 with the product’s exact text', async () => {
    const res = await anonymous().post('/api/billing/checkout')
    expect(res.status).toBe(401)
    expect(res.json.error.message).toBe('Please sign in to upgrade your subscription.')
  })

  test('a free operator upgrades: 30-day trial through the same fulfilment, audited', async () => {
    const user = await createUser()
    const checkout = await user.agent.post('/api/billing/checkout')
    expect(checkout.json).toEqual({ url: `/pay/offline/subscription/${user.id}`, session_id: null })

    const page = await user.agent.get(`/api/pay/offline/subscription/${user.id}`)
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({
      kind: 'subscription',
      title: 'Homeward Premium',
      description: '30-day free trial, then $30/month. Cancel anytime.',
      amount_cents: 3000,
      recurring: true,
      trial_days: 30,
      offline: true,
    })

    const done = await user.agent.post(`/api/pay/offline/subscription/${user.id}/complete`)
    expect(done.status).toBe(200)
    const status = (await user.agent.get('/api/billing/subscription')).json
    expect(status).toMatchObject({ subscribed: true, tier: 'premium', status: 'trialing', provider: 'offline' })
    expect(new Date(status.subscription_end).getTime()).toBeCloseTo(clock.ms() + 30 * DAY, -5)
    expect(new Date(status.trial_ends_at).getTime()).toBeCloseTo(clock.ms() + 30 * DAY, -5)
    expect(await limitsFor(db, user.id)).toEqual(PLAN_LIMITS.premium)
    const audit = await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'checkout.completed_offline'), eq(audit_logs.resource_id, user.id))).all()
    expect(audit).toHaveLength(1)
    expect(audit[0]!.actor_id).toBe(user.id)
    expect((await db.select().from(notifications).where(eq(notifications.user_id, user.id)).all()).map((n) => n.title)).toContain('Welcome to Premium!')

    // Already premium: no second checkout, and the page is closed.
    expect((await user.agent.post('/api/billing/checkout')).status).toBe(409)
    expect((await user.agent.post(`/api/pay/offline/subscription/${user.id}/complete`)).status).toBe(409)
  })

  test('only the owner can see or complete their checkout; unknown kinds are 404', async () => {
    const owner = await createUser()
    const other = await createUser()
    for (const res of [
      await other.agent.get(`/api/pay/offline/subscription/${owner.id}`),
      await other.agent.post(`/api/pay/offline/subscription/${owner.id}/complete`),
      await other.agent.post(`/api/pay/offline/subscription/${owner.id}/cancel`),
      await owner.agent.get(`/api/pay/offline/no-such-kind/${owner.id}`),
    ]) {
      expect(res.status).toBe(404)
    }
    expect((await anonymous().post(`/api/pay/offline/subscription/${owner.id}/complete`)).status).toBe(401)
    expect(await isPremium(db, owner.id)).toBe(false)
    expect(await isPremium(db, other.id)).toBe(false)
  })

  test('cancelling the offline checkout changes nothing', async () => {
    const user = await createUser()
    const res = await user.agent.post(`/api/pay/offline/subscription/${user.id}/cancel`)
    expect(res.status).toBe(200)
    expect(await isPremium(db, user.id)).toBe(false)
  })

  test('the offline page dispatches any registered kind to its fulfilment', async () => {
    const calls: string[] = []
    registerFulfilment('test-item', {
      async describe(_db, id, user) {
        if (id !== `item-of-${user.id}`) throw notFound('This checkout was not found.')
        return { title: 'Test item', description: 'A thing', amount_cents: 20000 }
      },
      async complete(tx, id, ref) {
        calls.push(`complete:${id}:${ref.provider}`)
        afterCommit(tx, () => calls.push('after-commit'))
      },
      async cancel(_tx, id) {
        calls.push(`cancel:${id}`)
      },
    })
    const user = await createUser()
    const id = `item-of-${user.id}`
    expect((await user.agent.get(`/api/pay/offline/test-item/${id}`)).json).toMatchObject({ title: 'Test item', amount_cents: 20000 })
    expect((await user.agent.post(`/api/pay/offline/test-item/${id}/cancel`)).status).toBe(200)
    expect((await user.agent.post(`/api/pay/offline/test-item/${id}/complete`)).status).toBe(200)
    expect(calls).toEqual([`cancel:${id}`, `complete:${id}:offline`, 'after-commit'])
  })

  test('portal offline is the built-in manage page; signed out gets the manage message', async () => {
    const user = await createUser({ plan: 'premium' })
    expect((await user.agent.post('/api/billing/portal')).json).toEqual({ url: '/billing/manage' })
    const anon = await anonymous().post('/api/billing/portal')
    expect(anon.status).toBe(401)
    expect(anon.json.error.message).toBe('Please sign in to manage your subscription.')
    expect((await anonymous().get('/api/billing/manage')).status).toBe(401)
    expect((await anonymous().post('/api/billing/cancel')).status).toBe(401)
  })
})

describe('manage and cancel (offline)', () => {
  test('cancelling an offline trial ends it at once; a second trial is not offered', async () => {
    const user = await createUser()
    await upgradeOffline(user.agent)
    const manage = (await user.agent.get('/api/billing/manage')).json
    expect(manage).toMatchObject({ plan: 'premium', status: 'trialing', can_cancel: true, cancel_at_period_end: false, price_cents: 3000 })
    expect(manage.trial_ends_at).toBeTruthy()
    expect(manage.next_billing_date).toBe(manage.trial_ends_at)

    const cancel = await user.agent.post('/api/billing/cancel')
    expect(cancel.status).toBe(200)
    expect(cancel.json.message).toBe('Your free trial has been cancelled. You are now on the Free plan.')
    expect(cancel.json.manage).toMatchObject({ plan: 'free', can_cancel: false })
    expect((await user.agent.get('/api/billing/subscription')).json).toMatchObject({ subscribed: false, tier: 'free' })
    expect(await limitsFor(db, user.id)).toEqual(PLAN_LIMITS.free)
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'subscription.cancelled'), eq(audit_logs.resource_id, user.id))).all()).toHaveLength(1)

    // Nothing left to cancel.
    const again = await user.agent.post('/api/billing/cancel')
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe('You have no active subscription to cancel.')

    // Re-subscribing: no second trial, billed from today.
    const page = (await user.agent.get(`/api/pay/offline/subscription/${user.id}`)).json
    expect(page).toMatchObject({ trial_days: 0, description: '$30 per month. Cancel anytime.' })
    await user.agent.post(`/api/pay/offline/subscription/${user.id}/complete`)
    expect((await user.agent.get('/api/billing/subscription')).json).toMatchObject({ subscribed: true, status: 'active' })
  })

  test('a paid offline period runs to its end after cancelling, then the plan is free', async () => {
    const user = await createUser({ plan: 'premium' })
    const before = (await user.agent.get('/api/billing/manage')).json
    expect(before).toMatchObject({ status: 'active', can_cancel: true })
    const res = await user.agent.post('/api/billing/cancel')
    expect(res.json.message).toMatch(/^Your subscription has been cancelled\. Premium stays active until \w{3} \d{1,2}, \d{4}\.$/)
    expect(res.json.manage).toMatchObject({ plan: 'premium', cancel_at_period_end: true, can_cancel: false, next_billing_date: null })
    expect(res.json.manage.ends_at).toBe(before.next_billing_date)
    expect((await user.agent.post('/api/billing/cancel')).status).toBe(409)
    expect(await isPremium(db, user.id)).toBe(true)
    clock.advance(31 * DAY)
    try {
      expect(await isPremium(db, user.id)).toBe(false)
      // (sessions idle out over such a span, so ask the service directly)
      expect(await entitlements.getSubscriptionStatus(db, user.id)).toMatchObject({ subscribed: false, status: 'canceled' })
    } finally {
      clock.reset()
    }
  })

  test('offline trials turn active at their end and offline periods renew monthly', async () => {
    const user = await createUser({ plan: 'trialing' })
    clock.advance(45 * DAY)
    try {
      const status = await entitlements.getSubscriptionStatus(db, user.id)
      expect(status).toMatchObject({ subscribed: true, status: 'active' })
      const end = new Date(status.subscription_end!).getTime()
      expect(end).toBeGreaterThan(clock.ms())
      expect(end - clock.ms()).toBeLessThan(32 * DAY)
    } finally {
      clock.reset()
    }
  })

  test('complimentary accounts have nothing to cancel', async () => {
    const comp = await createUser({ plan: 'complimentary' })
    const manage = (await comp.agent.get('/api/billing/manage')).json
    expect(manage).toMatchObject({ plan: 'premium', is_complimentary: true, paid: false, can_cancel: false })
    expect((await comp.agent.post('/api/billing/cancel')).status).toBe(409)
  })
})

describe('complimentary premium (admin)', () => {
  test('admins only', async () => {
    const target = await createUser()
    expect((await anonymous().post('/api/admin/subscriptions/complimentary', { email: target.email, grant: true })).status).toBe(401)
    const operator = await createUser({ plan: 'premium' })
    expect((await operator.agent.post('/api/admin/subscriptions/complimentary', { email: target.email, grant: true })).status).toBe(403)
    expect(await isPremium(db, target.id)).toBe(false)
  })

  test.each([
    [{ email: '', grant: true }, 'Please enter an email address'],
    [{ email: '   ', grant: true }, 'Please enter an email address'],
    [{ grant: true }, 'Please enter an email address'],
    [{ email: 'not-an-email', grant: true }, 'Invalid email address'],
    [{ email: 'someone@example.com' }, 'Please choose whether to grant or revoke access'],
    [{ email: 'someone@example.com', grant: 'yes' }, 'Please choose whether to grant or revoke access'],
  ])('rejects %p with %s', async (body, message) => {
    const admin = await createUser({ roles: ['admin'] })
    const res = await admin.agent.post('/api/admin/subscriptions/complimentary', body)
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe(message)
  })

  test('grants are for operators: a referrer or an admin-only account is refused with a clear 422; revoking stays open', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const referrer = await createUser({ roles: ['referrer'] })
    const before = (await db.select().from(audit_logs).all()).length
    const refused = await admin.agent.post('/api/admin/subscriptions/complimentary', { email: referrer.email, grant: true })
    expect(refused.status).toBe(422)
    expect(refused.json.error.message).toBe(`Complimentary Premium is for operators: ${referrer.email} is not an operator account`)
    expect(refused.json.error.fields.email).toBe(refused.json.error.message)
    expect(await isPremium(db, referrer.id)).toBe(false)
    expect((await db.select().from(audit_logs).all()).length).toBe(before)
    const otherAdmin = await createUser({ roles: ['admin'] })
    expect((await admin.agent.post('/api/admin/subscriptions/complimentary', { email: otherAdmin.email, grant: true })).status).toBe(422)

    // Operators: the operator role, one who is also a referrer, or a new account with no role yet.
    for (const roles of [['operator'], ['operator', 'referrer'], []] as const) {
      const operator = await createUser({ roles: [...roles] })
      const granted = await admin.agent.post('/api/admin/subscriptions/complimentary', { email: operator.email, grant: true })
      expect(granted.status).toBe(200)
      expect(await isPremium(db, operator.id)).toBe(true)
    }
    // A grant made to a referrer before this rule can still be taken back.
    expect((await admin.agent.post('/api/admin/subscriptions/complimentary', { email: referrer.email, grant: false })).status).toBe(200)
  })

  test('unknown e-mail is a clear 404 and writes nothing', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const before = (await db.select().from(audit_logs).all()).length
    const res = await admin.agent.post('/api/admin/subscriptions/complimentary', { email: 'ghost@example.com', grant: true })
    expect(res.status).toBe(404)
    expect(res.json.error.message).toBe('No account found with the email ghost@example.com')
    expect((await db.select().from(audit_logs).all()).length).toBe(before)
  })

  test('grant and revoke: messages, plan, audit, e-mail and notification', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const target = await createUser()
    const grant = await admin.agent.post('/api/admin/subscriptions/complimentary', { email: `  ${target.email.toUpperCase()} `, grant: true })
    expect(grant.status).toBe(200)
    expect(grant.json.message).toBe(`Premium access granted to ${target.email}`)
    expect(await subscriptionOf(target.id)).toMatchObject({ is_complimentary: true, granted_by: admin.email })
    expect((await subscriptionOf(target.id)).granted_at).toBeInstanceOf(Date)
    expect((await target.agent.get('/api/billing/subscription')).json).toMatchObject({ subscribed: true, is_complimentary: true })
    expect(await limitsFor(db, target.id)).toEqual(PLAN_LIMITS.premium)

    const revoke = await admin.agent.post('/api/admin/subscriptions/complimentary', { email: target.email, grant: false })
    expect(revoke.json.message).toBe(`Complimentary access revoked for ${target.email}`)
    expect(await subscriptionOf(target.id)).toMatchObject({ is_complimentary: false, granted_at: null })
    expect(await limitsFor(db, target.id)).toEqual(PLAN_LIMITS.free)

    const audit = await db.select().from(audit_logs).where(eq(audit_logs.resource_id, target.id)).all()
    expect(audit.map((a) => a.action)).toEqual(['subscription.complimentary_granted', 'subscription.complimentary_revoked'])
    expect(audit.every((a) => a.actor_id === admin.id && a.ip_address === '203.0.113.7')).toBe(true)
    const mails = (await db.select().from(outbox).where(eq(outbox.to_email, target.email)).all()).map((m) => m.type)
    expect(mails).toEqual(expect.arrayContaining(['complimentary_granted', 'complimentary_revoked']))
  })

  test('granting a paid subscriber keeps the subscription; revoking leaves it paid', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const paid = await createUser({ plan: 'premium' })
    await admin.agent.post('/api/admin/subscriptions/complimentary', { email: paid.email, grant: true })
    await admin.agent.post('/api/admin/subscriptions/complimentary', { email: paid.email, grant: false })
    expect((await paid.agent.get('/api/billing/subscription')).json).toMatchObject({ subscribed: true, status: 'active', is_complimentary: false })
  })

  test('an account without a subscription row (e.g. made by the CLI) can be granted', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const target = await createUser()
    await db.delete(operator_subscriptions).where(eq(operator_subscriptions.user_id, target.id)).run()
    expect((await target.agent.get('/api/billing/subscription')).json.subscribed).toBe(false)
    await admin.agent.post('/api/admin/subscriptions/complimentary', { email: target.email, grant: true })
    expect(await isPremium(db, target.id)).toBe(true)
    expect(await db.select().from(users).where(eq(users.id, target.id)).get()).toBeTruthy()
  })
})
