/**
 * The referrals area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { referralsRoutes } from './referrals.routes'
import { referrerRoutes } from './referrer.routes'

/** The area's routes in one router: app.ts mounts one router per area. */
export const router = new Hono<AppEnv>().route('/', referralsRoutes).route('/', referrerRoutes)

export { matchReferral } from './match-referral'
export { operatorHasUnmaskedAccess, unmaskedReferralIds } from './referral-access'
export { ACTIVE_REFERRAL_STATUSES } from './referrals.schemas'
export { DECLINE_REASONS, DECLINE_REASON_LABELS, declineSchema, funnelQuerySchema } from './responses.schemas'
export type { DeclineReason } from './responses.schemas'
export { registerReferralJobs } from './referrals.jobs'
export { BENEFIT_TYPES, BUDGET_RANGES, createReferralSchema, MEDICAID_STATUSES, REFERRER_ROLE_LABELS, REFERRER_ROLES } from './referrals.schemas'
export type { CreateReferralInput } from './referrals.schemas'
// A registered system's FHIR transaction submits through the same use case as the browser (ADR 041).
export { createReferral } from './create-referral'
export { matchReferralNow } from './match-referral'
export { submissionsPerUser } from './submission-limit'
export { findReferral } from './referral-views'
export { referralFactsOf, referralState, referralStates, REFERRAL_STEP_LABELS } from './referral-state'
export type { ReferralState, ReferralStepName } from './referral-state'
export { authorizeReferralRead } from './authorize-referral-read'
export type { ReferralReadRole } from './authorize-referral-read'
export { registerTaskToucher, touchTask } from './task-hook'
export { cancelReferral } from './cancel-referral'
