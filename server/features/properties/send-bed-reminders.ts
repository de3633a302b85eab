import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { rows } from '../../db/raw'
import { transaction } from '../../db/unit-of-work'
import { clock, DAY } from '../../lib/clock'
import { sendBedConfirmation } from './bed-confirmation-links'

type Due = { id: string; name: string; operator_id: string; available_beds: number; total_beds: number; email: string; first_name: string | null }

/** One reminder a week at most per home. */
const WEEK = 7 * DAY

/**
 * The weekly "are your beds still right?" e-mail (issue 17): every active
 * home of a live account whose count was not confirmed this week and that got
 * no link this week receives one. Runs as a periodic task (properties.jobs.ts);
 * keyed on the last link's date, so a missed run catches up and a re-run in
 * the same week sends nothing. One transaction: links and e-mails commit
 * together, and the homes due are read in it (they decide its writes).
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
         AND NOT EXISTS (SELECT 1 FROM bed_confirmation_links l WHERE l.property_id = p.id AND l.created_at > ${since})`,
        'p',
      ),
    )
    for (const p of due) await sendBedConfirmation(tx, p, p)
    return due.length
  })
}
