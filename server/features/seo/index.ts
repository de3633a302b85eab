/**
 * The seo area's public surface (ADR 018: docs/decisions/018-feature-boundaries.md):
 * /robots.txt and /sitemap.xml, which app.ts mounts at the site's root (not under /api).
 */
export { seoRoutes } from './seo.routes'
