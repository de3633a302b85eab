/**
 * Importing this module registers every job kind and periodic task. Each
 * feature defines its jobs next to the code they act on.
 */
import '../features/marketplace/marketplace.jobs'
import '../mail/mail.jobs'
import '../features/auth/auth.jobs'
import '../features/referrals/referrals.jobs'
import '../features/properties/properties.jobs'
import '../realtime/realtime.jobs'

export { runDueJobs, runPeriodicTasks, startScheduler, stopScheduler } from './scheduler'
