import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { removeOwnerFolder } from '../../storage/files'
import { findOwnedProperty } from './my-property-view'

/**
 * DELETE /api/my/properties/:id: the property, its media rows, tours and
 * reviews (cascade), then its photo and video files once the rows are gone.
 */
export async function deleteProperty(db: Executor, opts: { operatorId: string; propertyId: string }) {
  await transaction(db, async (tx) => {
    const row = await findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    await tx.delete(properties).where(eq(properties.id, row.id))
  })
  await removeOwnerFolder('property-images', opts.propertyId)
  await removeOwnerFolder('property-videos', opts.propertyId)
}
