import { desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { referrals } from '../../db/schema'
import type { CurrentUser } from '../../types'
import { referralStates } from '../referrals'
import { fullName } from './conversation-view'

/**
 * GET /api/conversations/referrals: the left column of /my-referrals, the
 * signed-in referrer's referrals newest first, each with its number of
 * conversations, unread messages and latest message time.
 */
export async function listMessageReferrals(db: Executor, opts: { user: CurrentUser }) {
  const me = opts.user.id
  const rows = await db
    .select({
      id: referrals.id,
      client_first_name: referrals.client_first_name,
      client_last_name: referrals.client_last_name,
      status: referrals.status,
      close_outcome: referrals.close_outcome,
      created_at: referrals.created_at,
      conversation_count: sql<number>`(SELECT count(*) FROM conversations c WHERE c.referral_id = "referrals"."id")`,
      unread_count: sql<number>`(SELECT count(*) FROM messages m WHERE m.referral_id = "referrals"."id" AND m.is_read = ${false} AND (m.sender_id IS NULL OR m.sender_id <> ${me}))`,
      last_message_at: sql<number | null>`(SELECT max(c.last_message_at) FROM conversations c WHERE c.referral_id = "referrals"."id")`,
    })
    .from(referrals)
    .where(eq(referrals.referrer_user_id, me))
    .orderBy(desc(referrals.created_at), desc(referrals.id))
  // The badge says what the dashboard's card says (one state, ADR 034).
  const states = await referralStates(db, rows)
  return {
    items: rows.map((r) => ({
      id: r.id,
      client_name: fullName(r.client_first_name, r.client_last_name),
      status: r.status,
      state: states.get(r.id)!,
      created_at: r.created_at,
      conversation_count: Number(r.conversation_count),
      unread_count: Number(r.unread_count),
      last_message_at: r.last_message_at === null ? null : new Date(Number(r.last_message_at)),
    })),
  }
}
