import type { Executor } from '../../db/client'
import { properties } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { clock } from '../../lib/clock'
import { addRole } from '../auth'
import { lookupZip, timeZoneOf } from '../geo'
import { ownerView } from './my-property-view'
import { assertCanActivateProperty } from './property-limits'
import type { CreateProperty } from './properties.schemas'

/**
 * POST /api/my/properties. Geocodes from the ZIP (offline dataset); an unknown
 * ZIP still creates the property, without coordinates (`geocoded: false`).
 * Listing a property makes the user an explicit operator (ADR 001). A home
 * created inactive is not counted against the plan's active properties.
 */
export async function createProperty(db: Executor, opts: { operatorId: string; input: CreateProperty }) {
  const { monthly_fee, ...input } = opts.input
  const geo = lookupZip(input.zip_code)
  const row = await transaction(db, async (tx) => {
    // Only an active home counts against the plan; an inactive one is saved whatever the plan.
    if (input.is_active) await assertCanActivateProperty(tx, opts.operatorId)
    await addRole(tx, opts.operatorId, 'operator')
    const [inserted] = await tx
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
        time_zone: timeZoneOf(input.state, input.zip_code),
        // Stating the count is confirming it.
        beds_confirmed_at: clock.now(),
      })
      .returning()
    return inserted!
  })
  return { property: ownerView(row, []), geocoded: !!geo }
}
