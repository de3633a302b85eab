import { z } from 'zod'
import { REVIEW_CATEGORIES } from '../../db/enums'
import { type CategoryField, categoryField, REVIEW_CATEGORY_LABELS } from './reviews.constants'

// The categories' names live in reviews.constants.ts (zod-free, for the pages that only show them).
export * from './reviews.constants'

/** A category's 1-5 stars: required on every new review. */
const categoryRating = (label: string) =>
  z
    .number({ error: `Please rate ${label.toLowerCase()}` })
    .int(`${label} must be a whole number of stars`)
    .min(1, `${label} must be between 1 and 5`)
    .max(5, `${label} must be between 1 and 5`)

const categoryShape = Object.fromEntries(REVIEW_CATEGORIES.map((c) => [categoryField(c), categoryRating(REVIEW_CATEGORY_LABELS[c])])) as Record<
  CategoryField,
  ReturnType<typeof categoryRating>
>

/**
 * The review form: name 2-100, e-mail valid up to 255, rating an
 * integer 1-5, text 10-2000, and communication, professionalism,
 * facility quality and overall experience, each an integer 1-5. Shared by the
 * server and the review page, so the messages exist once. Every field is
 * required (the text through its 10-character minimum).
 */
export const reviewFormSchema = z.object({
  reviewer_name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name is too long'),
  reviewer_email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(255, 'Email is too long')
    .pipe(z.email('Invalid email address')),
  rating: z
    .number({ error: 'Please select a rating' })
    .int('Rating must be a whole number of stars')
    .min(1, 'Rating must be between 1 and 5')
    .max(5, 'Rating must be between 1 and 5'),
  ...categoryShape,
  review_text: z
    .string({ error: 'Review must be at least 10 characters' })
    .trim()
    .min(10, 'Review must be at least 10 characters')
    .max(2000, 'Review must be less than 2000 characters'),
})

/** POST /api/reviews: the form plus the single-use token of the review-request e-mail. */
export const submitReviewSchema = reviewFormSchema.extend({
  token: z.string({ error: 'This review link is invalid' }).trim().min(1, 'This review link is invalid').max(200, 'This review link is invalid'),
  /** The referral of the page (/review/{referralId}); the token must belong to it. */
  referral_id: z.string().trim().min(1).max(100).optional(),
})

export type ReviewFormInput = z.input<typeof reviewFormSchema>
export type SubmitReviewInput = z.input<typeof submitReviewSchema>
