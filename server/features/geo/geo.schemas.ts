import { z } from 'zod'
import { INVALID_ZIP, ZIP_FORMAT } from './geo.constants'

/** Pure data, shared with the client: the ZIP formats the search accepts and its messages (geo.constants.ts, zod-free). */
export { INVALID_ZIP, ZIP_FORMAT, ZIP_NOT_FOUND } from './geo.constants'

export const zipParamSchema = z.object({
  zip: z.string().trim().regex(ZIP_FORMAT, INVALID_ZIP),
})
