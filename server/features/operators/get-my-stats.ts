import { and, eq, gte, isNull, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { conversations, messages, properties, referral_interests, referrals, tour_schedules } from '../../db/schema'
import { earliestAllowedDate } from '../tours'

/**
 * GET /api/my/stats: the four cards of the operator dashboard — active
 * properties, referral interests still 'interested', tours dated today or
 * later ("today" anywhere in the US, as tour requests judge it), and unread messages in the user's conversations not sent by them.
 */
export async function getMyStats(db: Executor, userId: string) {
  const count = sql<number>`count(*)`
  const [{ n: activeProperties }] = await db
    .select({ n: count })
    .from(properties)
    .where(and(eq(properties.operator_id, userId), eq(properties.is_active, true)))
  const [{ n: interests }] = await db
    .select({ n: count })
    .from(referral_interests)
    .where(and(eq(referral_interests.operator_id, userId), eq(referral_interests.status, 'interested')))
  const [{ n: upcomingTours }] = await db
    .select({ n: count })
    .from(tour_schedules)
    .innerJoin(properties, eq(properties.id, tour_schedules.property_id))
    // Dated today or later; a cancelled tour is not coming.
    .where(and(eq(properties.operator_id, userId), gte(tour_schedules.scheduled_date, earliestAllowedDate()), ne(tour_schedules.status, 'cancelled')))
  const [{ n: unreadMessages }] = await db
    .select({ n: count })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversation_id))
    .innerJoin(referrals, eq(referrals.id, conversations.referral_id))
    .where(
      and(
        eq(messages.is_read, false),
        or(isNull(messages.sender_id), ne(messages.sender_id, userId)),
        or(eq(conversations.operator_id, userId), eq(referrals.referrer_user_id, userId)),
      ),
    )
  return {
    active_properties: activeProperties,
    interests,
    upcoming_tours: upcomingTours,
    unread_messages: unreadMessages,
  }
}
