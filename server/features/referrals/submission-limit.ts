import { HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'

/**
 * Each submission notifies up to 5 operators by e-mail: bound how fast one account can do that,
 * whether it submits in the browser or its registered system creates referrals (FHIR transaction):
 * one budget per account.
 */
export const submissionsPerUser = limiter('referral-submissions', 30, HOUR, () => 'referrals.tooManySubmitted')
