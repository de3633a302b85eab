import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { myReviewsSchema, reviewModeratedSchema } from './reviews.responses'
import type { AppEnv } from '../../types'
import { requireUser } from '../auth'
import { listMyReviews } from './list-my-reviews'
import { moderateReview } from './moderate-review'

const tags = ['reviews']

/** Manage Reviews: the operator approves or rejects reviews of their own properties. */
export const myReviewsRoutes = new Hono<AppEnv>()
  .get('/my/reviews', describeRoute({ tags, summary: 'Reviews of my properties', responses: { ...jsonResponse(myReviewsSchema), ...errors(401) } }), async (c) => respond(c, myReviewsSchema, { items: await listMyReviews(c.var.db, requireUser(c).id) }))
  .post('/reviews/:id/approve', describeRoute({ tags, summary: 'Approve a review (shown publicly)', responses: { ...jsonResponse(reviewModeratedSchema), ...errors(401, 403, 404, 413) } }), async (c) =>
    respond(c, reviewModeratedSchema, { review: await moderateReview(c.var.db, { operatorId: requireUser(c).id, reviewId: c.req.param('id'), decision: 'approved' }) }),
  )
  .post('/reviews/:id/reject', describeRoute({ tags, summary: 'Reject a review (never shown)', responses: { ...jsonResponse(reviewModeratedSchema), ...errors(401, 403, 404, 413) } }), async (c) =>
    respond(c, reviewModeratedSchema, { review: await moderateReview(c.var.db, { operatorId: requireUser(c).id, reviewId: c.req.param('id'), decision: 'rejected' }) }),
  )
