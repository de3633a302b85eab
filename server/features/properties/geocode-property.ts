import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { properties } from '../../db/schema'
import { AppError } from '../../errors'
import { lookupZip } from '../geo'
import { findOwnedProperty, mediaOf, ownerView } from './my-property-view'

export const GEOCODE_FAILED = 'Could not find a location for this ZIP code'

/** POST /api/my/properties/:id/geocode: coordinates from the property's ZIP (accuracy 'zip'). */
export function geocodeProperty(opts: { operatorId: string; propertyId: string }) {
  const row = db.transaction((tx) => {
    const current = findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    const geo = lookupZip(current.zip_code)
    if (!geo) throw new AppError('geocoding_failed', 422, GEOCODE_FAILED)
    return tx
      .update(properties)
      .set({ latitude: geo.latitude, longitude: geo.longitude, geocoding_accuracy: 'zip' })
      .where(eq(properties.id, current.id))
      .returning()
      .get()
  })
  return { accuracy: 'zip' as const, property: ownerView(row, mediaOf(db, [row.id])) }
}
