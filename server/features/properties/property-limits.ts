import { and, eq, ne } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { properties } from '../../db/schema'
import { premiumRequired } from '../../errors'
import { limitsFor } from '../billing'

export const PROPERTY_LIMIT_MESSAGE = 'The free plan includes 1 active property. Upgrade to Premium to list more properties.'

/**
 * Refuses one more active property beyond the plan (free: 1). `exceptId`
 * leaves out the property being re-activated. Runs inside the caller's
 * transaction: the count and the plan decide its write.
 */
export async function assertCanActivateProperty(tx: Tx, operatorId: string, exceptId?: string) {
  const active = await forUpdate(
    tx
      .select({ id: properties.id })
      .from(properties)
      .where(
        and(
          eq(properties.operator_id, operatorId),
          eq(properties.is_active, true),
          exceptId ? ne(properties.id, exceptId) : undefined,
        ),
      ),
  )
  if (active.length >= (await limitsFor(tx, operatorId)).maxProperties) throw premiumRequired(PROPERTY_LIMIT_MESSAGE)
}
