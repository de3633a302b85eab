import { z } from 'zod'
import { CARE_LEVELS, FUNDING_SOURCES, MESSAGES } from '../care/care-extras.schemas'
import { INVALID_ZIP, ZIP_FORMAT } from '../geo/geo.schemas'
import { DEFAULT_PER_PAGE, DEFAULT_RADIUS, MAX_PER_PAGE, RADIUS_OPTIONS } from './browse.constants'

export { DEFAULT_PER_PAGE, DEFAULT_RADIUS, MAX_PER_PAGE, RADIUS_OPTIONS } from './browse.constants'

/** Query strings send '' for a cleared filter: treat it as absent. */
export const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const text = (max: number, message: string) => z.preprocess(blankAsUndefined, z.string().trim().max(max, message).optional())

export const pageFields = {
  page: z.preprocess(blankAsUndefined, z.coerce.number({ error: 'validation.browse.invalidPage' }).int('validation.browse.invalidPage').min(1, 'validation.browse.invalidPage').max(1000, 'validation.browse.invalidPage').default(1)),
  per_page: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: 'validation.browse.invalidPageSize' })
      .int('validation.browse.invalidPageSize')
      .min(1, 'validation.browse.invalidPageSize')
      .max(MAX_PER_PAGE, `Page size must be at most ${MAX_PER_PAGE}`)
      .default(DEFAULT_PER_PAGE),
  ),
}

export const searchPropertiesQuery = z.object({
  state: text(100, 'validation.browse.stateTooLong'),
  city: text(100, 'validation.browse.cityTooLong'),
  zip: z.preprocess(blankAsUndefined, z.string().trim().regex(ZIP_FORMAT, INVALID_ZIP).optional()),
  radius: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: 'validation.browse.radius' })
      .refine((r) => (RADIUS_OPTIONS as readonly number[]).includes(r), 'validation.browse.radius')
      .default(DEFAULT_RADIUS),
  ),
  /** "Confirmed in the last BEDS_FRESH_DAYS days": 1/true on, absent/0/false off. */
  confirmed_recently: z.preprocess(
    blankAsUndefined,
    z.enum(['1', 'true', '0', 'false'], { error: 'validation.browse.invalidConfirmedRecently' }).optional(),
  ).transform((v) => v === '1' || v === 'true'),
  /** Homes that offer this level of care / accept this funding; an unknown value is a 422. */
  care_level: z.preprocess(blankAsUndefined, z.enum(CARE_LEVELS, { error: MESSAGES.level_of_care }).optional()),
  funding: z.preprocess(blankAsUndefined, z.enum(FUNDING_SOURCES, { error: MESSAGES.funding_source }).optional()),
  ...pageFields,
})

export type SearchPropertiesQuery = z.output<typeof searchPropertiesQuery>
