/**
 * Hits and misses of the server's own caches since the process started, by
 * cache: read by GET /metrics (server/metrics) and so by the benchmarks, which
 * print the hit ratio of the run they measured. Plain counters: counting costs
 * nothing whether or not metrics are enabled.
 */
export type CacheCount = { cache: string; hits: number; misses: number }

const counts = new Map<string, CacheCount>()

/** The counter of the cache named `cache` (one per name, made on first use). */
export function cacheCounter(cache: string) {
  const counted = counts.get(cache) ?? { cache, hits: 0, misses: 0 }
  counts.set(cache, counted)
  return {
    hit: () => void counted.hits++,
    miss: () => void counted.misses++,
  }
}

/** Every cache's counts now (copies). */
export const cacheCounts = (): CacheCount[] => [...counts.values()].map((c) => ({ ...c }))
