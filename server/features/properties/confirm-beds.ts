import { and, eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../db/client'
import { properties } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { invalid } from '../../errors'
import { clock } from '../../lib/clock'
import { findOwnedProperty, mediaOf, ownerView, type PropertyRow } from './my-property-view'
import type { ConfirmBeds } from './properties.schemas'

/**
 * Records that `row`'s bed count is right now, optionally with a new count
 * (never above the total; the schema and a trigger refuse below 0 or above).
 * `row` must have been read in the same transaction.
 */
export async function confirmBedsOf(tx: Tx, row: PropertyRow, input: ConfirmBeds) {
  const available = input.available_beds ?? row.available_beds
  if (available > row.total_beds) throw invalid('validation.properties.beds', { available_beds: 'validation.properties.beds' })
  // One instant for both: the directory's lastUpdated is the home's updated_at, which must be the confirmation's time.
  const now = clock.now()
  const [updated] = await tx
    .update(properties)
    .set({ available_beds: available, beds_confirmed_at: now, updated_at: now })
    .where(eq(properties.id, row.id))
    .returning()
  return updated!
}

/** POST /api/my/properties/:id/confirm-beds: the dashboard's one-click confirmation. */
export async function confirmMyBeds(db: Executor, opts: { operatorId: string; propertyId: string; input: ConfirmBeds }) {
  const row = await transaction(db, async (tx) => confirmBedsOf(tx, await findOwnedProperty(tx, opts.operatorId, opts.propertyId), opts.input))
  return ownerView(row, await mediaOf(db, [row.id]))
}

/**
 * POST /api/my/properties/confirm-beds: "Confirm all" on the dashboard. Every
 * active home of the operator is confirmed as it is, in one statement (the
 * counts are not changed; a home whose count is wrong is updated on its own
 * card). Inactive homes are not in search, so they are left alone.
 */
export async function confirmAllMyBeds(db: Executor, operatorId: string) {
  const now = clock.now()
  const confirmed = await transaction(db, (tx) =>
    tx
      .update(properties)
      .set({ beds_confirmed_at: now, updated_at: now })
      .where(and(eq(properties.operator_id, operatorId), eq(properties.is_active, true)))
      .returning({ id: properties.id }),
  )
  return { confirmed: confirmed.length }
}
