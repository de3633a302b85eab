import { z } from 'zod'
import { MESSAGES, SPECIALIZATIONS } from '../care/care-extras.schemas'
import { blankAsUndefined, pageFields } from '../properties/browse.schemas'

/** License Type select of /browse-operators: value → label. Shared with the client. */
export const LICENSE_FILTERS = [
  { value: 'all', label: 'All Types' },
  { value: 'licensed', label: 'Licensed' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'unlicensed', label: 'Unlicensed' },
] as const

export const listOperatorsQuery = z.object({
  state: z.preprocess(blankAsUndefined, z.string().trim().max(100, 'validation.browse.stateTooLong').optional()),
  city: z.preprocess(blankAsUndefined, z.string().trim().max(100, 'validation.browse.cityTooLong').optional()),
  license_type: z.preprocess(
    blankAsUndefined,
    z.enum(['all', 'licensed', 'in_progress', 'unlicensed'], { error: 'validation.browse.invalidLicenseType' }).default('all'),
  ),
  /** Operators who list this specialization; an unknown value is a 422. */
  specialization: z.preprocess(blankAsUndefined, z.enum(SPECIALIZATIONS, { error: MESSAGES.specialization }).optional()),
  ...pageFields,
})
export type ListOperatorsQuery = z.output<typeof listOperatorsQuery>

export const usernameParam = z.object({ username: z.string().trim().toLowerCase().min(1).max(100) })

export const profileViewBody = z.object({
  referrer_url: z.string({ error: 'validation.browse.invalidReferrerUrl' }).max(2000, 'validation.browse.referrerUrlTooLong').nullish(),
})
