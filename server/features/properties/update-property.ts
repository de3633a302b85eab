import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { lockOwner } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { properties, users } from '../../db/schema'
import { invalid } from '../../errors'
import { clock } from '../../lib/clock'
import { lookupZip, timeZoneOf } from '../geo'
import { findOwnedProperty, mediaOf, ownerView } from './my-property-view'
import { assertCanActivateProperty } from './property-limits'
import type { UpdateProperty } from './properties.schemas'

/**
 * PATCH /api/my/properties/:id. A new ZIP is geocoded again; re-activating a
 * property counts against the plan's active-property limit.
 */
export async function updateProperty(db: Executor, opts: { operatorId: string; propertyId: string; input: UpdateProperty }) {
  const { monthly_fee, ...input } = opts.input
  const row = await transaction(db, async (tx) => {
    // Re-activating counts the operator's active homes under their users row's lock (property-limits.ts):
    // taken before the home's own row, the order account deletion takes them in, so the two queue instead of deadlocking.
    if (input.is_active === true) await lockOwner(tx, users, opts.operatorId)
    const current = await findOwnedProperty(tx, opts.operatorId, opts.propertyId)
    const total = input.total_beds ?? current.total_beds
    const available = input.available_beds ?? current.available_beds
    if (available > total) throw invalid('validation.properties.beds', { available_beds: 'validation.properties.beds' })
    if (input.is_active === true && !current.is_active) await assertCanActivateProperty(tx, opts.operatorId, current.id)

    const changes: Partial<typeof properties.$inferInsert> = { ...input }
    // Editing the count is confirming it.
    if (input.available_beds !== undefined || input.total_beds !== undefined) changes.beds_confirmed_at = clock.now()
    if (monthly_fee !== undefined) changes.monthly_fee_cents = monthly_fee == null ? null : Math.round(monthly_fee * 100)
    if (input.zip_code !== undefined && input.zip_code !== current.zip_code) {
      const geo = lookupZip(input.zip_code)
      Object.assign(changes, {
        latitude: geo?.latitude ?? null,
        longitude: geo?.longitude ?? null,
        geocoding_accuracy: geo ? 'zip' : null,
      })
    }
    // A new state or ZIP can move the home to another zone (tour times are read in it).
    if ((input.zip_code !== undefined && input.zip_code !== current.zip_code) || (input.state !== undefined && input.state !== current.state)) {
      changes.time_zone = timeZoneOf(input.state ?? current.state, input.zip_code ?? current.zip_code)
    }
    if (Object.keys(changes).length === 0) return current
    const [updated] = await tx.update(properties).set(changes).where(eq(properties.id, current.id)).returning()
    return updated!
  })
  return ownerView(row, await mediaOf(db, [row.id]))
}
