import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { money } from '../../lib/money'
import type { properties, property_media } from '../../db/schema'
import { clock } from '../../lib/clock'
import { mediaUrl } from '../../storage/media.routes'
import { PLAN_LIMITS, premiumSql } from '../billing'
import { rows } from '../../db/raw'
import { inJsonArraySql } from '../../db/dialect'

export type PropertyRow = typeof properties.$inferSelect
export type MediaRow = Pick<typeof property_media.$inferSelect, 'property_id' | 'kind' | 'storage_key' | 'thumb_key'>
export type OperatorSummary = { id: string; username: string | null; name: string; premium: boolean }

/** What the public sees of a property: the one serializer for every public output. */
export type PropertyView = ReturnType<typeof toPropertyView>

export const formatFee = (cents: number | null) => (cents == null ? null : money(cents))

export const displayName = (p: { organization_name: string | null; first_name: string; last_name: string }) =>
  p.organization_name?.trim() || `${p.first_name} ${p.last_name}`.trim()

/**
 * Serialises a property for public output. `trim` applies the free plan
 * (one photo, no videos); it defaults to "trim unless premium", so
 * a downgraded operator's extra media is hidden, never deleted. `media` must
 * be in display order (position); the first image is the featured one.
 */
export function toPropertyView(
  p: PropertyRow,
  media: readonly MediaRow[],
  operator: OperatorSummary,
  opts: { trim?: boolean; distance_miles?: number | null } = {},
) {
  const limits = PLAN_LIMITS[(opts.trim ?? !operator.premium) ? 'free' : 'premium']
  const images = media.filter((m) => m.kind === 'image').slice(0, limits.maxPhotosPerProperty)
  const videos = media.filter((m) => m.kind === 'video').slice(0, limits.maxVideosPerProperty)
  return {
    id: p.id,
    operator_id: p.operator_id,
    name: p.name,
    address: p.address,
    city: p.city,
    state: p.state,
    zip_code: p.zip_code,
    description: p.description,
    total_beds: p.total_beds,
    available_beds: p.available_beds,
    monthly_fee_cents: p.monthly_fee_cents,
    monthly_fee: formatFee(p.monthly_fee_cents),
    license_number: p.license_number,
    licensing_type: p.licensing_type,
    pets_allowed: p.pets_allowed,
    sex_offender_friendly: p.sex_offender_friendly,
    wheelchair_accessible: p.wheelchair_accessible,
    private_rooms: p.private_rooms,
    medical_care_24_7: p.medical_care_24_7,
    amenities: p.amenities,
    demographics_served: p.demographics_served,
    care_levels: p.care_levels,
    funding_accepted: p.funding_accepted,
    room_types: p.room_types,
    nearby_services: p.nearby_services,
    house_rules: p.house_rules,
    languages: p.languages,
    latitude: p.latitude,
    longitude: p.longitude,
    /** The page says "Beds confirmed today / N days ago" or, past BEDS_FRESH_DAYS, "not confirmed recently". */
    beds_confirmed_at: p.beds_confirmed_at?.toISOString() ?? null,
    is_active: p.is_active,
    created_at: p.created_at.toISOString(),
    images: images.map((m) => mediaUrl(m.storage_key)!),
    image_thumbs: images.map((m) => mediaUrl(m.thumb_key ?? m.storage_key)!),
    videos: videos.map((m) => mediaUrl(m.storage_key)!),
    featured_image: images[0] ? mediaUrl(images[0].storage_key) : null,
    featured_thumb: images[0] ? mediaUrl(images[0].thumb_key ?? images[0].storage_key) : null,
    operator,
    distance_miles: opts.distance_miles ?? null,
  }
}

const ids = (list: Iterable<string>) => [...new Set(list)]

/** Media of many properties in one query, in display order. */
export async function mediaByProperty(db: Executor, propertyIds: readonly string[]) {
  const map = new Map<string, MediaRow[]>()
  if (propertyIds.length === 0) return map
  const found = await rows<MediaRow>(
    db,
    sql`SELECT property_id, kind, storage_key, thumb_key FROM property_media
     WHERE ${inJsonArraySql(sql.raw('property_id'), ids(propertyIds))}
     ORDER BY property_id, kind, position, created_at, id`,
  )
  for (const m of found) {
    const list = map.get(m.property_id)
    if (list) list.push(m)
    else map.set(m.property_id, [m])
  }
  return map
}

/** Name, username and premium flag of many operators in one query. */
export async function operatorSummaries(db: Executor, operatorIds: readonly string[]) {
  const map = new Map<string, OperatorSummary>()
  if (operatorIds.length === 0) return map
  const found = await rows<{ id: string; username: string | null; first_name: string; last_name: string; organization_name: string | null; premium: number }>(
    db,
    sql`SELECT pr.id, pr.username, pr.first_name, pr.last_name, pr.organization_name, ${premiumSql('pr.id', clock.ms())} AS premium
     FROM profiles pr WHERE ${inJsonArraySql(sql.raw('pr.id'), ids(operatorIds))}`,
  )
  for (const o of found) map.set(o.id, { id: o.id, username: o.username, name: displayName(o), premium: !!o.premium })
  return map
}

/**
 * Serialises many property rows with two queries in all (no N+1): their
 * media and their operators are loaded in batches (pass `operators` when the
 * caller has them already). Keeps the input order. `distances` carries the
 * search distance per property id.
 */
export async function loadPropertyViews(
  db: Executor,
  list: readonly PropertyRow[],
  opts: { trim?: boolean; distances?: ReadonlyMap<string, number>; operators?: ReadonlyMap<string, OperatorSummary> } = {},
): Promise<PropertyView[]> {
  const media = await mediaByProperty(db, list.map((p) => p.id))
  const operators = opts.operators ?? (await operatorSummaries(db, list.map((p) => p.operator_id)))
  return list.map((p) =>
    toPropertyView(
      p,
      media.get(p.id) ?? [],
      operators.get(p.operator_id) ?? { id: p.operator_id, username: null, name: '', premium: false },
      { trim: opts.trim, distance_miles: opts.distances?.get(p.id) ?? null },
    ),
  )
}
