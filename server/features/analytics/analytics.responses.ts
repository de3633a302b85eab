import { z } from 'zod'

/** getAnalytics() (get-analytics.ts): the last 30 days against the 30 before. */
export const analyticsSchema = z.object({
  window_days: z.number().int(),
  views: z.number().int(),
  previous_views: z.number().int(),
  trend_percent: z.number().int().nullable().describe('Change in whole percent; null when there was nothing to compare with'),
  daily: z.array(z.object({ date: z.string().describe('yyyy-MM-dd (UTC), oldest first'), views: z.number().int() })),
  top_sources: z.array(z.object({ source: z.string().describe("The referring site's host, or 'Direct'"), views: z.number().int() })),
  messages_sent: z.number().int(),
  profile_shares: z.null().describe('Not measured yet'),
})
