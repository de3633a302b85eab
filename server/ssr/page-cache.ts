import type { cacheCounter } from '../lib/cache-stats'
import { clock, MINUTE } from '../lib/clock'
import type { LoadedPage } from './render'

/**
 * Rendered public pages, kept per URL with the data they were rendered from
 * (LoadedPage.data): a page is served from here only when the data loaded for
 * this request is the same, so an entry never outlives a change of its data,
 * whatever the engine or the instance that wrote it; rendering is the costly
 * part (README, Performance). A page also reads the clock (how long ago beds
 * were confirmed): an entry serves for a minute at most. The URL is
 * caller-controlled: bounded, least recently used out.
 */
const MAX_PAGES = 200
const MAX_AGE = MINUTE

/** `counter`: its hits and misses, for GET /metrics (lib/cache-stats.ts). */
export function pageCache<T>(counter: ReturnType<typeof cacheCounter>) {
  const pages = new Map<string, { data: string; at: number; page: T }>()
  return async (key: string, loaded: LoadedPage, make: () => Promise<T>): Promise<T> => {
    const hit = pages.get(key)
    const now = clock.ms()
    if (hit && hit.data === loaded.data && now >= hit.at && now - hit.at < MAX_AGE) {
      pages.delete(key)
      pages.set(key, hit)
      counter.hit()
      return hit.page
    }
    counter.miss()
    const page = await make()
    pages.delete(key)
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!)
    pages.set(key, { data: loaded.data, at: now, page })
    return page
  }
}
