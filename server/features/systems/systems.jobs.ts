import { every } from '../../jobs/scheduler'
import { MINUTE } from '../../lib/clock'
import { sweepExpiredCredentials } from './sweep-credentials'

/** Registers the systems area's periodic tasks (called once, by server/composition.ts). */
export function registerSystemsJobs() {
  every('fhir-credentials-clean-up', 15 * MINUTE, sweepExpiredCredentials)
}
