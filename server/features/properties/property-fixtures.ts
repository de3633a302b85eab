import { db } from '../../test/setup'
import { properties, property_media } from '../../db/schema'
import { clock } from '../../lib/clock'

/** Test data for the discovery tests: properties and media written straight to the database. */
let n = 0
export async function addProperty(operatorId: string, overrides: Partial<typeof properties.$inferInsert> = {}) {
  n++
  return db
    .insert(properties)
    .values({
      operator_id: operatorId,
      name: `Test Home ${n}`,
      address: `${n} Test St`,
      city: 'Austin',
      state: 'TX',
      zip_code: '78704',
      description: 'A calm family-style home.',
      total_beds: 6,
      available_beds: 2,
      monthly_fee_cents: 320000,
      amenities: ['Garden', 'Wi-Fi', 'Laundry service', 'Chapel', 'Cable TV'],
      demographics_served: ['Seniors'],
      latitude: 30.2428,
      longitude: -97.7658,
      // Strictly increasing creation times keep "newest first" deterministic.
      created_at: new Date(clock.ms() - 1_000_000 + n * 1000),
      ...overrides,
    })
    .returning()
    .get()
}

export async function addMedia(propertyId: string, kind: 'image' | 'video', count: number) {
  for (let i = 0; i < count; i++) {
    await db.insert(property_media)
      .values({
        property_id: propertyId,
        kind,
        storage_key: `${kind === 'image' ? 'property-images' : 'property-videos'}/${propertyId}/${kind}-${i}.${kind === 'image' ? 'webp' : 'mp4'}`,
        thumb_key: null,
        mime_type: kind === 'image' ? 'image/webp' : 'video/mp4',
        size_bytes: 1000,
        position: i,
      })
      .run()
  }
}

export const uniqueCity = (label = 'Testville') => `${label} ${crypto.randomUUID().slice(0, 8)}`
