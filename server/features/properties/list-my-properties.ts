import { desc, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { properties } from '../../db/schema'
import { mediaOf, ownerView } from './my-property-view'

/** GET /api/my/properties: all of the operator's properties, newest first, active or not. */
export function listMyProperties(operatorId: string) {
  const rows = db.select().from(properties).where(eq(properties.operator_id, operatorId)).orderBy(desc(properties.created_at)).all()
  const media = mediaOf(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => ownerView(r, media))
}
