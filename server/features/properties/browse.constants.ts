/**
 * The search's plain constants, without zod (browse.schemas.ts re-exports
 * them): the browse page's filters read them from here.
 */

/** Radius options in miles; 50 is the default. Shared with the browse page. */
export const RADIUS_OPTIONS = [10, 25, 50, 100, 250] as const
export const DEFAULT_RADIUS = 50
export const DEFAULT_PER_PAGE = 12
export const MAX_PER_PAGE = 50
