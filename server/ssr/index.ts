/**
 * The server renderer of the public pages (ADR 027), loaded with the first
 * page it renders. The prebuilt server keeps it in a bundle of its own
 * (dist/server/ssr.js, server/build/server-bundle.ts), so React's server
 * renderer and the pages' code cost nothing at start.
 */
export { headTags, jsonInScript } from './head'
export { pageCache } from './page-cache'
export { loadPage, type ApiFetch, type LoadedPage } from './render'
