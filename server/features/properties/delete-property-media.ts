import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { property_media } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { notFound } from '../../errors'
import { removeFile } from '../../storage/files'
import { findOwnedProperty, mediaOf, ownerView } from './my-property-view'

/** DELETE /api/my/properties/:id/media/:mediaId: one photo or video, row then files. */
export async function deletePropertyMedia(db: Executor, opts: { operatorId: string; propertyId: string; mediaId: string }) {
  const { property, media } = await transaction(db, async (tx) => {
    const property = await findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    const [media] = await forUpdate(
      tx
        .select()
        .from(property_media)
        .where(and(eq(property_media.id, opts.mediaId), eq(property_media.property_id, property.id)))
        .limit(1),
    )
    if (!media) throw notFound('properties.mediaNotFound')
    await tx.delete(property_media).where(eq(property_media.id, media.id))
    return { property, media }
  })
  await removeFile(media.storage_key)
  if (media.thumb_key && media.thumb_key !== media.storage_key) await removeFile(media.thumb_key)
  return ownerView(property, await mediaOf(db, [property.id]))
}
