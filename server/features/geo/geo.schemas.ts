import { z } from 'zod'

/** Pure data, shared with the client: the ZIP formats the search accepts. */
export const ZIP_FORMAT = /^\d{5}(-\d{4})?$/
export const INVALID_ZIP = 'Invalid ZIP code'
export const ZIP_NOT_FOUND = 'Could not find location for the provided ZIP code'

export const zipParamSchema = z.object({
  zip: z.string().trim().regex(ZIP_FORMAT, INVALID_ZIP),
})
