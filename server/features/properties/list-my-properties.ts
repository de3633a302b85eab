import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties } from '../../db/schema'
import { rowidSql } from '../../db/dialect'
import { mediaOf, ownerView } from './my-property-view'

/** GET /api/my/properties: all of the operator's properties, newest first (the last inserted first, as the public search), active or not. */
export async function listMyProperties(db: Executor, operatorId: string) {
  const rows = await db.select().from(properties).where(eq(properties.operator_id, operatorId)).orderBy(desc(properties.created_at), desc(rowidSql(properties)))
  const media = await mediaOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ownerView(r, media))
}
