import { z } from 'zod'
import { LICENSING_TYPES, SPECIALIZATIONS, VERIFICATION_STATUSES } from '../../db/enums'
import { isoTime, pageOf } from '../../lib/openapi'
import { badgeSchema } from '../badges/badges.responses'
import { reviewedPropertySchema } from '../properties/properties.responses'
import { categoryAveragesSchema } from '../reviews/reviews.responses'

/** Response bodies of the operator routes (OpenAPI; the services' return values). */

/** What an operator's card and public profile share. */
const publicOperatorFields = {
  id: z.string(),
  name: z.string().describe('Organization name, else first and last name'),
  first_name: z.string(),
  last_name: z.string(),
  organization_name: z.string().nullable(),
  profile_photo: z.string().nullable().describe('Public /media URL'),
  bio: z.string().nullable(),
  years_of_experience: z.number().int(),
  licensing_type: z.enum(LICENSING_TYPES),
  verification_status: z.enum(VERIFICATION_STATUSES),
  specializations: z.array(z.enum(SPECIALIZATIONS)),
  video_intro: z.string().nullable().describe('Public /media URL (Premium only)'),
  badges: z.array(badgeSchema),
}
/** GET /api/operators: premium operators, alphabetically; city and state of their oldest matching home. */
export const operatorDirectorySchema = pageOf(
  z.object({
    ...publicOperatorFields,
    username: z.string().nullable(),
    premium: z.literal(true),
    property_count: z.number().int(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
)
/** getOperatorProfile(): the public profile, trimmed for a free operator. */
export const operatorProfileSchema = z.object({
  ...publicOperatorFields,
  username: z.string(),
  bio_truncated: z.boolean().describe('A free operator: the bio was cut to 150 characters'),
  social_links: z.record(z.string(), z.string()),
  certifications: z.array(z.object({ id: z.string(), certification_name: z.string() })),
  premium: z.boolean(),
  member_since: isoTime,
  rating: z.object({ review_count: z.number().int(), average_rating: z.number().nullable(), category_averages: categoryAveragesSchema }),
  properties: z.array(reviewedPropertySchema).describe('Active homes, oldest first (a free operator: the first only)'),
})
/** myProfileView(): the owner's own profile settings, with the plan's bio limit. */
export const myProfileSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  organization_name: z.string().nullable(),
  bio: z.string().nullable(),
  social_links: z.record(z.string(), z.string()),
  profile_photo: z.string().nullable().describe('Public /media URL'),
  profile_published: z.boolean(),
  email: z.string(),
  phone: z.string().nullable(),
  years_of_experience: z.number().int(),
  licensing_type: z.enum(LICENSING_TYPES),
  verification_status: z.enum(VERIFICATION_STATUSES),
  specializations: z.array(z.enum(SPECIALIZATIONS)),
  video_intro: z.string().nullable().describe('Kept after a downgrade; shown publicly to Premium only'),
  created_at: isoTime,
  max_bio_length: z.number().int(),
  email_signature: z.boolean(),
})
export const profileViewRecordedSchema = z.object({ recorded: z.boolean().describe('false when the operator views their own profile') })
export const profilePhotoSchema = z.object({ profile_photo: z.string().describe('Public /media URL') })
export const introVideoSchema = z.object({ video_intro: z.string().describe('Public /media URL') })
export const introVideoRemovedSchema = z.object({ video_intro: z.null() })
export const myStatsSchema = z.object({
  active_properties: z.number().int(),
  interests: z.number().int(),
  upcoming_tours: z.number().int(),
  unread_messages: z.number().int(),
})
export const profileCompletionSchema = z.object({
  percent: z.number(),
  earned: z.number(),
  applicable: z.number(),
  items: z.array(z.object({ key: z.string(), label: z.string(), weight: z.number(), done: z.boolean() })),
})
