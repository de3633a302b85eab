/**
 * The operators area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { operatorsRoutes } from './operators.routes'
import { myProfileRoutes } from './my-profile.routes'

/** The area's routes in one router: app.ts mounts one router per area. */
export const router = new Hono<AppEnv>().route('/', operatorsRoutes).route('/', myProfileRoutes)

export { IS_OPERATOR_SQL } from './list-operators'
export { findProfileByUsername } from './get-operator-profile'
export { directoryOperators } from './directory-operators'
export type { DirectoryOperator } from './directory-operators'
