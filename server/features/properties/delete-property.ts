import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { properties } from '../../db/schema'
import { removeOwnerFolder } from '../../storage/files'
import { findOwnedProperty } from './my-property-view'

/**
 * DELETE /api/my/properties/:id: the property, its media rows, tours and
 * reviews (cascade), then its photo and video files once the rows are gone.
 */
export function deleteProperty(opts: { operatorId: string; propertyId: string }) {
  db.transaction((tx) => {
    const row = findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    tx.delete(properties).where(eq(properties.id, row.id)).run()
  })
  removeOwnerFolder('property-images', opts.propertyId)
  removeOwnerFolder('property-videos', opts.propertyId)
}
