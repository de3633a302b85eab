import type { Executor } from '../../db/client'
import { referrals } from '../../db/schema'
import { ageOn } from '../../lib/dates'
import { transaction } from '../../db/unit-of-work'
import { clock, MINUTE } from '../../lib/clock'
import { scheduleJob } from '../../jobs/scheduler'
import { addRole } from '../auth'
import { budgetMaxCents, type CreateReferralInput } from './referrals.schemas'
import { MATCH_JOB, matchJobKey } from './match-referral'
import { touchTask } from './task-hook'

/**
 * Submits a referral: in one transaction the referral (pending,
 * masked), the submitter's referrer role when missing, and a fallback
 * matching job. The 'referral_submitted' e-mail goes with the first matching
 * run (matchReferral's `announce`), which knows how many homes were told. The caller runs matching right after
 * commit; the job only fires if that run did not happen (crash, error).
 */
export function createReferral(db: Executor, input: CreateReferralInput, submitter: { id: string; email: string }) {
  return transaction(db, async (tx) => {
    const now = clock.now()
    const [referral] = await tx
      .insert(referrals)
      .values({
        ...input,
        referrer_user_id: submitter.id,
        client_age: ageOn(input.client_dob, now),
        budget_max_cents: budgetMaxCents(input.budget_range),
        status: 'pending',
        visibility_level: 'masked',
      })
      .returning()
    await addRole(tx, submitter.id, 'referrer')
    await touchTask(tx, referral.id)
    await scheduleJob(tx, {
      kind: MATCH_JOB,
      key: matchJobKey(referral.id),
      runAt: new Date(now.getTime() + MINUTE),
      payload: { referral_id: referral.id },
    })
    return referral
  })
}
