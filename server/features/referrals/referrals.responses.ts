import { z } from 'zod'

/** Response bodies of the referrer routes (OpenAPI; the services' return values). */
export const referrerSummarySchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  matched: z.number().int(),
  placed: z.number().int(),
  cancelled: z.number().int(),
})
