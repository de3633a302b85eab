import type { Tx } from '../../db/client'

/**
 * The Task-change hook (ADR 042): every use case that changes what a referral's FHIR Task says — its
 * status, step, owner or outcome — calls `touchTask(tx, referralId)` inside its own transaction, after
 * its writes. The fhir area (which sits above this one) registers what it does: recompute the Task,
 * compare it with the stored one and, when it differs, give it a new version (server/composition.ts).
 * Calling it when nothing changed is harmless: the version stays.
 */
type TaskToucher = (tx: Tx, referralId: string) => Promise<void>
let toucher: TaskToucher | null = null

export function registerTaskToucher(fn: TaskToucher) {
  toucher = fn
}

export async function touchTask(tx: Tx, referralId: string) {
  if (toucher) await toucher(tx, referralId)
}
