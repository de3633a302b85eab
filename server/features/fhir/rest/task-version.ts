import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { forUpdate } from '../../../db/dialect'
import { fhir_resource_ids, fhir_tasks, referrals } from '../../../db/schema'
import { clock } from '../../../lib/clock'
import { referralStep } from '../referral-step'
import { stableId } from '../stable-id'
import { taskId, taskProjection } from '../task-resource'

/**
 * The Task-change hook's work (ADR 042), registered with the referrals area's `touchTask`: in the
 * transaction that changed the referral, lock the Task's version row, recompute what the Task says and
 * compare its digest with the stored one; when it differs, the version goes up by one and
 * `lastUpdated` moves. The row is locked before the referral is read, so two changes at once are
 * counted one after the other (consecutive versions, none twice) on both engines.
 */
export type TaskChange = { referralId: string; taskId: string; versionId: number; changedAt: Date }
const listeners: ((tx: Tx, change: TaskChange) => Promise<void>)[] = []

/** Called in the changing transaction after each new version (the notifications of subscriptions hook in here). */
export function onTaskChanged(listener: (tx: Tx, change: TaskChange) => Promise<void>) {
  listeners.push(listener)
}

/** The digest of what the Task says (taskProjection), compared by the hook. */
export const taskDigest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url')
const lockRow = (tx: Tx, referralId: string) => forUpdate(tx.select().from(fhir_tasks).where(eq(fhir_tasks.referral_id, referralId)).limit(1))

export async function touchTaskVersion(tx: Tx, referralId: string) {
  let [row] = await lockRow(tx, referralId)
  if (!row) {
    const [referral] = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, referralId)).limit(1)
    if (!referral) return
    // A new Task (or one of a referral from before versions): version 0 until its projection is counted below.
    await tx.insert(fhir_tasks).values({ referral_id: referralId, version_id: 0, last_updated: clock.now(), status: 'requested', projection_hash: null }).onConflictDoNothing()
    await registerIds(tx, referralId, [
      ['Patient', stableId(referralId, 'Patient')],
      ['ServiceRequest', stableId(referralId, 'ServiceRequest')],
      ['Task', taskId(referralId)],
    ])
    ;[row] = await lockRow(tx, referralId)
  }
  const [referral] = await tx
    .select({ id: referrals.id, status: referrals.status, close_outcome: referrals.close_outcome, matched_operator_id: referrals.matched_operator_id, matched_property_id: referrals.matched_property_id })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .limit(1)
  if (!row || !referral) return
  const projection = taskProjection(await referralStep(tx, referral, null))
  const hash = taskDigest(projection)
  if (hash === row.projection_hash) return
  const versionId = row.version_id + 1
  // Never backwards, so a later version is never older.
  const changedAt = new Date(Math.max(clock.ms(), row.last_updated.getTime()))
  await tx.update(fhir_tasks).set({ version_id: versionId, last_updated: changedAt, status: projection.status, projection_hash: hash }).where(eq(fhir_tasks.referral_id, referralId))
  const change = { referralId, taskId: taskId(referralId), versionId, changedAt }
  for (const listener of listeners) await listener(tx, change)
}

/** Records the ids of a referral's resources, so a read by id finds the referral (stable ids are not reversible). */
export async function registerIds(tx: Tx, referralId: string, ids: readonly (readonly [type: string, id: string, documentId?: string])[]) {
  if (ids.length === 0) return
  await tx
    .insert(fhir_resource_ids)
    .values(ids.map(([resource_type, id, document_id]) => ({ id, resource_type, referral_id: referralId, document_id: document_id ?? null })))
    .onConflictDoNothing()
}
