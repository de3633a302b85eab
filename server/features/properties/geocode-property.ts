import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError } from '../../errors'
import { lookupZip } from '../geo'
import { findOwnedProperty, mediaOf, ownerView } from './my-property-view'

export const GEOCODE_FAILED = 'properties.geocodeFailed'

/** POST /api/my/properties/:id/geocode: coordinates from the property's ZIP (accuracy 'zip'). */
export async function geocodeProperty(db: Executor, opts: { operatorId: string; propertyId: string }) {
  const row = await transaction(db, async (tx) => {
    const current = await findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    const geo = lookupZip(current.zip_code)
    if (!geo) throw new AppError('geocoding_failed', 422, GEOCODE_FAILED)
    const [updated] = await tx
      .update(properties)
      .set({ latitude: geo.latitude, longitude: geo.longitude, geocoding_accuracy: 'zip' })
      .where(eq(properties.id, current.id))
      .returning()
    return updated!
  })
  return { accuracy: 'zip' as const, property: ownerView(row, await mediaOf(db, [row.id])) }
}
