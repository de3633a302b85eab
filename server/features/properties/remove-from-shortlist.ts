import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { shortlist_items } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'

/** DELETE /api/my/shortlist/:propertyId: takes a home off the account's shortlist (one not there: nothing to do). */
export async function removeFromShortlist(db: Executor, userId: string, propertyId: string) {
  return transaction(db, async (tx) => {
    const removed = await tx
      .delete(shortlist_items)
      .where(and(eq(shortlist_items.user_id, userId), eq(shortlist_items.property_id, propertyId)))
      .returning({ property_id: shortlist_items.property_id })
    return { removed: removed.length > 0 }
  })
}
