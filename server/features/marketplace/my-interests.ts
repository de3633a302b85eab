import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { Viewer } from '../privacy'
import { ACTIVE_WAITLIST_STATUSES, referral_interests, referral_payments, referral_waitlist, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { namesAsSeen } from './referral-view'
import { unmaskedReferralIds } from '../referrals'
import type { z } from 'zod'
import type { myInterestsSchema } from './marketplace.responses'

/** One row of the answer, as its response schema describes it. */
export type MyInterest = z.infer<typeof myInterestsSchema>['items'][number]

/**
 * GET /api/my/interests (the operator dashboard's Interests tab): every
 * referral the operator expressed interest in, newest interest first, with
 * the client names as this operator may see them (initials until unlocked).
 * One transaction: the names shown unmasked are recorded as disclosures.
 */
export async function listMyInterests(db: Executor, viewer: Viewer): Promise<{ items: MyInterest[] }> {
  return transaction(db, async (tx) => {
    const operatorId = viewer.id
    const audience = { tx, viewer }
    const rows = await tx
      .select({
        id: referral_interests.id,
        referral_id: referral_interests.referral_id,
        status: referral_interests.status,
        created_at: referral_interests.created_at,
        first: referrals.client_first_name,
        last: referrals.client_last_name,
        referral_status: referrals.status,
        referrer_user_id: referrals.referrer_user_id,
        preferred_state: referrals.preferred_state,
        preferred_cities: referrals.preferred_cities,
      })
      .from(referral_interests)
      .innerJoin(referrals, eq(referrals.id, referral_interests.referral_id))
      .where(eq(referral_interests.operator_id, operatorId))
      .orderBy(desc(referral_interests.created_at), desc(referral_interests.id))
    const ids = rows.map((r) => r.referral_id)
    const unmasked = await unmaskedReferralIds(tx, operatorId, ids)
    const payments = ids.length
      ? await tx
          .select({ referral_id: referral_payments.referral_id, status: referral_payments.status, created_at: referral_payments.created_at })
          .from(referral_payments)
          .where(and(eq(referral_payments.operator_id, operatorId), inArray(referral_payments.referral_id, ids)))
          .orderBy(desc(referral_payments.created_at), desc(referral_payments.id))
      : []
    const entries = ids.length
      ? await tx
          .select({ referral_id: referral_waitlist.referral_id, position: referral_waitlist.position })
          .from(referral_waitlist)
          .where(
            and(
              eq(referral_waitlist.operator_id, operatorId),
              inArray(referral_waitlist.referral_id, ids),
              inArray(referral_waitlist.status, [...ACTIVE_WAITLIST_STATUSES]),
            ),
          )
      : []
    const items: MyInterest[] = []
    for (const r of rows) {
      const unlocked = unmasked.has(r.referral_id) || r.referrer_user_id === operatorId
      items.push({
        id: r.id,
        referral_id: r.referral_id,
        status: r.status,
        created_at: r.created_at.toISOString(),
        ...(await namesAsSeen({ id: r.referral_id, referrer_user_id: r.referrer_user_id, client_first_name: r.first, client_last_name: r.last }, unlocked, audience)),
        unlocked,
        referral_status: r.referral_status,
        preferred_state: r.preferred_state,
        preferred_cities: r.preferred_cities ?? [],
        payment_status: payments.find((p) => p.referral_id === r.referral_id)?.status ?? null,
        waitlist_position: entries.find((e) => e.referral_id === r.referral_id)?.position ?? null,
      })
    }
    return { items }
  })
}
