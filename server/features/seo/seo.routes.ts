import { Hono } from 'hono'
import { publicUrl } from '../../env'
import type { AppEnv } from '../../types'
import { publicReadBody } from '../properties'
import { sitemapEntries, sitemapFile } from './sitemap'

/**
 * What a crawler may read: the public pages (rendered on the server, server/ssr)
 * and the photos they show. Never the API, the signed-in pages, or the links
 * that carry a token (a review request, a bed confirmation, a tour
 * reschedule, a password reset, an e-mail confirmation, a checkout).
 */
const DISALLOWED = [
  '/api/',
  '/admin',
  '/operator-dashboard',
  '/referrer-dashboard',
  '/my-referrals',
  '/account',
  '/browse-referrals',
  '/submit-referral',
  '/auth',
  '/billing/',
  '/pay/',
  '/subscription-success',
  '/review/',
  '/confirm-beds',
  '/tour-reschedule',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
]

/** The public directory of homes (ADR 032): machine-readable on purpose, so said to be crawlable. */
const ALLOWED = ['/fhir/r4/', '/hsds/']

export const robotsTxt = (origin: string) =>
  `User-agent: *\n${ALLOWED.map((path) => `Allow: ${path}`).join('\n')}\n${DISALLOWED.map((path) => `Disallow: ${path}`).join('\n')}\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`

const XML_TYPE = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' }

/**
 * /robots.txt and /sitemap.xml (with /sitemap-<n>.xml past 50,000 URLs), from
 * the database: the sitemap's files are cached like the search and
 * invalidated by the same writes (properties/search-cache.ts, ADR 008).
 */
export const seoRoutes = new Hono<AppEnv>()
  .get('/robots.txt', (c) => c.text(robotsTxt(publicUrl()), 200, { 'Cache-Control': 'public, max-age=3600' }))
  .get('/:file{sitemap(?:-[1-9][0-9]{0,5})?\\.xml}', async (c) => {
    const number = c.req.param('file').match(/^sitemap-(\d+)\.xml$/)?.[1]
    const file = number ? Number(number) : 0
    const db = c.get('db')
    // An empty body: no such numbered file (not cached apart: the next write ends it like the rest).
    const body = await publicReadBody(db, `sitemap:${file}`, async () => sitemapFile(await sitemapEntries(db), publicUrl(), file) ?? '')
    if (!body) return c.text('Not found', 404)
    return c.body(body, 200, XML_TYPE)
  })
