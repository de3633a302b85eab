import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Executor, Tx } from '../../db/client'
import { conversations, profiles, referrals } from '../../db/schema'
import { operatorHasUnmaskedAccess } from '../referrals'
import { disclose, type Viewer } from '../privacy'
import { openSealed } from '../../db/schema'
import { rowidSql } from '../../db/dialect'

/**
 * How a conversation looks to one viewer: their side, the other party's name,
 * the referral named as that viewer may see it (an operator without unmasked
 * access sees the client's initials only), and the viewer's unread count.
 */
export type ViewerSide = 'operator' | 'referrer' | 'admin'

const operatorProfile = alias(profiles, 'operator_profile')
const referrerProfile = alias(profiles, 'referrer_profile')

export async function conversationRows(tx: Executor, viewerId: string, where: SQL | undefined) {
  return await tx
    .select({
      id: conversations.id,
      referral_id: conversations.referral_id,
      operator_id: conversations.operator_id,
      opened_by: conversations.opened_by,
      last_message_at: conversations.last_message_at,
      created_at: conversations.created_at,
      referrer_id: referrals.referrer_user_id,
      referrer_name_on_referral: referrals.referrer_name,
      client_first_name: referrals.client_first_name,
      client_last_name: referrals.client_last_name,
      referral_status: referrals.status,
      operator_first_name: operatorProfile.first_name,
      operator_last_name: operatorProfile.last_name,
      operator_organization: operatorProfile.organization_name,
      referrer_first_name: referrerProfile.first_name,
      referrer_last_name: referrerProfile.last_name,
      unread_count: sql<number>`(SELECT count(*) FROM messages m WHERE m.conversation_id = ${conversations.id} AND m.is_read = ${false} AND (m.sender_id IS NULL OR m.sender_id <> ${viewerId}))`,
      // Sealed at rest: the whole last message is read and cut after decryption.
      last_message: sql<string | null>`(SELECT m.message_text FROM messages m WHERE m.conversation_id = ${conversations.id} ORDER BY m.created_at DESC, ${rowidSql('m')} DESC LIMIT 1)`,
      last_message_sender_id: sql<string | null>`(SELECT m.sender_id FROM messages m WHERE m.conversation_id = ${conversations.id} ORDER BY m.created_at DESC, ${rowidSql('m')} DESC LIMIT 1)`,
    })
    .from(conversations)
    .innerJoin(referrals, eq(referrals.id, conversations.referral_id))
    .leftJoin(operatorProfile, eq(operatorProfile.id, conversations.operator_id))
    .leftJoin(referrerProfile, eq(referrerProfile.id, referrals.referrer_user_id))
    .where(where)
    .orderBy(desc(sql`coalesce(${conversations.last_message_at}, ${conversations.created_at})`), desc(conversations.created_at), desc(conversations.id))
}

export type ConversationRow = Awaited<ReturnType<typeof conversationRows>>[number]

/** Conversations where the user is a party (optionally only one side). */
export function partyFilter(userId: string, as?: 'operator' | 'referrer') {
  const asOperator = eq(conversations.operator_id, userId)
  const asReferrer = eq(referrals.referrer_user_id, userId)
  return as === 'operator' ? asOperator : as === 'referrer' ? asReferrer : or(asOperator, asReferrer)
}

export const byId = (id: string) => eq(conversations.id, id)
export const byReferral = (id: string) => eq(conversations.referral_id, id)
export const allOf = (...parts: (SQL | undefined)[]) => and(...parts)

/** The viewer's side in a conversation, or null when they are not a party. The referral's owner is the referrer. */
export function sideOf(row: Pick<ConversationRow, 'referrer_id' | 'operator_id'>, userId: string): 'operator' | 'referrer' | null {
  if (row.referrer_id === userId) return 'referrer'
  if (row.operator_id === userId) return 'operator'
  return null
}

export const fullName = (first?: string | null, last?: string | null) => `${first ?? ''} ${last ?? ''}`.trim()
export const initialsOf = (first?: string | null, last?: string | null) =>
  [first, last]
    .map((p) => p?.trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join('') || 'Client'

export function operatorName(row: ConversationRow) {
  return row.operator_organization?.trim() || fullName(row.operator_first_name, row.operator_last_name) || 'Former operator'
}
export function referrerName(row: ConversationRow) {
  return fullName(row.referrer_first_name, row.referrer_last_name) || row.referrer_name_on_referral || 'Former referrer'
}

/**
 * The referral's client as this viewer may see it, and the last message. Both
 * are sealed data: shown to anyone but the referrer, they are a disclosure.
 */
export async function toConversationView(tx: Tx, row: ConversationRow, side: ViewerSide, viewer: Viewer) {
  const unmasked = side !== 'operator' || (await operatorHasUnmaskedAccess(tx, row.referral_id, viewer.id))
  const lastMessage = row.last_message === null ? null : openSealed<string>(row.last_message)
  // The viewer's own last message is no disclosure; the other party's is.
  const revealsMessage = lastMessage !== null && row.last_message_sender_id !== viewer.id
  const revealsName = unmasked && side !== 'referrer'
  if (side !== 'referrer' && (revealsName || revealsMessage)) await disclose(tx, { id: row.referral_id, owner: row.referrer_id }, viewer, 'conversation')
  const operator = operatorName(row)
  const referrer = referrerName(row)
  return {
    id: row.id,
    referral_id: row.referral_id,
    operator_id: row.operator_id,
    referrer_id: row.referrer_id,
    opened_by: row.opened_by,
    my_role: side,
    counterpart_name: side === 'operator' ? referrer : side === 'referrer' ? operator : `${operator} & ${referrer}`,
    operator_name: operator,
    referrer_name: referrer,
    referral_label: unmasked ? fullName(row.client_first_name, row.client_last_name) : initialsOf(row.client_first_name, row.client_last_name),
    referral_status: row.referral_status,
    last_message_at: row.last_message_at,
    last_message_preview: lastMessage === null ? null : lastMessage.slice(0, 140),
    last_message_sender_id: row.last_message_sender_id,
    // Admins read without being a party: nothing is unread for them.
    unread_count: side === 'admin' ? 0 : Number(row.unread_count),
    created_at: row.created_at,
  }
}

export type ConversationView = Awaited<ReturnType<typeof toConversationView>>
