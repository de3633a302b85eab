import type { REVIEW_CATEGORIES } from '@server/db/enums'

/** Each review category's name in the reviews catalog (whole keys: the catalog test finds each in the code). */
export const CATEGORY_KEYS: Record<(typeof REVIEW_CATEGORIES)[number], string> = {
  communication: 'reviews.category.communication',
  professionalism: 'reviews.category.professionalism',
  facility_quality: 'reviews.category.facilityQuality',
  overall_experience: 'reviews.category.overallExperience',
}
