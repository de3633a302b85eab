import { z } from 'zod'
import { propertyExtrasFields } from '../care/care-extras.schemas'
import { US_STATES } from '../geo/states'

/**
 * Property payloads, shared by the server validator and the
 * dashboard forms, so each message exists once. Pure: safe for the client.
 */
export const ZIP_CODE = /^\d{5}(-\d{4})?$/

/** Empty form inputs mean "not given", null clears; numeric strings from inputs become numbers. */
const numberInput = (v: unknown) => {
  if (v === '' || v === undefined) return undefined
  if (v === null) return null
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v)
  return v
}
const optionalText = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const text = (label: string) => z.string({ error: `${label} is required` }).trim()

export const AMENITY_MAX = 30
/** A list, or the comma-separated text a form field holds. */
const list = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.string().trim().min(1).max(100, 'Each entry must be 100 characters or less')).max(AMENITY_MAX, `At most ${AMENITY_MAX} entries`),
)

export const propertyFields = {
  name: text('Name').min(3, 'Name must be at least 3 characters').max(200, 'Name must be less than 200 characters'),
  address: text('Address').min(5, 'Address is required').max(300, 'Address must be less than 300 characters'),
  city: text('City').min(2, 'City is required').max(100, 'City must be less than 100 characters'),
  state: text('State')
    .length(2, 'State must be 2 characters')
    .transform((s) => s.toUpperCase())
    .refine((s) => s in US_STATES, 'Invalid state code'),
  zip_code: text('ZIP code').regex(ZIP_CODE, 'Invalid ZIP code'),
  description: z.preprocess(
    optionalText,
    z
      .string()
      .trim()
      .min(10, 'Description must be at least 10 characters')
      .max(2000, 'Description must be less than 2000 characters')
      .nullish(),
  ),
  total_beds: z.preprocess(
    numberInput,
    z
      .number({ error: 'Must have at least 1 bed' })
      .int('Beds must be a whole number')
      .min(1, 'Must have at least 1 bed')
      .max(100, 'Too many beds'),
  ),
  available_beds: z.preprocess(
    numberInput,
    z
      .number({ error: 'Available beds is required' })
      .int('Beds must be a whole number')
      .min(0, 'Cannot be negative')
      .max(100, 'Too many beds'),
  ),
  /** Dollars per month, as typed; stored in cents. */
  monthly_fee: z.preprocess(
    numberInput,
    z.number({ error: 'Fee must be a number' }).min(0, 'Fee cannot be negative').max(100000, 'Fee is too high').nullish(),
  ),
  license_number: z.preprocess(
    optionalText,
    z.string().trim().max(100, 'License number must be less than 100 characters').nullish(),
  ),
  licensing_type: z.enum(['licensed', 'in_progress', 'unlicensed'], { error: 'Invalid licensing type' }),
  pets_allowed: z.boolean(),
  sex_offender_friendly: z.boolean(),
  wheelchair_accessible: z.boolean(),
  private_rooms: z.boolean(),
  medical_care_24_7: z.boolean(),
  amenities: list,
  demographics_served: list,
  /** Care extras: levels of care, funding accepted, room types, nearby services, house rules. */
  ...propertyExtrasFields,
  is_active: z.boolean(),
}

const BEDS_MESSAGE = 'Available beds cannot exceed total beds'

export const createPropertySchema = z
  .object({
    name: propertyFields.name,
    address: propertyFields.address,
    city: propertyFields.city,
    state: propertyFields.state,
    zip_code: propertyFields.zip_code,
    description: propertyFields.description.optional(),
    total_beds: propertyFields.total_beds,
    available_beds: propertyFields.available_beds,
    monthly_fee: propertyFields.monthly_fee.optional(),
    license_number: propertyFields.license_number.optional(),
    licensing_type: propertyFields.licensing_type.default('unlicensed'),
    pets_allowed: propertyFields.pets_allowed.default(false),
    sex_offender_friendly: propertyFields.sex_offender_friendly.default(false),
    wheelchair_accessible: propertyFields.wheelchair_accessible.default(false),
    private_rooms: propertyFields.private_rooms.default(false),
    medical_care_24_7: propertyFields.medical_care_24_7.default(false),
    amenities: propertyFields.amenities.default([]),
    demographics_served: propertyFields.demographics_served.default([]),
    care_levels: propertyFields.care_levels,
    funding_accepted: propertyFields.funding_accepted,
    room_types: propertyFields.room_types,
    nearby_services: propertyFields.nearby_services,
    house_rules: propertyFields.house_rules,
    /** false saves the home inactive (hidden from search), which every plan allows: a free operator's second home is kept, not refused. */
    is_active: propertyFields.is_active.default(true),
  })
  .refine((p) => p.available_beds <= p.total_beds, { message: BEDS_MESSAGE, path: ['available_beds'] })

/** Every field optional; beds are cross-checked against the stored row by the use case. */
export const updatePropertySchema = z.object({
  name: propertyFields.name.optional(),
  address: propertyFields.address.optional(),
  city: propertyFields.city.optional(),
  state: propertyFields.state.optional(),
  zip_code: propertyFields.zip_code.optional(),
  description: propertyFields.description.optional(),
  total_beds: propertyFields.total_beds.optional(),
  available_beds: propertyFields.available_beds.optional(),
  monthly_fee: propertyFields.monthly_fee.optional(),
  license_number: propertyFields.license_number.optional(),
  licensing_type: propertyFields.licensing_type.optional(),
  pets_allowed: propertyFields.pets_allowed.optional(),
  sex_offender_friendly: propertyFields.sex_offender_friendly.optional(),
  wheelchair_accessible: propertyFields.wheelchair_accessible.optional(),
  private_rooms: propertyFields.private_rooms.optional(),
  medical_care_24_7: propertyFields.medical_care_24_7.optional(),
  amenities: propertyFields.amenities.optional(),
  demographics_served: propertyFields.demographics_served.optional(),
  care_levels: propertyFields.care_levels.optional(),
  funding_accepted: propertyFields.funding_accepted.optional(),
  room_types: propertyFields.room_types.optional(),
  nearby_services: propertyFields.nearby_services.optional(),
  house_rules: propertyFields.house_rules.optional(),
  is_active: propertyFields.is_active.optional(),
})

export const reorderImagesSchema = z.object({
  ids: z.array(z.string().min(1).max(64), { error: 'ids must list the property images' }).min(1).max(50),
})

export { BEDS_MESSAGE }
export type CreatePropertyInput = z.input<typeof createPropertySchema>
export type CreateProperty = z.output<typeof createPropertySchema>
export type UpdateProperty = z.output<typeof updatePropertySchema>

/**
 * Confirming availability: as it is, or with a new count. The
 * server also refuses a count above the home's total beds (BEDS_MESSAGE).
 */
export const confirmBedsSchema = z.object({
  available_beds: z
    .number({ error: 'Available beds must be a number' })
    .int('Beds must be a whole number')
    .min(0, 'Cannot be negative')
    .max(100, 'Too many beds')
    .optional(),
})
export type ConfirmBeds = z.output<typeof confirmBedsSchema>
