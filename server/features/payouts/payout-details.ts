import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { payout_details, payouts } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { notFound } from '../../errors'
import { writeAudit, type Actor } from '../../lib/audit'
import { clock } from '../../lib/clock'
import type { PayoutDetailsInput } from './payouts.schemas'

const shown = (row: typeof payout_details.$inferSelect | undefined) =>
  row ? { method: row.method, payee_name: row.payee_name, details: row.details, updated_at: row.updated_at.toISOString() } : null

/** The referrer's own payout details, or null before she gives them. */
export async function getPayoutDetails(db: Executor, userId: string) {
  const [row] = await db.select().from(payout_details).where(eq(payout_details.user_id, userId)).limit(1)
  return shown(row)
}

/**
 * Gives or replaces where her referral fees are paid. The payee and the
 * address or account are sealed by their columns (ADR 013); the audit row
 * says that they changed, never what they are.
 */
export async function savePayoutDetails(db: Executor, userId: string, input: PayoutDetailsInput, actor: Actor) {
  return transaction(db, async (tx) => {
    const values = { method: input.method, payee_name: input.payee_name, details: input.details, updated_at: clock.now() }
    await tx
      .insert(payout_details)
      .values({ user_id: userId, ...values })
      .onConflictDoUpdate({
        // The column by its bare name: both engines take it (PostgreSQL refuses a table-qualified conflict target).
        target: sql`${sql.identifier(payout_details.user_id.name)}` as never,
        set: values,
      })
    await writeAudit(tx, actor, { action: 'payout_details.saved', resource_type: 'user', resource_id: userId, details: { method: input.method } })
    return (await getPayoutDetails(tx, userId))!
  })
}

/**
 * An admin reads the payout details of a payout's referrer, to pay her. The
 * read is audited (who, which payout, whose details), in the same unit of
 * work: no details leave without their audit row.
 */
export async function readPayee(db: Executor, payoutId: string, actor: Actor) {
  return transaction(db, async (tx) => {
    const [payout] = await tx.select({ id: payouts.id, referrer_user_id: payouts.referrer_user_id }).from(payouts).where(eq(payouts.id, payoutId)).limit(1)
    if (!payout) throw notFound('payouts.payoutNotFound')
    const details = payout.referrer_user_id ? await getPayoutDetails(tx, payout.referrer_user_id) : null
    await writeAudit(tx, actor, {
      action: 'payout_details.read',
      resource_type: 'payout',
      resource_id: payout.id,
      details: { referrer_user_id: payout.referrer_user_id, given: details !== null },
    })
    return { payout_id: payout.id, details }
  })
}

/** The method the referrer asked to be paid by, or null before she gave her details (what the release e-mail tells her). */
export async function payoutMethodOf(db: Executor, userId: string) {
  const [row] = await db.select({ method: payout_details.method }).from(payout_details).where(eq(payout_details.user_id, userId)).limit(1)
  return row?.method ?? null
}
