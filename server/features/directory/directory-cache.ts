import type { Context } from 'hono'
import { cors } from 'hono/cors'
import { createMiddleware } from 'hono/factory'
import type { Executor } from '../../db/client'
import { clock, MINUTE } from '../../lib/clock'
import { limiter, tryAgainIn } from '../../lib/rate-limit'
import type { AppEnv } from '../../types'
import { cachedSearch, searchBody, type CacheLookup, type Witness } from '../properties'

/**
 * The directory's reads are public and cached like the search (search-cache.ts,
 * ADRs 008, 030, 031): one body per URL, in the same generations, so any
 * commit — a bed confirmation, an edit, a deactivation, a plan change —
 * ends them on every instance and the next read of either feed shows it.
 * A key is the request's path and query behind a space, which no search key
 * (a raw query string) can start with.
 */
type DirectoryEnv = AppEnv & { Variables: { directoryMiss: CacheLookup } }

/**
 * Per address: 600 reads a minute, shared by every instance like every other
 * limit (rate-limit.ts: in the database on PostgreSQL). A read is a hot path,
 * and a database write per read would serialise one address's concurrent
 * reads on its row (bench/directory.ts on PostgreSQL: 0.25× the search's
 * throughput), so an instance takes reads from the shared window in leases of
 * READ_LEASE: one write per 50 reads. A lease is used within a minute of being
 * taken; one taken at a window's end may spill into the next, so an address
 * gets at most READ_LEASE more per window and instance. A full harvest of
 * 10,000 homes at 100 a page is 100 requests.
 */
export const READS_PER_MINUTE = 600
export const READ_LEASE = 50
const leasesPerAddress = limiter('directory-read-leases-per-address', READS_PER_MINUTE / READ_LEASE, MINUTE, tryAgainIn('directory.tooManyRequests'))
const leased = new Map<string, { left: number; until: number }>()
const leasing = new Map<string, Promise<void>>()

async function takeRead(db: Executor, address: string) {
  for (;;) {
    const lease = leased.get(address)
    if (lease && lease.left > 0 && lease.until > clock.ms()) {
      lease.left--
      return
    }
    // One lease at a time per address: a burst waits for it instead of taking one each.
    const pending = leasing.get(address)
    if (pending !== undefined) {
      await pending
      continue
    }
    const taking = leasesPerAddress
      .consume(db, address)
      .then(() => {
        if (leased.size >= 50_000) for (const [k, v] of leased) if (v.until <= clock.ms()) leased.delete(k)
        leased.set(address, { left: READ_LEASE, until: clock.ms() + MINUTE })
      })
      .finally(() => leasing.delete(address))
    leasing.set(address, taking)
    await taking
  }
}

/** The path and query of an absolute URL, behind a space. */
const keyOf = (url: string) => ` ${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`

/**
 * Other sites' pages may read the feeds (a 211's web app, a SMART app): public data, no cookie is read, so any
 * origin, GET only (hono/cors answers the preflight).
 */
export const openToOtherSites = cors({ origin: '*', allowMethods: ['GET', 'HEAD'], maxAge: 86_400 })

export const rateLimited = createMiddleware<DirectoryEnv>(async (c, next) => {
  await takeRead(c.get('db'), c.get('ip') ?? 'unknown')
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
