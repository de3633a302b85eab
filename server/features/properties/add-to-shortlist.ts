import { keyed } from '../../i18n/keyed'
import { count, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { lockOwner } from '../../db/dialect'
import { shortlist_items, users } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { conflict } from '../../errors'
import { getPublicProperty } from './get-property'
import { SHORTLIST_MAX } from './shortlist-rules'

/**
 * PUT /api/my/shortlist/:propertyId: saves a public home to the account's
 * shortlist (a home the public cannot see is 'Property not found', as its
 * page). Saving one already there changes nothing. At most SHORTLIST_MAX:
 * the account is locked first, so twenty saves at once cannot pass the count
 * together (ADR 024).
 */
export async function addToShortlist(db: Executor, userId: string, propertyId: string) {
  return transaction(db, async (tx) => {
    await getPublicProperty(tx, propertyId)
    await lockOwner(tx, users, userId)
    const rows = await tx.select({ property_id: shortlist_items.property_id }).from(shortlist_items).where(eq(shortlist_items.user_id, userId))
    if (rows.some((r) => r.property_id === propertyId)) return { added: false }
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(shortlist_items).where(eq(shortlist_items.user_id, userId))
    if (n >= SHORTLIST_MAX) throw conflict('shortlist_full', keyed('properties.shortlistFull', { max: SHORTLIST_MAX }))
    await tx.insert(shortlist_items).values({ user_id: userId, property_id: propertyId })
    return { added: true }
  })
}
