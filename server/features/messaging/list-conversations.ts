import type { Executor } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { assertAdminSession } from './conversation-access'
import { allOf, byReferral, conversationRows, partyFilter, sideOf, toConversationView, type ConversationView } from './conversation-view'

/**
 * GET /api/conversations: the signed-in user's conversations, as referrer or
 * operator, newest message first, with unread counts (messages from the other
 * party not yet read). An admin asking for one referral's conversations gets
 * all of them, read-only, and the read is audited (disputes).
 */
export async function listConversations(
  db: Executor,
  opts: {
    user: CurrentUser
    actor: Actor
    as?: 'operator' | 'referrer'
    referral_id?: string
  },
) {
  const { user } = opts
  const adminDispute = user.is_admin && !!opts.referral_id && !opts.as
  if (adminDispute) assertAdminSession(user)
  return transaction(db, async (tx) => {
    const where = adminDispute
      ? byReferral(opts.referral_id!)
      : allOf(partyFilter(user.id, opts.as), opts.referral_id ? byReferral(opts.referral_id) : undefined)
    const rows = await conversationRows(tx, user.id, where)
    const items: ConversationView[] = []
    for (const row of rows) items.push(await toConversationView(tx, row, sideOf(row, user.id) ?? 'admin', user))
    if (adminDispute && items.some((i) => i.my_role === 'admin')) {
      await writeAudit(tx, opts.actor, {
        action: 'conversations.list_for_dispute',
        resource_type: 'referral',
        resource_id: opts.referral_id,
        details: { conversations: items.length },
      })
    }
    return { items, unread_total: items.reduce((n, i) => n + i.unread_count, 0) }
  })
}
