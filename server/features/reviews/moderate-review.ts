import { and, eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { properties, reviews } from '../../db/schema'
import { notFound } from '../../errors'

/**
 * POST /api/reviews/:id/approve | reject: only the operator of the reviewed
 * property. Approved reviews appear publicly; rejected ones never do.
 */
export function moderateReview(opts: { operatorId: string; reviewId: string; decision: 'approved' | 'rejected' }) {
  return db.transaction((tx) => {
    const row = tx
      .select({ id: reviews.id })
      .from(reviews)
      .innerJoin(properties, eq(properties.id, reviews.property_id))
      .where(and(eq(reviews.id, opts.reviewId), eq(properties.operator_id, opts.operatorId)))
      .get()
    if (!row) throw notFound('Review not found')
    return tx
      .update(reviews)
      .set({ status: opts.decision })
      .where(eq(reviews.id, row.id))
      .returning({ id: reviews.id, status: reviews.status, operator_approved: reviews.operator_approved })
      .get()
  })
}
