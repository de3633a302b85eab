import { eq } from 'drizzle-orm'
import { db, type Executor } from '../../db/client'
import { properties } from '../../db/schema'
import { invalid } from '../../errors'
import { clock } from '../../lib/clock'
import { findOwnedProperty, mediaOf, ownerView, type PropertyRow } from './my-property-view'
import { BEDS_MESSAGE, type ConfirmBeds } from './properties.schemas'

/**
 * Records that `row`'s bed count is right now, optionally with a new count
 * (never above the total; the schema and a trigger refuse below 0 or above).
 */
export function confirmBedsOf(tx: Executor, row: PropertyRow, input: ConfirmBeds) {
  const available = input.available_beds ?? row.available_beds
  if (available > row.total_beds) throw invalid(BEDS_MESSAGE, { available_beds: BEDS_MESSAGE })
  return tx
    .update(properties)
    .set({ available_beds: available, beds_confirmed_at: clock.now() })
    .where(eq(properties.id, row.id))
    .returning()
    .get()
}

/** POST /api/my/properties/:id/confirm-beds: the dashboard's one-click confirmation. */
export function confirmMyBeds(opts: { operatorId: string; propertyId: string; input: ConfirmBeds }) {
  const row = db.transaction((tx) => confirmBedsOf(tx, findOwnedProperty(tx, opts.operatorId, opts.propertyId), opts.input))
  return ownerView(row, mediaOf(db, [row.id]))
}
