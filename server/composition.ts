/**
 * Everything that is registered at start-up, in one place: the checkout kinds
 * of server/payments/fulfilment.ts and the job kinds and periodic tasks of
 * server/jobs/scheduler.ts. Imported once by createApp() (server, tests) and by
 * the CLI commands that run jobs or checkouts, so no route file or test has to
 * remember a side-effect import. The file store (the data folder
 * or a bucket, ADR 025) is chosen here too, once.
 *
 * Each registering function stays next to the code it acts on and is exported
 * by its area's index.ts (ADR 018); this file only calls them. A new checkout
 * kind or job file is added here.
 */
import { registerAuthJobs } from './features/auth'
import { registerSubscriptionJobs, registerTaskHook } from './features/fhir'
import { registerSubscriptionCheckout } from './features/billing'
import { registerMarketplaceJobs, registerUnlockCheckout } from './features/marketplace'
import { registerMessagingJobs } from './features/messaging'
import { registerPropertyJobs } from './features/properties'
import { registerReferralJobs } from './features/referrals'
import { registerTourHooks } from './features/tours'
import { registerSystemsJobs } from './features/systems'
import './mail/mail.jobs'
import './realtime/realtime.jobs'
import './lib/rate-limit.jobs'
import { configuredStore } from './storage/storage-config'
import { useFileStore } from './storage/store'
import { registerStorageJobs } from './storage/storage.jobs'

// Checkout kinds (billing owns the checkout; each area that sells registers what it sells).
registerSubscriptionCheckout()
registerUnlockCheckout()

// Job kinds and periodic tasks (mail, realtime and rate limits are not feature areas: they register on import).
registerMarketplaceJobs()
registerMessagingJobs()
registerAuthJobs()
registerReferralJobs()
registerPropertyJobs()
registerSystemsJobs()
registerSubscriptionJobs()

// A referral's FHIR Task gets a new version in the transaction that changes it (use cases call the referrals area's touchTask).
registerTaskHook()

// What an account's confirmed address brings with it (auth calls the areas that registered).
registerTourHooks()

// Where uploads live: STORAGE_URL's bucket, or the data folder.
useFileStore(configuredStore())
registerStorageJobs()
