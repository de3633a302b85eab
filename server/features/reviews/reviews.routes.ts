import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { reviewSubmittedSchema, reviewRequestSchema } from './reviews.responses'
import { z } from 'zod'
import { HOUR } from '../../lib/clock'
import { limiter } from '../../lib/rate-limit'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { getReviewRequest } from './get-review-request'
import { submitReviewSchema } from './reviews.schemas'
import { submitReview } from './submit-review'

/** Review posting is anonymous (the link is the credential): bounded per network. */
const reviewsPerIp = limiter('reviews-per-address', 30, HOUR, () => 'reviews.tooManyReviews')

export const reviewsRoutes = new Hono<AppEnv>()
  .get(
    '/review-requests/:token',
    describeRoute({ tags: ['reviews'], summary: 'What the review page shows for a review link', responses: { ...jsonResponse(reviewRequestSchema), ...errors(403, 404, 409, 410, 422) } }),
    validate('param', z.object({ token: z.string().min(1).max(200) })),
    validate('query', z.object({ referral_id: z.string().min(1).max(100).optional() })),
    async (c) => respond(c, reviewRequestSchema, await getReviewRequest(c.var.db, { token: c.req.valid('param').token, referralId: c.req.valid('query').referral_id })),
  )
  .post(
    '/reviews',
    describeRoute({
      tags: ['reviews'],
      summary: 'Submit a review through a review-request link',
      description:
        'rating and the four categories (communication_rating, professionalism_rating, facility_quality_rating, overall_experience_rating) are each a whole number 1-5, all required; 422 with the first message otherwise. The review waits for the operator\'s approval.',
      responses: { ...jsonResponse(reviewSubmittedSchema, 201), ...errors(400, 403, 404, 409, 410, 413, 422, 429) },
    }),
    validate('json', submitReviewSchema),
    async (c) => {
      await reviewsPerIp.consume(c.var.db, c.get('ip') ?? 'unknown')
      return respond(c, reviewSubmittedSchema, await submitReview(c.var.db, c.req.valid('json')), 201)
    },
  )
