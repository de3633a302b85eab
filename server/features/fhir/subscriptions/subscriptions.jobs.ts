import { every } from '../../../jobs/scheduler'
import { deliverNotifications } from './deliver-notifications'
import { SUBSCRIPTION_DELIVERY } from './enqueue-notifications'

/** Registers the delivery of Subscription notifications (every instance runs it; ADR 043). */
export function registerDeliveryJob() {
  every(SUBSCRIPTION_DELIVERY, 2000, deliverNotifications)
}
