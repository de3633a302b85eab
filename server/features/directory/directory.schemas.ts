import { z } from 'zod'
import { INVALID_ZIP, ZIP_FORMAT } from '../geo/geo.schemas'

/**
 * The directory's query strings (ADR 032): one zod schema each for validation,
 * types and the OpenAPI description. Parameters neither feed knows are ignored,
 * as FHIR servers and the HSDS reference do; a known one with a bad value is a 422.
 */

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const text = (max: number, message: string) => z.preprocess(blank, z.string().trim().max(max, message).optional())
const int = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(blank, z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback))

/** A radius search is bounded like /browse's largest radius (250 miles). */
export const MAX_RADIUS_MILES = 250
const MILES_PER = { mi: 1, '[mi_i]': 1, '[mi_us]': 1, km: 1 / 1.609344, m: 1 / 1609.344 } as const
export const METRES_PER_MILE = 1609.344

/** FHIR `near`: latitude|longitude|distance|unit (mi, km or m; 25 mi when only the point is given). */
const near = z.preprocess(
  blank,
  z
    .string()
    .max(100)
    .transform((v, ctx) => {
      const [lat, lng, distance, unit = 'mi'] = v.split('|')
      const latitude = Number(lat)
      const longitude = Number(lng)
      const factor = MILES_PER[unit as keyof typeof MILES_PER]
      const miles = distance === undefined || distance === '' ? 25 : Number(distance) * (factor ?? Number.NaN)
      if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && lat !== '' && lng !== '') || !(miles > 0 && miles <= MAX_RADIUS_MILES)) {
        ctx.addIssue({ code: 'custom', message: `near must be latitude|longitude|distance|unit (mi, km or m), at most ${MAX_RADIUS_MILES} miles` })
        return z.NEVER
      }
      return { latitude, longitude, miles }
    })
    .optional(),
)

/** FHIR `_lastUpdated`: gt or ge and an instant (changes only). */
const lastUpdated = z.preprocess(
  blank,
  z
    .string()
    .max(40)
    .transform((v, ctx) => {
      const m = /^(gt|ge)(\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?)$/.exec(v)
      const at = m ? Date.parse(m[2]!) : Number.NaN
      if (!m || Number.isNaN(at)) {
        ctx.addIssue({ code: 'custom', message: '_lastUpdated must be gt or ge and a date or an instant, e.g. ge2025-01-31T00:00:00Z' })
        return z.NEVER
      }
      return m[1] === 'gt' ? at + 1 : at
    })
    .optional(),
)

/** A FHIR reference parameter: `Type/<id>` or the bare id. */
const reference = (type: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .max(100)
      .transform((v) => (v.startsWith(`${type}/`) ? v.slice(type.length + 1) : v))
      .optional(),
  )

/** A FHIR token: `system|code` or `code`. */
const token = z.preprocess(
  blank,
  z
    .string()
    .max(200)
    .transform((v) => {
      const at = v.lastIndexOf('|')
      return at < 0 ? { system: undefined, code: v } : { system: v.slice(0, at) || undefined, code: v.slice(at + 1) }
    })
    .optional(),
)

const fhirPaging = {
  _count: int('_count must be a whole number from 1 to 100', 1, 100, 20),
  _offset: int('_offset must be a whole number from 0 to 100000', 0, 100_000, 0),
}

/** An include the search supports: that one value only. */
const include = (name: string, value: string) => z.preprocess(blank, z.literal(value, { error: `${name} supports ${value} only` }).optional())

export const locationSearchQuery = z.object({
  _revinclude: include('_revinclude', 'HealthcareService:location'),
  near,
  'address-state': text(2, 'address-state must be a two-letter state code'),
  'address-city': text(100, 'address-city is too long'),
  'address-postalcode': text(10, 'address-postalcode is too long'),
  organization: reference('Organization'),
  _lastUpdated: lastUpdated,
  ...fhirPaging,
})

export const healthcareServiceSearchQuery = z.object({
  _include: include('_include', 'HealthcareService:location'),
  location: reference('Location'),
  organization: reference('Organization'),
  'service-category': token,
  characteristic: token,
  _lastUpdated: lastUpdated,
  ...fhirPaging,
})

export const organizationSearchQuery = z.object({
  name: text(100, 'name is too long'),
  ...fhirPaging,
})

export const fhirIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'validation.directory.notFhirId') })

// ─── HSDS ────────────────────────────────────────────────────────────────────

const uuid = (message: string) => z.preprocess(blank, z.string().trim().toLowerCase().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, message).optional())
const flag = z.preprocess(blank, z.enum(['true', 'false', '1', '0'], { error: 'validation.directory.trueOrFalse' }).optional()).transform((v) => v === 'true' || v === '1')

const hsdsPaging = {
  page: int('page must be a whole number from 1 to 10000', 1, 10_000, 1),
  per_page: int('per_page must be a whole number from 1 to 100', 1, 100, 20),
  search: text(100, 'search is too long'),
}

export const hsdsServicesQuery = z.object({
  ...hsdsPaging,
  taxonomy_term_id: uuid('taxonomy_term_id must be a UUID'),
  organization_id: z.preprocess(blank, z.string().trim().max(64, 'organization_id is too long').optional()),
  modified_after: z.preprocess(
    blank,
    z.iso
      .datetime({ offset: true, local: false, error: 'modified_after must be a date-time, e.g. 2025-01-31T00:00:00Z' })
      .or(z.iso.date({ error: 'modified_after must be a date-time, e.g. 2025-01-31T00:00:00Z' }))
      .transform((v) => Date.parse(v))
      .optional(),
  ),
  full: flag,
})

export const hsdsServiceAtLocationsQuery = hsdsServicesQuery
  .extend({
    postcode: z.preprocess(blank, z.string().trim().regex(ZIP_FORMAT, INVALID_ZIP).optional()),
    /** Metres from the postcode's centroid, as the API reference defines it. */
    proximity: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'proximity must be a distance in metres' })
        .positive('proximity must be a distance in metres')
        .max(MAX_RADIUS_MILES * METRES_PER_MILE, `proximity must be at most ${Math.floor(MAX_RADIUS_MILES * METRES_PER_MILE)} metres (${MAX_RADIUS_MILES} miles)`)
        .optional(),
    ),
  })
  .refine((q) => q.proximity === undefined || q.postcode !== undefined, { message: 'proximity needs a postcode (its centroid is the point)', path: ['proximity'] })

export const hsdsOrganizationsQuery = z.object({ ...hsdsPaging, full: flag })
export const hsdsTaxonomyTermsQuery = z.object({ ...hsdsPaging, taxonomy_id: uuid('taxonomy_id must be a UUID') })
export const hsdsTaxonomiesQuery = z.object(hsdsPaging)
export const hsdsIdParam = z.object({ id: z.string().trim().toLowerCase().regex(/^[0-9a-f-]{36}$/, 'validation.directory.notUuid') })
