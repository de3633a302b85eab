import { Hono } from 'hono'
import { notFound } from '../errors'
import type { AppEnv } from '../types'
import { checkKey } from './files'
import { fileStore } from './store'

/**
 * Public media: property photos and videos and profile photos, from the
 * data folder or the bucket (ADR 025). Referral documents are never served
 * here (they go through an access-checked route).
 */
const PUBLIC_AREAS = new Set(['property-images', 'property-videos', 'operator-profiles'])
const HEADERS = { 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' }

export const mediaRoutes = new Hono<AppEnv>().get('/media/:area/:owner/:name', async (c) => {
  const { area, owner, name } = c.req.param()
  const key = `${area}/${owner}/${name}`
  if (!PUBLIC_AREAS.has(area)) throw notFound()
  try {
    checkKey(key)
  } catch {
    throw notFound()
  }
  const answer = await fileStore().serve(key, c.req.header('range'), HEADERS)
  if (!answer) throw notFound()
  return answer
})

/** The public URL of a stored media key (null without one). */
export function mediaUrl(key: string): string
export function mediaUrl(key: string | null | undefined): string | null
export function mediaUrl(key: string | null | undefined) {
  return key ? `/media/${key}` : null
}
