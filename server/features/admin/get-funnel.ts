import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { clock, DAY } from '../../lib/clock'
import { rows } from '../../db/raw'
import { DECLINE_REASON_LABELS, DECLINE_REASONS, type DeclineReason } from '../referrals'
import { csvFilename, toCsv } from './csv'

const median = (values: number[]) => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2)
}

/**
 * The admin Overview funnel for referrals submitted in the last
 * `days` days: submitted → first interest → unlocked → placed, the median
 * time from submission to the first answer of any home (interest, "Not a
 * fit", an invitation answer or an operator's message) and to placement, and
 * the decline reasons on those referrals. Counts only: no client data.
 */
export async function getFunnel(db: Executor, days: number) {
  const now = clock.ms()
  const since = now - days * DAY
  const cohort = await rows<{ id: string; status: string; created_at: number; placed_at: number | null; interested: number; unlocked: number; first: number | null }>(
    db,
    sql`SELECT r.id, r.status, r.created_at, r.placed_at,
       EXISTS (SELECT 1 FROM referral_interests i WHERE i.referral_id = r.id) AS interested,
       EXISTS (SELECT 1 FROM referral_payments p WHERE p.referral_id = r.id AND p.status IN ('held_in_escrow', 'released_to_referrer')) AS unlocked,
       (SELECT min(at) FROM (
          SELECT created_at AS at FROM referral_interests WHERE referral_id = r.id
          UNION ALL SELECT created_at FROM referral_declines WHERE referral_id = r.id
          UNION ALL SELECT responded_at FROM invitations WHERE referral_id = r.id AND responded_at IS NOT NULL
          UNION ALL SELECT m.created_at FROM messages m WHERE m.referral_id = r.id AND m.sender_id IS DISTINCT FROM r.referrer_user_id) AS answers) AS first
     FROM referrals r WHERE r.created_at > ${since} AND r.created_at <= ${now}`,
  )
  const declines = await rows<{ reason: DeclineReason; n: number }>(
    db,
    sql`SELECT d.reason, count(*) AS n FROM referral_declines d JOIN referrals r ON r.id = d.referral_id
       WHERE r.created_at > ${since} AND r.created_at <= ${now} GROUP BY d.reason`,
  )
  const reasons = new Map(declines.map((r) => [r.reason, r.n]))
  const placed = cohort.filter((r) => r.status === 'placed')
  return {
    days,
    from: new Date(since).toISOString(),
    to: new Date(now).toISOString(),
    stages: [
      { stage: 'submitted', label: 'Submitted', count: cohort.length },
      { stage: 'first_interest', label: 'First interest', count: cohort.filter((r) => r.interested).length },
      { stage: 'unlocked', label: 'Unlocked', count: cohort.filter((r) => r.unlocked).length },
      { stage: 'placed', label: 'Placed', count: placed.length },
    ] as const,
    median_first_response_ms: median(cohort.filter((r) => r.first != null).map((r) => Math.max(0, r.first! - r.created_at))),
    median_placement_ms: median(placed.filter((r) => r.placed_at != null).map((r) => Math.max(0, r.placed_at! - r.created_at))),
    decline_reasons: DECLINE_REASONS.map((reason) => ({ reason, label: DECLINE_REASON_LABELS[reason], count: reasons.get(reason) ?? 0 })),
  }
}

const hours = (ms: number | null) => (ms == null ? null : Math.round((ms / 3_600_000) * 10) / 10)

/** The same figures as a CSV download (one row per figure; the helpers neutralise formulas). */
export async function exportFunnelCsv(db: Executor, days: number) {
  const f = await getFunnel(db, days)
  const lines: { section: string; item: string; value: number | null }[] = [
    ...f.stages.map((s) => ({ section: 'Funnel', item: s.label, value: s.count })),
    { section: 'Timing', item: 'Median time to first response (hours)', value: hours(f.median_first_response_ms) },
    { section: 'Timing', item: 'Median time to placement (hours)', value: hours(f.median_placement_ms) },
    ...f.decline_reasons.map((r) => ({ section: 'Decline reasons', item: r.label, value: r.count })),
  ]
  const body = toCsv(lines, [
    { header: 'Section', value: (l) => l.section },
    { header: 'Item', value: (l) => l.item },
    { header: `Last ${days} days`, value: (l) => l.value },
  ])
  return { filename: csvFilename(`funnel-${days}d`, clock.now()), body }
}
