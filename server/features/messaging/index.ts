/**
 * The messaging area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { messagingRoutes } from './messaging.routes'
import { eventsRoutes } from './events.routes'

/** The area's routes in one router: app.ts mounts one router per area. */
export const router = new Hono<AppEnv>().route('/', messagingRoutes).route('/', eventsRoutes)

export { assertAdminSession } from './conversation-access'
export { openConversation } from './open-conversation'
export { registerMessagingJobs } from './message-digest'
