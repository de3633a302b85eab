import { expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { operator_subscriptions, user_roles } from '../../db/schema'
import { clock, DAY } from '../../lib/clock'
import { createUser, setupTestDb } from '../../test/setup'
import { isPremium } from './entitlements'
import { premiumSql } from './premium-sql'

setupTestDb()

const TIERS = ['free', 'premium'] as const
const STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const
const ENDS = [null, -DAY, DAY] as const
const PROVIDERS = [null, 'stripe', 'offline'] as const

test('the SQL predicate agrees with isPremium() for every subscription state', async () => {
  const user = await createUser()
  const sqlPremium = () =>
    !!(db.$client.query(`SELECT ${premiumSql('$id')} AS premium`).get({ id: user.id, now: clock.ms() } as never) as { premium: number }).premium
  let cases = 0
  for (const tier of TIERS)
    for (const status of STATUSES)
      for (const periodEnd of ENDS)
        for (const trialEnd of ENDS)
          for (const provider of PROVIDERS)
            for (const complimentary of [false, true])
              for (const cancelAtEnd of [false, true]) {
              db.update(operator_subscriptions)
                .set({
                  tier,
                  status,
                  provider,
                  is_complimentary: complimentary,
                  cancel_at_period_end: cancelAtEnd,
                  current_period_end: periodEnd === null ? null : new Date(clock.ms() + periodEnd),
                  trial_ends_at: trialEnd === null ? null : new Date(clock.ms() + trialEnd),
                })
                .where(eq(operator_subscriptions.user_id, user.id))
                .run()
              expect({ tier, status, periodEnd, trialEnd, provider, complimentary, cancelAtEnd, premium: sqlPremium() }).toEqual({
                tier, status, periodEnd, trialEnd, provider, complimentary, cancelAtEnd, premium: isPremium(user.id),
              })
              cases++
            }
  expect(cases).toBe(2 * 6 * 3 * 3 * 3 * 2 * 2)
})

test('admins are premium; a user without a subscription row is not', async () => {
  const user = await createUser()
  const sqlPremium = () =>
    !!(db.$client.query(`SELECT ${premiumSql('$id')} AS premium`).get({ id: user.id, now: clock.ms() } as never) as { premium: number }).premium
  db.delete(operator_subscriptions).where(eq(operator_subscriptions.user_id, user.id)).run()
  expect(sqlPremium()).toBe(false)
  expect(isPremium(user.id)).toBe(false)
  db.insert(user_roles).values({ user_id: user.id, role: 'admin' }).run()
  expect(sqlPremium()).toBe(true)
  expect(isPremium(user.id)).toBe(true)
})
