import { and, eq, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties } from '../../db/schema'
import { premiumRequired } from '../../errors'
import { limitsFor } from '../billing'

export const PROPERTY_LIMIT_MESSAGE = 'The free plan includes 1 active property. Upgrade to Premium to list more properties.'

/**
 * Refuses one more active property beyond the plan (free: 1). `exceptId`
 * leaves out the property being re-activated. Call inside the transaction.
 */
export function assertCanActivateProperty(tx: Executor, operatorId: string, exceptId?: string) {
  const active = tx
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.operator_id, operatorId),
        eq(properties.is_active, true),
        exceptId ? ne(properties.id, exceptId) : undefined,
      ),
    )
    .all().length
  if (active >= limitsFor(operatorId, tx).maxProperties) throw premiumRequired(PROPERTY_LIMIT_MESSAGE)
}
