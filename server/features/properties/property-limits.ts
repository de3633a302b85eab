import { and, eq, ne } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { lockOwner } from '../../db/dialect'
import { properties, users } from '../../db/schema'
import { premiumRequired } from '../../errors'
import { limitsFor } from '../billing'

export const PROPERTY_LIMIT_MESSAGE = 'properties.propertyLimit'

/**
 * Refuses one more active property beyond the plan (free: 1). `exceptId`
 * leaves out the property being re-activated. Runs inside the caller's
 * transaction: the count and the plan decide its write. The operator's users
 * row is locked first (lockOwner), so two creations or re-activations at once
 * count one after the other: the second sees the home the first activated.
 */
export async function assertCanActivateProperty(tx: Tx, operatorId: string, exceptId?: string) {
  await lockOwner(tx, users, operatorId)
  const active = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.operator_id, operatorId),
        eq(properties.is_active, true),
        exceptId ? ne(properties.id, exceptId) : undefined,
      ),
    )
  if (active.length >= (await limitsFor(tx, operatorId)).maxProperties) throw premiumRequired(PROPERTY_LIMIT_MESSAGE)
}
