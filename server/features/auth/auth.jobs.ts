import { every } from '../../jobs/scheduler'
import { HOUR } from '../../lib/clock'
import { deleteExpiredSessions } from './session'

/** Registers the auth area's periodic tasks (called once, by server/composition.ts). */
export function registerAuthJobs() {
  every('expired-sessions', HOUR, deleteExpiredSessions)
}
