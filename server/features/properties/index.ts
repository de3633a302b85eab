/**
 * The properties area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import { propertiesRoutes } from './properties.routes'
import { myPropertiesRoutes } from './my-properties.routes'
import { shortlistRoutes } from './shortlist.routes'

/** The area's routes in one router: app.ts mounts one router per area. */
export const router = new Hono<AppEnv>().route('/', propertiesRoutes).route('/', myPropertiesRoutes).route('/', shortlistRoutes)

export { approvedReviews, reviewsOf } from './approved-reviews'
export { PROPERTY_NOT_FOUND } from './get-property'
export { displayName, loadPropertyViews } from './property-view'
export { VISIBLE_PROPERTY, fromRaw } from './public-sql'
export { publicReadBody } from './search-cache'
export type { RawProperty } from './public-sql'
export { VIDEO_TOO_LARGE, VIDEO_TYPE_MESSAGE, videoSink } from './video-files'
export type { StoredVideo } from './video-files'
export { MAX_VIDEO_BYTES } from './video-rules'
export { registerPropertyJobs } from './properties.jobs'
export { directoryHomes } from './directory-homes'
export type { DirectoryFilter, DirectoryHome, DirectoryPage, RenderedHome, Rendering } from './directory-homes'
export { cachedSearch, searchBody } from './search-cache'
export type { CacheLookup, Witness } from './search-cache'
