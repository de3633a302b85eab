/**
 * Browser tests only: `bun e2e/backdate-beds.ts <property id> <days>` marks
 * one home's beds as last confirmed `days` ago in the database of DATA_DIR
 * (the e2e server's), so the weekly "confirm your beds" reminder is due for
 * it. The server confirms a home when it is listed, and its clock cannot be
 * moved from outside; this moves only that home's date.
 */
import { eq } from 'drizzle-orm'
import { boot } from '../server/boot'
import { properties } from '../server/db/schema'
import { transaction } from '../server/db/unit-of-work'
import { clock, DAY } from '../server/lib/clock'

const [propertyId, days] = process.argv.slice(2)
if (!propertyId || !days || !/^\d+$/.test(days)) {
  console.error('usage: bun e2e/backdate-beds.ts <property id> <days>')
  process.exit(2)
}
const { database } = await boot()
const changed = await transaction(database, (tx) =>
  tx
    .update(properties)
    .set({ beds_confirmed_at: new Date(clock.ms() - Number(days) * DAY) })
    .where(eq(properties.id, propertyId))
    .returning({ id: properties.id }),
)
if (changed.length !== 1) {
  console.error(`no property ${propertyId}`)
  process.exit(1)
}
process.exit(0)
