import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { messages, profile_views } from '../../db/schema'
import { premiumRequired } from '../../errors'
import { clock, DAY } from '../../lib/clock'
import { limitsFor } from '../billing'

export const WINDOW_DAYS = 30
export const ANALYTICS_PREMIUM_MESSAGE = 'analytics.analyticsPremium'

/** A view's source: the referring site's host name, or 'Direct' when there is none. */
export function sourceOf(referrerUrl: string | null) {
  if (!referrerUrl?.trim()) return 'Direct'
  try {
    return new URL(referrerUrl).hostname.replace(/^www\./, '') || 'Direct'
  } catch {
    return 'Direct'
  }
}

/** Change from the previous window in whole percent; null when there was nothing to compare with. */
export function trendPercent(current: number, previous: number) {
  if (previous === 0) return current === 0 ? 0 : null
  return Math.round(((current - previous) / previous) * 100)
}

/**
 * GET /api/my/analytics (premium): profile views in the last 30 days against
 * the 30 before, one bucket per day (oldest first; day 0 ends now), the top 3
 * referrer sources and the messages the operator sent in the last 30 days.
 */
export async function getAnalytics(db: Executor, userId: string) {
  if (!(await limitsFor(db, userId)).analytics) throw premiumRequired(ANALYTICS_PREMIUM_MESSAGE)
  const now = clock.ms()
  const since = new Date(now - WINDOW_DAYS * DAY)
  const before = new Date(now - 2 * WINDOW_DAYS * DAY)
  const recent = (
    await db
      .select({ at: profile_views.created_at, referrer_url: profile_views.referrer_url })
      .from(profile_views)
      .where(and(eq(profile_views.profile_id, userId), gte(profile_views.created_at, since)))
  ).filter((v) => v.at.getTime() <= now)
  const [{ n: previous }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(profile_views)
    .where(and(eq(profile_views.profile_id, userId), gte(profile_views.created_at, before), lt(profile_views.created_at, since)))

  const daily = Array.from({ length: WINDOW_DAYS }, (_, i) => ({
    date: new Date(now - (WINDOW_DAYS - 1 - i) * DAY).toISOString().slice(0, 10),
    views: 0,
  }))
  const sources = new Map<string, number>()
  for (const view of recent) {
    const age = Math.min(WINDOW_DAYS - 1, Math.floor((now - view.at.getTime()) / DAY))
    daily[WINDOW_DAYS - 1 - age]!.views++
    const source = sourceOf(view.referrer_url)
    sources.set(source, (sources.get(source) ?? 0) + 1)
  }
  const topSources = [...sources.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([source, views]) => ({ source, views }))

  const [{ n: messagesSent }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(messages)
    .where(and(eq(messages.sender_id, userId), gte(messages.created_at, since)))

  return {
    window_days: WINDOW_DAYS,
    views: recent.length,
    previous_views: previous,
    trend_percent: trendPercent(recent.length, previous),
    daily,
    top_sources: topSources.length ? topSources : [{ source: 'Direct', views: 0 }],
    messages_sent: messagesSent,
    /** Not measured yet: the dashboard shows 'Coming soon'. */
    profile_shares: null,
  }
}
