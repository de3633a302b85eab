import { and, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { property_media } from '../../db/schema'
import { invalid } from '../../errors'
import { findOwnedProperty, mediaOf, ownerView } from './my-property-view'

export const REORDER_MESSAGE = 'The new order must list every image of the property once'

/**
 * POST /api/my/properties/:id/images/order {ids}: the complete new order of
 * the property's images; the first becomes the featured image.
 */
export function reorderPropertyImages(opts: { operatorId: string; propertyId: string; ids: string[] }) {
  const row = db.transaction((tx) => {
    const property = findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    const current = mediaOf(tx, [property.id]).filter((m) => m.kind === 'image')
    const known = new Set(current.map((m) => m.id))
    const unique = new Set(opts.ids)
    if (unique.size !== opts.ids.length || opts.ids.length !== known.size || !opts.ids.every((id) => known.has(id))) {
      throw invalid(REORDER_MESSAGE, { ids: REORDER_MESSAGE })
    }
    opts.ids.forEach((id, position) => {
      tx.update(property_media)
        .set({ position })
        .where(and(eq(property_media.id, id), eq(property_media.property_id, property.id)))
        .run()
    })
    return property
  })
  return ownerView(row, mediaOf(db, [row.id]))
}
