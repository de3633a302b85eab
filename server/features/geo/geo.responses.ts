import { z } from 'zod'

/** GET /api/geo/zip/:zip (OpenAPI). */
export const zipLocationSchema = z.object({ zip: z.string(), latitude: z.number(), longitude: z.number(), city: z.string(), state: z.string() })
