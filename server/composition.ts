/**
 * Everything that is registered by importing a module, in one place: the
 * checkout kinds of server/payments/fulfilment.ts and the job kinds and
 * periodic tasks of server/jobs/scheduler.ts. Imported once by createApp()
 * (server, tests) and by the CLI commands that run jobs or checkouts, so no
 * route file or test has to remember a side-effect import (issue 18).
 *
 * Each registering module stays next to the code it acts on; this file only
 * lists them. A new checkout kind or job file is added here.
 */

// Checkout kinds (billing owns the checkout; each area that sells registers what it sells).
import './features/billing/subscription-fulfilment'
import './features/marketplace/unlock-fulfilment'

// Job kinds and periodic tasks.
import './features/marketplace/marketplace.jobs'
import './mail/mail.jobs'
import './features/auth/auth.jobs'
import './features/referrals/referrals.jobs'
import './features/properties/properties.jobs'
import './realtime/realtime.jobs'
