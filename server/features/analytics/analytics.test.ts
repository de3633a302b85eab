import { afterEach, describe, expect, test } from 'bun:test'
import { conversations, messages, profile_views } from '../../db/schema'
import { clock, DAY, HOUR } from '../../lib/clock'
import { createUser, db, setupTestDb } from '../../test/setup'
import { insertReferral } from '../marketplace/test-fixtures'
import { sourceOf, trendPercent } from './get-analytics'

setupTestDb()
afterEach(() => clock.reset())

const view = async (profileId: string, ageMs: number, referrer_url: string | null = null) =>
  db.insert(profile_views).values({ profile_id: profileId, referrer_url, created_at: new Date(clock.ms() - ageMs) }).run()

describe('analytics', () => {
  test('free operators get premium_required', async () => {
    const free = await createUser()
    const res = await free.agent.get('/api/my/analytics')
    expect(res.status).toBe(403)
    expect(res.json.error.code).toBe('premium_required')
  })

  test('30-day windows, daily buckets, top 3 sources and messages sent, with a moved clock', async () => {
    clock.set(new Date('2026-03-31T12:00:00Z'))
    const op = await createUser({ plan: 'premium' })
    const other = await createUser({ plan: 'premium' })
    await view(op.id, 1 * HOUR, 'https://www.google.com/search?q=homes')
    await view(op.id, 2 * HOUR, 'https://google.com/')
    await view(op.id, 3 * DAY, 'https://facebook.com/post')
    await view(op.id, 5 * DAY, null)
    await view(op.id, 6 * DAY, 'not a url')
    await view(op.id, 7 * DAY, 'https://bing.com/')
    await view(op.id, 30 * DAY - HOUR, 'https://bing.com/')
    // previous window: 30 to 60 days ago
    await view(op.id, 30 * DAY + HOUR)
    await view(op.id, 45 * DAY)
    await view(op.id, 59 * DAY)
    await view(op.id, 61 * DAY) // older than both windows
    await view(other.id, HOUR) // someone else's
    const referral = await insertReferral(null)
    const convo = await db.insert(conversations).values({ referral_id: referral.id, operator_id: op.id, opened_by: 'interest' }).returning().get()
    const msg = { conversation_id: convo.id, referral_id: referral.id, message_text: 'hello' }
    await db.insert(messages)
      .values([
        { ...msg, sender_id: op.id, created_at: new Date(clock.ms() - DAY) },
        { ...msg, sender_id: op.id, created_at: new Date(clock.ms() - 29 * DAY) },
        { ...msg, sender_id: op.id, created_at: new Date(clock.ms() - 31 * DAY) },
        { ...msg, sender_id: other.id, created_at: new Date(clock.ms() - DAY) },
      ])
      .run()

    let res = await op.agent.get('/api/my/analytics')
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ views: 7, previous_views: 3, trend_percent: 133, messages_sent: 2, profile_shares: null })
    expect(res.json.daily).toHaveLength(30)
    expect(res.json.daily.at(-1)).toEqual({ date: '2026-03-31', views: 2 })
    expect(res.json.daily[0]).toEqual({ date: '2026-03-02', views: 1 })
    expect(res.json.daily.reduce((s: number, d: { views: number }) => s + d.views, 0)).toBe(7)
    expect(res.json.top_sources).toEqual([
      { source: 'bing.com', views: 2 },
      { source: 'Direct', views: 2 },
      { source: 'google.com', views: 2 },
    ])

    // Forty days later the recent views are in the previous window (bar the oldest, now 70 days old).
    clock.advance(40 * DAY)
    op.agent.cookie = null // the old session has expired
    expect((await op.agent.post('/api/auth/sign-in', { email: op.email, password: op.password })).status).toBe(200)
    res = await op.agent.get('/api/my/analytics')
    expect(res.json).toMatchObject({ views: 0, previous_views: 6, messages_sent: 0 })
    expect(res.json.trend_percent).toBe(-100)
    expect(res.json.top_sources).toEqual([{ source: 'Direct', views: 0 }])
  })

  test('source and trend helpers', () => {
    expect(sourceOf(null)).toBe('Direct')
    expect(sourceOf('')).toBe('Direct')
    expect(sourceOf('https://www.linkedin.com/in/x')).toBe('linkedin.com')
    expect(trendPercent(10, 5)).toBe(100)
    expect(trendPercent(0, 0)).toBe(0)
    expect(trendPercent(4, 0)).toBeNull()
  })
})
