/**
 * Subscriptions (R4 Subscriptions Backport, rest-hook; ADR 043): private to the fhir area, which
 * re-exports what others need from its own index.ts.
 */
export { subscriptionsRoutes } from './subscriptions.routes'
export { enqueueTaskNotifications, SUBSCRIPTION_DELIVERY, type TaskChange } from './enqueue-notifications'
export { deliverNotifications } from './deliver-notifications'
export { registerDeliveryJob } from './subscriptions.jobs'
export { taskTopicUrl, EXT as BACKPORT_EXTENSIONS } from './topic'
export { requesterReference } from './subscription-resource'
export { listSubscriptionsByClient } from './list-subscriptions'
