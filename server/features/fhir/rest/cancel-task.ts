import { eq } from 'drizzle-orm'
import type { Executor } from '../../../db/client'
import { forUpdate } from '../../../db/dialect'
import { fhir_tasks, referrals } from '../../../db/schema'
import { transaction } from '../../../db/unit-of-work'
import { notFound, preconditionFailed } from '../../../errors'
import { cancelReferral } from '../../referrals'
import { type Reader, resourceOwner } from './read-resource'
import { touchTaskVersion } from './task-version'

/**
 * PATCH /fhir/r4/Task/<id> {status: cancelled} (ADR 042): the referral is cancelled exactly as its
 * referrer cancels it in the browser (the referrals area's cancelReferral: its rules, its audit row,
 * here with the system as actor), in one transaction with the If-Match check. The referral's row is
 * locked first, then the Task's version (the order every use case takes), so a change in between
 * cannot slip past a matching version.
 */
export function cancelTask(db: Executor, id: string, ifMatch: string | undefined, reader: Reader) {
  return transaction(db, async (tx) => {
    const owner = await resourceOwner(tx, 'Task', id)
    if (!owner) throw notFound('fhir.noSuchTask')
    const [referral] = await forUpdate(tx.select({ id: referrals.id, owner: referrals.referrer_user_id }).from(referrals).where(eq(referrals.id, owner.referral_id)).limit(1))
    // Another account's Task is as unknown as a missing one (cancelReferral would say 403 to an operator who may read it).
    if (!referral || referral.owner !== reader.user.id) throw notFound('fhir.noSuchTask')
    if (ifMatch !== undefined) {
      await touchTaskVersion(tx, referral.id)
      const [version] = await forUpdate(tx.select({ v: fhir_tasks.version_id }).from(fhir_tasks).where(eq(fhir_tasks.referral_id, referral.id)).limit(1))
      const wanted = /^(W\/)?"([^"]*)"$/.exec(ifMatch.trim())?.[2]
      if (!version || wanted !== String(version.v)) throw preconditionFailed(`The Task is at version ${version?.v ?? 0}: read it again (If-Match ${ifMatch} is stale)`)
    }
    await cancelReferral(tx, referral.id, reader.user, reader.actor)
    return referral.id
  })
}
