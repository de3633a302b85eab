import { z } from 'zod'

/** Response bodies of the review routes (OpenAPI; the services' return values). */
export const reviewSubmittedSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  referral_id: z.string(),
  rating: z.number().int(),
  operator_approved: z.literal(false).describe('Waits for the operator'),
  created_at: z.string(),
})
export const reviewModeratedSchema = z.object({
  review: z.object({ id: z.string(), status: z.enum(['pending', 'approved', 'rejected']), operator_approved: z.boolean() }),
})

/** What the review page shows for a review link. */
export const reviewRequestSchema = z.object({
  referral_id: z.string(),
  matched: z.boolean().describe('false until the referral is matched to a home'),
  property: z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string() }).nullable(),
  reviewer_name: z.string(),
  reviewer_email: z.string(),
  expires_at: z.string(),
})
