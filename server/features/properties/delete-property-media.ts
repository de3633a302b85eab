import { and, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { property_media } from '../../db/schema'
import { notFound } from '../../errors'
import { removeFile } from '../../storage/files'
import { findOwnedProperty, mediaOf, ownerView } from './my-property-view'

/** DELETE /api/my/properties/:id/media/:mediaId: one photo or video, row then files. */
export function deletePropertyMedia(opts: { operatorId: string; propertyId: string; mediaId: string }) {
  const { property, media } = db.transaction((tx) => {
    const property = findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    const media = tx
      .select()
      .from(property_media)
      .where(and(eq(property_media.id, opts.mediaId), eq(property_media.property_id, property.id)))
      .get()
    if (!media) throw notFound('Media not found')
    tx.delete(property_media).where(eq(property_media.id, media.id)).run()
    return { property, media }
  })
  removeFile(media.storage_key)
  if (media.thumb_key && media.thumb_key !== media.storage_key) removeFile(media.thumb_key)
  return ownerView(property, mediaOf(db, [property.id]))
}
