import { expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { row } from '../../db/raw'
import { operator_subscriptions, user_roles } from '../../db/schema'
import { clock, DAY } from '../../lib/clock'
import { createUser, db, setupTestDb } from '../../test/setup'
import { isPremium } from './entitlements'
import { PREMIUM_TIME_BOUNDARY_SQL, premiumSql } from './premium-sql'

setupTestDb()

const TIERS = ['free', 'premium'] as const
const STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const
const ENDS = [null, -DAY, DAY] as const
const PROVIDERS = [null, 'stripe', 'offline'] as const

test('the SQL predicate agrees with isPremium() for every subscription state', async () => {
  const user = await createUser()
  const sqlPremium = async () => !!(await row<{ premium: number }>(db, sql`SELECT ${premiumSql(sql`${user.id}`, clock.ms())} AS premium`))?.premium
  let cases = 0
  for (const tier of TIERS)
    for (const status of STATUSES)
      for (const periodEnd of ENDS)
        for (const trialEnd of ENDS)
          for (const provider of PROVIDERS)
            for (const complimentary of [false, true])
              for (const cancelAtEnd of [false, true]) {
              await db.update(operator_subscriptions)
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
              expect({ tier, status, periodEnd, trialEnd, provider, complimentary, cancelAtEnd, premium: await sqlPremium() }).toEqual({
                tier, status, periodEnd, trialEnd, provider, complimentary, cancelAtEnd, premium: await isPremium(db, user.id),
              })
              cases++
            }
  expect(cases).toBe(2 * 6 * 3 * 3 * 3 * 2 * 2)
})

test('admins are premium; a user without a subscription row is not', async () => {
  const user = await createUser()
  const sqlPremium = async () => !!(await row<{ premium: number }>(db, sql`SELECT ${premiumSql(sql`${user.id}`, clock.ms())} AS premium`))?.premium
  await db.delete(operator_subscriptions).where(eq(operator_subscriptions.user_id, user.id)).run()
  expect(await sqlPremium()).toBe(false)
  expect(await isPremium(db, user.id)).toBe(false)
  await db.insert(user_roles).values({ user_id: user.id, role: 'admin' }).run()
  expect(await sqlPremium()).toBe(true)
  expect(await isPremium(db, user.id)).toBe(true)
})

test('the time boundary is the next period or trial end still ahead', async () => {
  await createUser({ plan: 'trialing' })
  const now = clock.ms()
  const boundary = await row<{ until: number | null }>(db, PREMIUM_TIME_BOUNDARY_SQL(now))
  expect(boundary!.until).toBeGreaterThan(now)
  expect(boundary!.until).toBeLessThanOrEqual(now + 30 * DAY)
})
