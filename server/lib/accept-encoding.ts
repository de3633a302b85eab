/**
 * The content codings Homeward sends, in its order of preference when a client weighs them alike:
 * zstd first (a sixth of brotli's CPU on a page of results for the same size), only where the
 * answer is compressed per request (compress.ts) and only for clients that name it (`*` never
 * stands for it: an old client's wildcard predates it).
 */
export type Encoding = 'zstd' | 'br' | 'gzip'
const PREFERENCE: Encoding[] = ['zstd', 'br', 'gzip']

/**
 * The coding to answer with, given the request's Accept-Encoding and the
 * codings available for this answer: the highest q (RFC 9110 §12.5.3; `q=0`
 * refuses, `*` stands for any coding not listed but zstd), zstd, brotli, gzip on a tie,
 * null for the plain body (no header, nothing acceptable, nothing available).
 */
export function negotiateEncoding(header: string | null | undefined, available: readonly Encoding[] = PREFERENCE): Encoding | null {
  if (!header || available.length === 0) return null
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  let best: Encoding | null = null
  let bestWeight = 0
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue
    const weight = weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? (coding === 'zstd' ? 0 : weights.get('*')) ?? 0
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best
}
