/**
 * The billing area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { billingRoutes } from './billing.routes'
import { paymentsRoutes } from './payments.routes'

/** The area's routes in one router: app.ts mounts one router per area. */
export const router = new Hono<AppEnv>().route('/', billingRoutes).route('/', paymentsRoutes)

export { FREE_STATUS, effectiveSubscription, getSubscriptionRow, getSubscriptionStatus, isPremium, limitsFor } from './entitlements'
export { listPremiumAccounts } from './list-premium'
export { FREE_BIO_LENGTH, FREE_PHOTO_MESSAGE, MAX_PHOTOS, MAX_VIDEOS, PLAN_LIMITS } from './plans'
export { PREMIUM_TIME_BOUNDARY_SQL, premiumSql } from './premium-sql'
export { setComplimentary } from './set-complimentary'
export { registerSubscriptionCheckout } from './subscription-fulfilment'
