/**
 * The tours area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { toursRoutes } from './tours.routes'
import { myToursRoutes } from './my-tours.routes'

/** The area's routes in one router: app.ts mounts one router per area. */
export const router = new Hono<AppEnv>().route('/', toursRoutes).route('/', myToursRoutes)

export { earliestAllowedDate } from './request-tour'
export { registerTourHooks } from './claim-guest-tours'
