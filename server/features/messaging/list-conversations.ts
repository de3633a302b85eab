import { db } from '../../db/client'
import { writeAudit, type Actor } from '../../lib/audit'
import type { CurrentUser } from '../../types'
import { assertAdminSession } from './conversation-access'
import { allOf, byReferral, conversationRows, partyFilter, sideOf, toConversationView } from './conversation-view'

/**
 * GET /api/conversations: the signed-in user's conversations, as referrer or
 * operator, newest message first, with unread counts (messages from the other
 * party not yet read). An admin asking for one referral's conversations gets
 * all of them, read-only, and the read is audited (disputes).
 */
export function listConversations(opts: {
  user: CurrentUser
  actor: Actor
  as?: 'operator' | 'referrer'
  referral_id?: string
}) {
  const { user } = opts
  const adminDispute = user.is_admin && !!opts.referral_id && !opts.as
  if (adminDispute) assertAdminSession(user)
  return db.transaction((tx) => {
    const where = adminDispute
      ? byReferral(opts.referral_id!)
      : allOf(partyFilter(user.id, opts.as), opts.referral_id ? byReferral(opts.referral_id) : undefined)
    const rows = conversationRows(tx, user.id, where)
    const items = rows.map((row) => toConversationView(tx, row, sideOf(row, user.id) ?? 'admin', user))
    if (adminDispute && items.some((i) => i.my_role === 'admin')) {
      writeAudit(tx, opts.actor, {
        action: 'conversations.list_for_dispute',
        resource_type: 'referral',
        resource_id: opts.referral_id,
        details: { conversations: items.length },
      })
    }
    return { items, unread_total: items.reduce((n, i) => n + i.unread_count, 0) }
  })
}
