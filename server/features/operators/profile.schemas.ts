import { z } from 'zod'
import { PREMIUM_BIO_LENGTH } from '../billing/plans'
import { operatorExtrasFields } from '../care/care-extras.schemas'

/**
 * The operator's own profile settings, shared by the server
 * validator and the Profile tab form. Pure: safe for the client.
 */
export const USERNAME_PATTERN = /^[a-z0-9-]*$/
export const USERNAME_MESSAGE = 'Username can only contain lowercase letters, numbers, and hyphens'
export const SOCIAL_NETWORKS = ['website', 'facebook', 'twitter', 'linkedin', 'instagram'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]
export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  website: 'Website',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
}
export const URL_MESSAGE = 'Enter a full link starting with https://'

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

/** Only http(s) links: anything else (javascript:, data:) must never reach a public page. */
const link = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .max(300, 'Link must be 300 characters or less')
    .refine((v) => {
      try {
        const url = new URL(v)
        return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname
      } catch {
        return false
      }
    }, URL_MESSAGE)
    .optional(),
)

const name = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(50, `${label} must be 50 characters or less`)

export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .max(50, 'Username must be 50 characters or less')
  .regex(USERNAME_PATTERN, USERNAME_MESSAGE)

export const updateProfileSchema = z.object({
  username: usernameField.optional(),
  first_name: name('First name').optional(),
  last_name: name('Last name').optional(),
  organization_name: z.string().trim().max(200, 'Organization name must be 200 characters or less').nullish(),
  /** The plan's limit (free 150) is checked by the use case; 2000 is the most any plan allows. */
  bio: z.string().trim().max(PREMIUM_BIO_LENGTH, `Bio must be ${PREMIUM_BIO_LENGTH} characters or less`).nullish(),
  social_links: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, link])) as Record<SocialNetwork, typeof link>).optional(),
  years_of_experience: z
    .number({ error: 'Years must be a number' })
    .int('Years must be a whole number')
    .min(0, 'Years cannot be negative')
    .max(80, 'Years must be 80 or less')
    .optional(),
  licensing_type: z.enum(['licensed', 'in_progress', 'unlicensed'], { error: 'Invalid licensing type' }).optional(),
  /** Shown on the public profile and cards; /browse-operators filters by it. */
  specializations: operatorExtrasFields.specializations.optional(),
})

export type UpdateProfileInput = z.input<typeof updateProfileSchema>
export type UpdateProfile = z.output<typeof updateProfileSchema>
