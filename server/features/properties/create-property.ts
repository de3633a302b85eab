import { db } from '../../db/client'
import { properties } from '../../db/schema'
import { clock } from '../../lib/clock'
import { addRole } from '../auth'
import { lookupZip } from '../geo'
import { ownerView } from './my-property-view'
import { assertCanActivateProperty } from './property-limits'
import type { CreateProperty } from './properties.schemas'

/**
 * POST /api/my/properties. Geocodes from the ZIP (offline dataset); an unknown
 * ZIP still creates the property, without coordinates (`geocoded: false`).
 * Listing a property makes the user an explicit operator (ADR 001).
 */
export function createProperty(opts: { operatorId: string; input: CreateProperty }) {
  const { monthly_fee, ...input } = opts.input
  const geo = lookupZip(input.zip_code)
  const row = db.transaction((tx) => {
    assertCanActivateProperty(tx, opts.operatorId)
    addRole(tx, opts.operatorId, 'operator')
    return tx
      .insert(properties)
      .values({
        ...input,
        description: input.description ?? null,
        license_number: input.license_number ?? null,
        monthly_fee_cents: monthly_fee == null ? null : Math.round(monthly_fee * 100),
        operator_id: opts.operatorId,
        latitude: geo?.latitude ?? null,
        longitude: geo?.longitude ?? null,
        geocoding_accuracy: geo ? 'zip' : null,
        // Stating the count is confirming it (issue 17).
        beds_confirmed_at: clock.now(),
      })
      .returning()
      .get()
  })
  return { property: ownerView(row, []), geocoded: !!geo }
}
