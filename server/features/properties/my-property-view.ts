import { and, asc, eq, inArray } from 'drizzle-orm'
import { homeZone } from '../geo'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { properties, property_media } from '../../db/schema'
import { notFound } from '../../errors'
import { mediaUrl } from '../../storage/media.routes'

export type PropertyRow = typeof properties.$inferSelect
export type MediaRow = typeof property_media.$inferSelect

/**
 * The operator's own property, or 404: another operator's property is
 * indistinguishable from a missing one. Handed a transaction's `tx`, the
 * answer decides its write (forUpdate).
 */
export async function findOwnedProperty(tx: Executor, operatorId: string, propertyId: string) {
  const [row] = await forUpdate(
    tx
      .select()
      .from(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.operator_id, operatorId)))
      .limit(1),
  )
  if (!row) throw notFound('errors.propertyNotFound')
  return row
}

export async function mediaOf(tx: Executor, propertyIds: string[]) {
  if (propertyIds.length === 0) return []
  return tx
    .select()
    .from(property_media)
    .where(inArray(property_media.property_id, propertyIds))
    .orderBy(asc(property_media.position), asc(property_media.created_at), asc(property_media.id))
}

/**
 * How many media of one kind a property has. Inside an upload's transaction
 * it decides the cap: the caller has locked the property first
 * (findOwnedProperty), the owner of the rule, so concurrent uploads to one
 * home count one after the other (a lock on the media rows would not do:
 * the ones being added do not exist yet).
 */
export async function countMedia(tx: Executor, propertyId: string, kind: 'image' | 'video') {
  const found = await tx
    .select({ id: property_media.id })
    .from(property_media)
    .where(and(eq(property_media.property_id, propertyId), eq(property_media.kind, kind)))
  return found.length
}

/** Next free position of a property's media of one kind. */
export async function nextPosition(tx: Executor, propertyId: string, kind: 'image' | 'video') {
  const rows = await forUpdate(
    tx
      .select({ position: property_media.position })
      .from(property_media)
      .where(and(eq(property_media.property_id, propertyId), eq(property_media.kind, kind))),
  )
  return rows.reduce((max, r) => Math.max(max, r.position + 1), 0)
}

/**
 * The owner's view of a property: every field, every photo and video (also
 * those a lapsed plan hides publicly), with ids for reordering and deleting.
 * The first image is the featured one.
 */
export function ownerView(row: PropertyRow, media: MediaRow[]) {
  const own = media.filter((m) => m.property_id === row.id)
  const images = own.filter((m) => m.kind === 'image')
  const videos = own.filter((m) => m.kind === 'video')
  // The filter masks are an index detail (search-properties.ts), not part of the property.
  const { monthly_fee_cents, care_levels_mask: _care, funding_mask: _funding, ...fields } = row
  return {
    ...fields,
    // A home listed before zones were stored gets its zone derived at read.
    time_zone: homeZone(row),
    monthly_fee: monthly_fee_cents == null ? null : monthly_fee_cents / 100,
    monthly_fee_cents,
    images: images.map((m) => mediaUrl(m.storage_key)!),
    videos: videos.map((m) => mediaUrl(m.storage_key)!),
    featured_image: images[0] ? mediaUrl(images[0].storage_key) : null,
    image_items: images.map((m) => ({ id: m.id, url: mediaUrl(m.storage_key)!, thumb_url: mediaUrl(m.thumb_key ?? m.storage_key)!, position: m.position })),
    video_items: videos.map((m) => ({ id: m.id, url: mediaUrl(m.storage_key)!, mime_type: m.mime_type, size_bytes: m.size_bytes, position: m.position })),
  }
}

export type OwnerProperty = ReturnType<typeof ownerView>
