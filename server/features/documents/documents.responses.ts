import { z } from 'zod'
import { REFERRAL_STATUSES } from '../../db/enums'

/** GET /api/documents/referrals: the referrals whose documents the caller may see, with their count. */
export const documentReferralsSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      client_name: z.string(),
      status: z.enum(REFERRAL_STATUSES),
      created_at: z.string(),
      document_count: z.number().int(),
    }),
  ),
})
