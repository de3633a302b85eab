import { z } from 'zod'
import { CARE_LEVELS, FUNDING_SOURCES, LICENSING_TYPES, NEARBY_SERVICES, ROOM_TYPES, SPOKEN_LANGUAGES } from '../../db/enums'
import { isoTime, pageOf } from '../../lib/openapi'
import { badgeSchema } from '../badges/badges.responses'
import { reviewSummaryFields } from '../reviews/reviews.responses'

/** The fields a property shows both to its owner and to the public. */
const propertyFields = {
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
  beds_confirmed_at: isoTime.nullable().describe('Last confirmation of the bed count (weekly e-mail or the dashboard)'),
  care_levels: z.array(z.enum(CARE_LEVELS)),
  funding_accepted: z.array(z.enum(FUNDING_SOURCES)),
  room_types: z.array(z.enum(ROOM_TYPES)),
  nearby_services: z.array(z.enum(NEARBY_SERVICES)),
  house_rules: z.string().nullable(),
  languages: z.array(z.enum(SPOKEN_LANGUAGES)).describe("The languages the home's staff speak: BCP 47 tags, in the list's order"),
  created_at: isoTime,
  monthly_fee_cents: z.number().int().nullable(),
  images: z.array(z.string()).describe('Public /media URLs, in display order'),
  videos: z.array(z.string()),
  featured_image: z.string().nullable().describe('The first image'),
}

/** ownerView() (my-property-view.ts): the operator's own property, every field and every photo and video. */
export const ownPropertySchema = z.object({
  ...propertyFields,
  geocoding_accuracy: z.string().nullable(),
  time_zone: z.string().describe("The home's IANA time zone (from its state and ZIP): its tour times are read in it"),
  updated_at: isoTime,
  monthly_fee: z.number().nullable().describe('Dollars'),
  image_items: z.array(z.object({ id: z.string(), url: z.string(), thumb_url: z.string(), position: z.number().int() })),
  video_items: z.array(z.object({ id: z.string(), url: z.string(), mime_type: z.string(), size_bytes: z.number().int(), position: z.number().int() })),
})

export const ownPropertiesSchema = z.object({ items: z.array(ownPropertySchema) })
export const allBedsConfirmedSchema = z.object({ confirmed: z.number().int().describe('How many active homes were confirmed') })
export const ownPropertyAnswerSchema = z.object({ property: ownPropertySchema })
export const propertyCreatedSchema = z.object({ property: ownPropertySchema, geocoded: z.boolean() })
export const imagesUploadedSchema = z.object({
  property: ownPropertySchema,
  uploaded: z.number().int(),
  skipped: z.number().int().describe('Files that are not an image'),
  over_limit: z.number().int().describe("Photos left because the home reached its plan's photo limit (the first ones sent are kept)"),
  files: z
    .array(z.object({ name: z.string(), added: z.boolean(), reason: z.string().nullable().describe('Why the file was not added: not an image, or the plan limit') }))
    .describe('Each file part of the request, in the order sent'),
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

/** toPropertyView() (property-view.ts): a property as the public sees it; a free operator's media trimmed to the plan. */
export const propertyViewSchema = z.object({
  ...propertyFields,
  monthly_fee: z.string().nullable().describe('Formatted, e.g. $3,200.00'),
  image_thumbs: z.array(z.string()).describe('Thumbnails of `images`, same order'),
  featured_thumb: z.string().nullable(),
  operator: z.object({ id: z.string(), username: z.string().nullable(), name: z.string(), premium: z.boolean() }),
  distance_miles: z.number().nullable().describe('From the searched ZIP; null without one or without coordinates'),
})
/** A property with its approved reviews (the profile's homes). */
export const reviewedPropertySchema = propertyViewSchema.extend(reviewSummaryFields)

/** GET /api/properties: one page of homes, and the geocoded ZIP. */
export const propertySearchSchema = pageOf(propertyViewSchema).extend({
  location: z
    .object({ zip: z.string(), city: z.string(), state: z.string(), latitude: z.number(), longitude: z.number(), radius: z.number().describe('Miles') })
    .nullable()
    .describe('The geocoded ZIP; null when no ZIP was given or it is unknown'),
  no_map_position: z
    .object({
      total: z.number().int().describe('Homes in the radius results without a map position (no coordinates), across all pages'),
      from: z.number().int().nullable().describe("Index in this page's items where they start (they follow every home with a distance); null: none on this page"),
    })
    .nullable()
    .describe('Radius searches only: homes kept without a distance because their ZIP did not geocode'),
})
/** GET /api/properties/:id/nearby: other public homes near this one, nearest first (listNearbyHomes). */
export const nearbyHomesSchema = z.object({
  items: z.array(propertyViewSchema).describe('Up to 4; distance_miles from this home (or its ZIP centre when it has no map position)'),
  radius_miles: z.number().nullable().describe('How far they were looked for; null when the ZIP is unknown (then: the same city and state, no distances)'),
})
/** GET /api/properties/:id: the home, its operator's badges and rating, and the home's approved reviews. */
export const publicPropertySchema = reviewedPropertySchema.extend({
  operator: propertyViewSchema.shape.operator.extend({
    badges: z.array(badgeSchema),
    rating: z
      .object({
        review_count: z.number().int().describe("Approved reviews of all this operator's homes"),
        average_rating: z.number().nullable().describe('Their average, to one decimal; null without reviews'),
      })
      .describe('What the Top Rated badge is judged on (over all the homes, not only this one)'),
  }),
})

/** GET /api/my/shortlist (list-shortlist.ts): the saved homes, each as its page shows it, or null once no longer public. */
export const shortlistSchema = z.object({
  items: z.array(
    z.object({
      property_id: z.string(),
      saved_at: isoTime,
      home: publicPropertySchema.nullable().describe('null: the home is no longer listed publicly'),
    }),
  ),
  max: z.number().int().describe('How many homes a shortlist holds'),
})
export const shortlistAddedSchema = z.object({ added: z.boolean().describe('false: it was already on the shortlist') })
export const shortlistRemovedSchema = z.object({ removed: z.boolean().describe('false: it was not on the shortlist') })
