import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { property_media } from '../../db/schema'
import { invalid } from '../../errors'
import { findOwnedProperty, mediaOf, ownerView } from './my-property-view'

export const REORDER_MESSAGE = 'properties.reorder'

/**
 * POST /api/my/properties/:id/images/order {ids}: the complete new order of
 * the property's images; the first becomes the featured image.
 */
export async function reorderPropertyImages(db: Executor, opts: { operatorId: string; propertyId: string; ids: string[] }) {
  const row = await transaction(db, async (tx) => {
    const property = await findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    const current = await forUpdate(
      tx
        .select({ id: property_media.id })
        .from(property_media)
        .where(and(eq(property_media.property_id, property.id), eq(property_media.kind, 'image'))),
    )
    const known = new Set(current.map((m) => m.id))
    const unique = new Set(opts.ids)
    if (unique.size !== opts.ids.length || opts.ids.length !== known.size || !opts.ids.every((id) => known.has(id))) {
      throw invalid(REORDER_MESSAGE, { ids: REORDER_MESSAGE })
    }
    for (const [position, id] of opts.ids.entries()) {
      await tx
        .update(property_media)
        .set({ position })
        .where(and(eq(property_media.id, id), eq(property_media.property_id, property.id)))
    }
    return property
  })
  return ownerView(row, await mediaOf(db, [row.id]))
}
