/**
 * The notifications area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * its router, which app.ts mounts, and what other areas, the CLI and lib use.
 * Other modules import this area only through this file; the rest of the folder
 * is private to it (tests excepted).
 */
export { notificationsRoutes as router } from './notifications.routes'

export { notify } from './notify'
export { getEmailPreferences, mailIfWanted, setEmailPreferences, unsubscribe } from './email-preferences'
