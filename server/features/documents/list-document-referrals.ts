import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { conversations, invitations, referral_documents, referral_payments, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import type { CurrentUser } from '../../types'
import { unmaskedReferralIds } from '../referrals'
import { disclose } from '../privacy'

/**
 * GET /api/documents/referrals: the referrals whose documents this operator
 * may open (unlocked or invited), newest first, for the dashboard's
 * Documents tab. Unmasked access means the client's name may be shown, and
 * its disclosure is recorded in the same transaction as the read.
 */
export async function listDocumentReferrals(db: Executor, opts: { user: CurrentUser }) {
  const me = opts.user.id
  return transaction(db, async (tx) => {
    const candidateIds = new Set<string>([
      ...(await tx.select({ id: conversations.referral_id }).from(conversations).where(eq(conversations.operator_id, me))).map((r) => r.id),
      ...(await tx.select({ id: invitations.referral_id }).from(invitations).where(eq(invitations.operator_id, me))).map((r) => r.id),
      ...(
        await tx
          .select({ id: referral_payments.referral_id })
          .from(referral_payments)
          .where(and(eq(referral_payments.operator_id, me), inArray(referral_payments.status, ['held_in_escrow', 'released_to_referrer'])))
      ).map((r) => r.id),
    ])
    const unmasked = await unmaskedReferralIds(tx, me, [...candidateIds])
    const ids = [...candidateIds].filter((id) => unmasked.has(id))
    if (ids.length === 0) return { items: [] }
    const rows = await tx
      .select({
        id: referrals.id,
        client_first_name: referrals.client_first_name,
        client_last_name: referrals.client_last_name,
        status: referrals.status,
        created_at: referrals.created_at,
        referrer_user_id: referrals.referrer_user_id,
        referrer_name: referrals.referrer_name,
        document_count: sql<number>`(SELECT count(*) FROM ${referral_documents} d WHERE d.referral_id = "referrals"."id" AND (d.operator_id = ${me} OR d.operator_id IS NULL))`,
      })
      .from(referrals)
      .where(inArray(referrals.id, ids))
      .orderBy(desc(referrals.created_at), desc(referrals.id))
    const items = []
    for (const r of rows) {
      if (r.referrer_user_id === me) continue
      await disclose(tx, { id: r.id, owner: r.referrer_user_id }, opts.user, 'referral')
      items.push({
        id: r.id,
        client_name: `${r.client_first_name} ${r.client_last_name}`.trim(),
        status: r.status,
        created_at: r.created_at,
        // With the date, what tells two clients of the same name apart in the picker.
        referrer_name: r.referrer_name,
        document_count: Number(r.document_count),
      })
    }
    return { items }
  })
}
