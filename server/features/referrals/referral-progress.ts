import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { rows } from '../../db/raw'
import { profiles, referral_declines } from '../../db/schema'
import { displayName } from '../properties'
import { DECLINE_REASON_LABELS, type DeclineReason } from './responses.schemas'
import { inJsonArraySql } from '../../db/dialect'

type Counts = { referral_id: string; n: number }
type Named = { referral_id: string; reason: DeclineReason; anonymous: boolean | number; first_name: string | null; last_name: string | null; organization_name: string | null }
type Declined = Named & { note: string | null }
type Invited = Named & { status: 'pending' | 'accepted' | 'declined'; responded_at: number | null; created_at: number }

export type ReferralProgress = ReturnType<typeof buildProgress>

/**
 * How the search is going for each of the owner's referrals:
 * homes notified (matched or invited), interested, declined, unlocked, tours
 * requested by the referrer at those homes, placed, and the time from
 * submission to the first answer of any home (interest, "Not a fit", an
 * invitation accepted or declined, or a message). Decline reasons are always
 * given; which home declined only when it did not ask to stay anonymous.
 * A fixed number of grouped queries for the whole list.
 */
export async function referralProgress(db: Executor, referrals: readonly { id: string; status: string; created_at: Date; referrer_user_id: string | null }[]) {
  const map = new Map<string, ReturnType<typeof buildProgress>>()
  if (referrals.length === 0) return map
  const ids = referrals.map((r) => r.id)
  /** `expr` is one of the listed referrals' ids (one JSON parameter, whatever the list's length). */
  const listed = (expr: string) => inJsonArraySql(sql.raw(expr), ids)
  const count = async (query: SQL) => new Map((await rows<Counts>(db, query)).map((r) => [r.referral_id, r.n]))
  const notified = await count(
    sql`SELECT referral_id, count(*) AS n FROM (
       SELECT referral_id, operator_id FROM referral_matches WHERE ${listed('referral_id')}
       UNION SELECT referral_id, operator_id FROM invitations WHERE ${listed('referral_id')}) AS reached
     GROUP BY referral_id`,
  )
  const interested = await count(sql`SELECT referral_id, count(*) AS n FROM referral_interests WHERE ${listed('referral_id')} GROUP BY referral_id`)
  const unlocked = await count(
    sql`SELECT referral_id, count(DISTINCT operator_id) AS n FROM referral_payments
     WHERE ${listed('referral_id')} AND status IN ('held_in_escrow', 'released_to_referrer') GROUP BY referral_id`,
  )
  // Every unlock fee paid for the referral, held or decided: the referrer's card keeps saying what became of it (a refund too).
  const feesPaid = await count(
    sql`SELECT referral_id, count(*) AS n FROM referral_payments
     WHERE ${listed('referral_id')} AND status IN ('held_in_escrow', 'released_to_referrer', 'refunded') GROUP BY referral_id`,
  )
  // Tours (not cancelled) the referrer asked for at a home of an operator who was notified about or answered this referral, after it was sent.
  const tours = await count(
    sql`SELECT r.id AS referral_id, count(DISTINCT t.id) AS n FROM referrals r
     JOIN tour_schedules t ON t.requested_by = r.referrer_user_id AND t.created_at >= r.created_at AND t.status != 'cancelled'
     JOIN properties p ON p.id = t.property_id
     WHERE ${listed('r.id')} AND p.operator_id IN (
       SELECT operator_id FROM referral_matches WHERE referral_id = r.id
       UNION SELECT operator_id FROM invitations WHERE referral_id = r.id
       UNION SELECT operator_id FROM referral_interests WHERE referral_id = r.id)
     GROUP BY r.id`,
  )
  const firstResponse = new Map(
    (
      await rows<{ referral_id: string; at: number }>(
        db,
        sql`SELECT referral_id, min(at) AS at FROM (
         SELECT referral_id, created_at AS at FROM referral_interests WHERE ${listed('referral_id')}
         UNION ALL SELECT referral_id, created_at FROM referral_declines WHERE ${listed('referral_id')}
         UNION ALL SELECT referral_id, responded_at FROM invitations WHERE ${listed('referral_id')} AND responded_at IS NOT NULL
         UNION ALL SELECT m.referral_id, m.created_at FROM messages m JOIN referrals r ON r.id = m.referral_id
           WHERE ${listed('m.referral_id')} AND m.sender_id IS DISTINCT FROM r.referrer_user_id) AS answers
       GROUP BY referral_id`,
      )
    ).map((r) => [r.referral_id, r.at]),
  )
  // Through the query builder: the note is sealed at rest (ADR 010) and only the builder's column type opens it.
  const declines: Declined[] = await db
    .select({
      referral_id: referral_declines.referral_id,
      reason: referral_declines.reason,
      anonymous: referral_declines.anonymous,
      note: referral_declines.note,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      organization_name: profiles.organization_name,
    })
    .from(referral_declines)
    .leftJoin(profiles, eq(profiles.id, referral_declines.operator_id))
    .where(inArray(referral_declines.referral_id, ids))
    .orderBy(asc(referral_declines.created_at), asc(referral_declines.id))
  const invited = await rows<Invited>(
    db,
    sql`SELECT i.referral_id, i.status, i.responded_at, i.created_at, d.reason, ${false} AS anonymous, pr.first_name, pr.last_name, pr.organization_name
     FROM invitations i LEFT JOIN profiles pr ON pr.id = i.operator_id
     LEFT JOIN referral_declines d ON d.referral_id = i.referral_id AND d.operator_id = i.operator_id
     WHERE ${listed('i.referral_id')} ORDER BY i.created_at, i.id`,
  )
  for (const r of referrals) {
    map.set(
      r.id,
      buildProgress({
        created_at: r.created_at.getTime(),
        placed: r.status === 'placed',
        notified: notified.get(r.id) ?? 0,
        interested: interested.get(r.id) ?? 0,
        unlocked: unlocked.get(r.id) ?? 0,
        fees_paid: feesPaid.get(r.id) ?? 0,
        tours: tours.get(r.id) ?? 0,
        first: firstResponse.get(r.id) ?? null,
        declines: declines.filter((d) => d.referral_id === r.id),
        invited: invited.filter((i) => i.referral_id === r.id),
      }),
    )
  }
  return map
}

const nameOf = (p: { first_name: string | null; last_name: string | null; organization_name: string | null }) =>
  displayName({ organization_name: p.organization_name, first_name: p.first_name ?? '', last_name: p.last_name ?? '' }) || 'A home'

function buildProgress(d: {
  created_at: number
  placed: boolean
  notified: number
  interested: number
  unlocked: number
  fees_paid: number
  tours: number
  first: number | null
  declines: Declined[]
  invited: Invited[]
}) {
  const reasons = new Map<DeclineReason, number>()
  for (const x of d.declines) reasons.set(x.reason, (reasons.get(x.reason) ?? 0) + 1)
  return {
    homes_notified: d.notified,
    interested: d.interested,
    declined: d.declines.length,
    unlocked: d.unlocked,
    fees_paid: d.fees_paid,
    tours_requested: d.tours,
    placed: d.placed,
    first_response_at: d.first == null ? null : new Date(d.first).toISOString(),
    time_to_first_response_ms: d.first == null ? null : Math.max(0, d.first - d.created_at),
    decline_reasons: [...reasons].map(([reason, count]) => ({ reason, label: DECLINE_REASON_LABELS[reason], count })),
    /** Only homes that agreed to be named: never the anonymous ones. */
    named_declines: d.declines.filter((x) => !x.anonymous).map((x) => ({ home: nameOf(x), reason: x.reason, label: DECLINE_REASON_LABELS[x.reason] })),
    /**
     * Every "Not a fit" with the operator's note (the dialog tells the
     * operator to "tell the referrer why"). Anonymity hides who declined
     * (`home` null), never the reason or the note.
     */
    declines: d.declines.map((x) => ({ home: x.anonymous ? null : nameOf(x), reason: x.reason, label: DECLINE_REASON_LABELS[x.reason], note: x.note })),
    invitations: d.invited.map((i) => ({
      operator: nameOf(i),
      status: i.status,
      responded_at: i.responded_at == null ? null : new Date(i.responded_at).toISOString(),
      reason_label: i.reason ? DECLINE_REASON_LABELS[i.reason] : null,
    })),
  }
}
