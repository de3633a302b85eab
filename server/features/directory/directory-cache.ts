import type { Context } from 'hono'
import { cors } from 'hono/cors'
import { createMiddleware } from 'hono/factory'
import { MINUTE } from '../../lib/clock'
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import type { AppEnv } from '../../types'
import { cachedSearch, searchBody, type CacheLookup, type Witness } from '../properties'

/**
 * The directory's reads are public and cached like the search (search-cache.ts,
 * ADRs 008, 031, 032): one body per URL, in the same generations, so any
 * commit — a bed confirmation, an edit, a deactivation, a plan change —
 * ends them on every instance and the next read of either feed shows it.
 * A key is the request's path and query behind a space, which no search key
 * (a raw query string) can start with.
 */
type DirectoryEnv = AppEnv & { Variables: { directoryMiss: CacheLookup } }

/**
 * Per address, counted like every other limit (rate-limit.ts: in memory on
 * SQLite's one instance, in the database on PostgreSQL, so every instance
 * counts into the same window). A full harvest of 10,000 homes at 100 a page
 * is 100 requests.
 */
const readsPerAddress = limiter('directory-reads-per-address', 600, MINUTE, tryAgainIn('Too many directory requests from this network'))

/** The path and query of an absolute URL, behind a space. */
const keyOf = (url: string) => ` ${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`

/**
 * Other sites' pages may read the feeds (a 211's web app, a SMART app): public data, no cookie is read, so any
 * origin, GET only (hono/cors answers the preflight).
 */
export const openToOtherSites = cors({ origin: '*', allowMethods: ['GET', 'HEAD'], maxAge: 86_400 })

export const rateLimited = createMiddleware<DirectoryEnv>(async (c, next) => {
  await readsPerAddress.consume(c.get('db'), c.get('ip') ?? 'unknown')
  await next()
})

/**
 * The cached body if any (before validation: a body is only ever kept for a
 * valid query). Only for reads of what the generations cover (homes, their
 * media, operators' names, accounts and plans): an operator's badges also
 * come from reviews and referrals, whose writes do not end a generation on
 * PostgreSQL, so the organization reads are not cached.
 */
export const directoryCache = (contentType: string) =>
  createMiddleware<DirectoryEnv>(async (c, next) => {
    const lookup = await cachedSearch(c.get('db'), keyOf(c.req.url))
    if (lookup.body !== undefined) return c.body(lookup.body, 200, { 'Content-Type': contentType })
    c.set('directoryMiss', lookup)
    await next()
  })

/** The answer (JSON text) computed by `compute` (reads only, through the request's database), kept for the next identical request. */
export async function cachedAnswer(c: Context<DirectoryEnv>, contentType: string, compute: (witness: Witness) => Promise<string>) {
  const body = await searchBody(c.get('db'), keyOf(c.req.url), compute, { missed: c.get('directoryMiss'), serialize: String })
  return c.body(body, 200, { 'Content-Type': contentType })
}

export type { DirectoryEnv }
