import { every } from '../../jobs/scheduler'
import { HOUR } from '../../lib/clock'
import { sendBedReminders } from './send-bed-reminders'

/** Registers the properties area's periodic tasks (called once, by server/composition.ts). */
export function registerPropertyJobs() {
  // Hourly check, weekly e-mail per home (send-bed-reminders.ts decides who is due); the scheduler hands it the database.
  every('beds-confirmation-reminders', HOUR, (db) => sendBedReminders(db))
}
