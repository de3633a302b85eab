import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { properties, reviews } from '../../db/schema'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { notFound } from '../../errors'

/**
 * POST /api/reviews/:id/approve | reject: only the operator of the reviewed
 * property. Approved reviews appear publicly; rejected ones never do.
 */
export async function moderateReview(db: Executor, opts: { operatorId: string; reviewId: string; decision: 'approved' | 'rejected' }) {
  return transaction(db, async (tx) => {
    const [row] = await forUpdate(
      tx
        .select({ id: reviews.id })
        .from(reviews)
        .innerJoin(properties, eq(properties.id, reviews.property_id))
        .where(and(eq(reviews.id, opts.reviewId), eq(properties.operator_id, opts.operatorId)))
        .limit(1),
    )
    if (!row) throw notFound('reviews.reviewNotFound')
    const [moderated] = await tx
      .update(reviews)
      .set({ status: opts.decision })
      .where(eq(reviews.id, row.id))
      .returning({ id: reviews.id, status: reviews.status, operator_approved: reviews.operator_approved })
    return moderated
  })
}
