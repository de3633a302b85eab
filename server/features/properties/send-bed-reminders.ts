import { and, eq, gt, sql } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { rows } from '../../db/raw'
import { bed_confirmation_links } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { clock, DAY } from '../../lib/clock'
import { sendBedConfirmations } from './bed-confirmation-links'

type Due = { id: string; name: string; operator_id: string; available_beds: number; total_beds: number; email: string; first_name: string | null }

/** One reminder a week at most per home. */
const WEEK = 7 * DAY

/**
 * The weekly "are your beds still right?" e-mail: every active
 * home of a live account whose count was not confirmed this week and that got
 * no link this week receives one. Runs as a periodic task (properties.jobs.ts);
 * keyed on the last link's date, so a missed run catches up and a re-run in
 * the same week sends nothing. An operator gets one e-mail for all her homes
 * due (each with its own link), not one per home. One transaction: links and
 * e-mails commit together, and the homes due are read in it (they decide its
 * writes).
 */
export async function sendBedReminders(db: Executor) {
  const since = clock.ms() - WEEK
  return transaction(db, async (tx) => {
    const due = await rows<Due>(
      tx,
      forUpdate(
        sql`SELECT p.id, p.name, p.operator_id, p.available_beds, p.total_beds, u.email, pr.first_name
       FROM properties p JOIN users u ON u.id = p.operator_id AND u.deleted_at IS NULL
       LEFT JOIN profiles pr ON pr.id = p.operator_id
       WHERE p.is_active = ${true}
         AND (p.beds_confirmed_at IS NULL OR p.beds_confirmed_at <= ${since})
         AND NOT EXISTS (SELECT 1 FROM bed_confirmation_links l WHERE l.property_id = p.id AND l.created_at > ${since})
       ORDER BY p.operator_id, p.name, p.id`,
        'p',
      ),
    )
    const byOperator = new Map<string, Due[]>()
    for (const p of due) {
      if (await linkSentSince(tx, p.id, since)) continue
      byOperator.set(p.operator_id, [...(byOperator.get(p.operator_id) ?? []), p])
    }
    let sent = 0
    for (const homes of byOperator.values()) {
      await sendBedConfirmations(tx, homes, homes[0]!)
      sent += homes.length
    }
    return sent
  })
}

/**
 * Did the home get a link since `since`? Asked again once the home's row is
 * locked (the select above): its NOT EXISTS was read before the lock was
 * granted, so a run on another instance that held the lock may have sent one
 * meanwhile; this later statement sees what that run committed.
 */
async function linkSentSince(tx: Tx, propertyId: string, since: number) {
  const [link] = await tx
    .select({ id: bed_confirmation_links.id })
    .from(bed_confirmation_links)
    .where(and(eq(bed_confirmation_links.property_id, propertyId), gt(bed_confirmation_links.created_at, new Date(since))))
    .limit(1)
  return !!link
}
