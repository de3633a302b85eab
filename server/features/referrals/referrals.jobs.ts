import { defineJob } from '../../jobs/scheduler'
import { MATCH_JOB, matchReferral } from './match-referral'

/** Registers the referrals area's job kinds (called once, by server/composition.ts). */
export function registerReferralJobs() {
  /**
   * Fallback for automatic matching: createReferral schedules it, and the
   * immediate run after submission cancels it. It only fires when that run did
   * not complete, and matching is idempotent, so nobody is notified twice.
   */
  defineJob(MATCH_JOB, async ({ tx, payload }) => {
    // The runner's unit of work pushes the notifications live after its commit.
    // The job runs only when the immediate run did not commit: it sends the submission e-mail instead.
    await matchReferral(tx, String(payload.referral_id), { announce: true })
  })
}
