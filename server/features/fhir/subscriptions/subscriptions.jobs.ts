import { every } from '../../../jobs/scheduler'
import { onTaskChanged } from '../rest/task-version'
import { deliverNotifications } from './deliver-notifications'
import { enqueueTaskNotifications, SUBSCRIPTION_DELIVERY } from './enqueue-notifications'

/**
 * Registers the delivery of Subscription notifications (every instance runs it; ADR 043) and the
 * Task-change hook's listener that queues them in the transaction of each new Task version.
 */
export function registerSubscriptionJobs() {
  every(SUBSCRIPTION_DELIVERY, 2000, deliverNotifications)
  onTaskChanged(async (tx, change) => {
    await enqueueTaskNotifications(tx, change)
  })
}
