import type { REVIEW_CATEGORIES } from '../../db/enums'

/**
 * The review categories' names, without zod: the client's pages that only show
 * a home's averages (/property/:id) import them from here and so do without the
 * validators' library (reviews.schemas.ts re-exports them with the form's schema).
 */
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number]
export type CategoryField = `${ReviewCategory}_rating`
export const categoryField = (c: ReviewCategory): CategoryField => `${c}_rating`

/** The review categories (ADR 015), in the order the form and the pages show them. */
export const REVIEW_CATEGORY_LABELS: Record<ReviewCategory, string> = {
  communication: 'Communication',
  professionalism: 'Professionalism',
  facility_quality: 'Facility quality',
  overall_experience: 'Overall experience',
}
