import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { shortlist_items } from '../../db/schema'
import { AppError } from '../../errors'
import { getPublicProperty } from './get-property'
import { SHORTLIST_MAX } from './shortlist-rules'

/**
 * GET /api/my/shortlist: the account's saved homes, oldest first, each as
 * its public page shows it (the same visibility: a home that is no longer
 * public comes back as `home: null`, so the list says so rather than
 * dropping it silently). At most SHORTLIST_MAX homes: read one by one.
 */
export async function listShortlist(db: Executor, userId: string) {
  const rows = await db
    .select({ property_id: shortlist_items.property_id, created_at: shortlist_items.created_at })
    .from(shortlist_items)
    .where(eq(shortlist_items.user_id, userId))
    .orderBy(asc(shortlist_items.created_at), asc(shortlist_items.property_id))
  const items = []
  for (const r of rows) {
    const home = await getPublicProperty(db, r.property_id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null
      throw error
    })
    items.push({ property_id: r.property_id, saved_at: r.created_at.toISOString(), home })
  }
  return { items, max: SHORTLIST_MAX }
}
