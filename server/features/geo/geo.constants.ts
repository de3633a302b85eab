/**
 * The ZIP formats the search accepts and its two messages, without zod: the
 * client's /browse page shows these messages and so does without the
 * validators' library (geo.schemas.ts re-exports them for the server).
 */
export const ZIP_FORMAT = /^\d{5}(-\d{4})?$/
export const INVALID_ZIP = 'Invalid ZIP code'
export const ZIP_NOT_FOUND = 'Could not find location for the provided ZIP code'
