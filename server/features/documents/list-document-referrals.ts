import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { db } from '../../db/client'
import { conversations, invitations, referral_documents, referral_payments, referrals } from '../../db/schema'
import type { CurrentUser } from '../../types'
import { operatorHasUnmaskedAccess } from '../referrals'
import { disclose } from '../privacy'

/**
 * GET /api/documents/referrals: the referrals whose documents this operator
 * may open (unlocked or invited), newest first, for the dashboard's
 * Documents tab. Unmasked access means the client's name may be shown.
 */
export function listDocumentReferrals(opts: { user: CurrentUser }) {
  const me = opts.user.id
  const candidateIds = new Set<string>([
    ...db.select({ id: conversations.referral_id }).from(conversations).where(eq(conversations.operator_id, me)).all().map((r) => r.id),
    ...db.select({ id: invitations.referral_id }).from(invitations).where(eq(invitations.operator_id, me)).all().map((r) => r.id),
    ...db
      .select({ id: referral_payments.referral_id })
      .from(referral_payments)
      .where(and(eq(referral_payments.operator_id, me), inArray(referral_payments.status, ['held_in_escrow', 'released_to_referrer'])))
      .all()
      .map((r) => r.id),
  ])
  const ids = [...candidateIds].filter((id) => operatorHasUnmaskedAccess(db, id, me))
  if (ids.length === 0) return { items: [] }
  const rows = db
    .select({
      id: referrals.id,
      client_first_name: referrals.client_first_name,
      client_last_name: referrals.client_last_name,
      status: referrals.status,
      created_at: referrals.created_at,
      referrer_user_id: referrals.referrer_user_id,
      document_count: sql<number>`(SELECT count(*) FROM ${referral_documents} d WHERE d.referral_id = "referrals"."id" AND (d.operator_id = ${me} OR d.operator_id IS NULL))`,
    })
    .from(referrals)
    .where(inArray(referrals.id, ids))
    .orderBy(desc(referrals.created_at))
    .all()
  return {
    items: rows
      .filter((r) => r.referrer_user_id !== me)
      .map((r) => {
        disclose(db, { id: r.id, owner: r.referrer_user_id }, opts.user, 'referral')
        return {
        id: r.id,
        client_name: `${r.client_first_name} ${r.client_last_name}`.trim(),
        status: r.status,
        created_at: r.created_at,
        document_count: Number(r.document_count),
        }
      }),
  }
}

