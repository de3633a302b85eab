import { Hono } from 'hono'
import { notFound } from '../errors'
import type { AppEnv } from '../types'
import { fileExists, filePath } from './files'

/**
 * Public media: property photos and videos and profile photos. Referral
 * documents are never served here (they go through an access-checked route).
 */
const PUBLIC_AREAS = new Set(['property-images', 'property-videos', 'operator-profiles'])

export const mediaRoutes = new Hono<AppEnv>().get('/media/:area/:owner/:name', (c) => {
  const { area, owner, name } = c.req.param()
  const key = `${area}/${owner}/${name}`
  if (!PUBLIC_AREAS.has(area)) throw notFound()
  let ok = false
  try {
    ok = fileExists(key)
  } catch {
    ok = false
  }
  if (!ok) throw notFound()
  const file = Bun.file(filePath(key))
  // Bun serves Range requests for a BunFile body, which video seeking needs.
  return new Response(file, {
    headers: {
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    },
  })
})

/** The public URL of a stored media key (null without one). */
export function mediaUrl(key: string): string
export function mediaUrl(key: string | null | undefined): string | null
export function mediaUrl(key: string | null | undefined) {
  return key ? `/media/${key}` : null
}
