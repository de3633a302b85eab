/**
 * Browser tests only: `bun e2e/backdate-beds.ts <property id>[,<id>...] <days>` marks
 * homes' beds as last confirmed `days` ago in the database of DATA_DIR
 * (the e2e server's), so the weekly "confirm your beds" reminder is due for
 * it. The server confirms a home when it is listed, and its clock cannot be
 * moved from outside; this moves only those homes' dates.
 */
import { inArray } from 'drizzle-orm'
import { boot } from '../server/boot'
import { properties } from '../server/db/schema'
import { transaction } from '../server/db/unit-of-work'
import { clock, DAY } from '../server/lib/clock'

const [propertyIds, days] = process.argv.slice(2)
if (!propertyIds || !days || !/^\d+$/.test(days)) {
  console.error('usage: bun e2e/backdate-beds.ts <property id>[,<id>...] <days>')
  process.exit(2)
}
const ids = propertyIds.split(',')
const { database } = await boot()
const changed = await transaction(database, (tx) =>
  tx
    .update(properties)
    .set({ beds_confirmed_at: new Date(clock.ms() - Number(days) * DAY) })
    .where(inArray(properties.id, ids))
    .returning({ id: properties.id }),
)
if (changed.length !== ids.length) {
  console.error(`${ids.length - changed.length} of ${propertyIds} not found`)
  process.exit(1)
}
process.exit(0)
