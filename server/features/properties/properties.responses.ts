import { z } from 'zod'
import { CARE_LEVELS, FUNDING_SOURCES, LICENSING_TYPES, NEARBY_SERVICES, ROOM_TYPES } from '../../db/enums'

/** ownerView() (my-property-view.ts): the operator's own property, every field and every photo and video. */
export const ownPropertySchema = z.object({
  id: z.string(),
  operator_id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  description: z.string().nullable(),
  total_beds: z.number().int(),
  available_beds: z.number().int(),
  license_number: z.string().nullable(),
  is_active: z.boolean(),
  licensing_type: z.enum(LICENSING_TYPES),
  pets_allowed: z.boolean(),
  sex_offender_friendly: z.boolean(),
  wheelchair_accessible: z.boolean(),
  private_rooms: z.boolean(),
  medical_care_24_7: z.boolean(),
  amenities: z.array(z.string()),
  demographics_served: z.array(z.string()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geocoding_accuracy: z.string().nullable(),
  beds_confirmed_at: z.string().nullable(),
  care_levels: z.array(z.enum(CARE_LEVELS)),
  funding_accepted: z.array(z.enum(FUNDING_SOURCES)),
  room_types: z.array(z.enum(ROOM_TYPES)),
  nearby_services: z.array(z.enum(NEARBY_SERVICES)),
  house_rules: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  monthly_fee: z.number().nullable().describe('Dollars'),
  monthly_fee_cents: z.number().int().nullable(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  featured_image: z.string().nullable().describe('The first image'),
  image_items: z.array(z.object({ id: z.string(), url: z.string(), thumb_url: z.string(), position: z.number().int() })),
  video_items: z.array(z.object({ id: z.string(), url: z.string(), mime_type: z.string(), size_bytes: z.number().int(), position: z.number().int() })),
})

export const ownPropertiesSchema = z.object({ items: z.array(ownPropertySchema) })
export const ownPropertyAnswerSchema = z.object({ property: ownPropertySchema })
export const propertyCreatedSchema = z.object({ property: ownPropertySchema, geocoded: z.boolean() })
export const imagesUploadedSchema = z.object({
  property: ownPropertySchema,
  uploaded: z.number().int(),
  skipped: z.number().int().describe('Photos beyond the plan limit'),
})
export const videosUploadedSchema = z.object({ property: ownPropertySchema, uploaded: z.number().int() })
export const geocodedSchema = z.object({ accuracy: z.literal('zip'), property: ownPropertySchema })

/** A bed-confirmation link's home (no sign-in): what the page shows and what it saved. */
const bedLinkPropertySchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  total_beds: z.number().int(),
  available_beds: z.number().int(),
  beds_confirmed_at: z.string().nullable(),
})
export const bedLinkSchema = z.object({ property: bedLinkPropertySchema, expires_at: z.string() })
export const bedsConfirmedSchema = z.object({ property: bedLinkPropertySchema })
