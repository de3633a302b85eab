import { z } from 'zod'
import { PAYOUT_METHODS } from '../../db/enums'

/** Input of the payout routes (validation, types and OpenAPI from one schema). */

const METHOD_MESSAGE = `Method must be one of: ${PAYOUT_METHODS.join(', ')}`

/** PUT /api/me/payout-details: where the referrer wants her referral fees paid. */
export const payoutDetailsInput = z.object({
  method: z.enum(PAYOUT_METHODS, { error: METHOD_MESSAGE }),
  payee_name: z.string({ error: 'Payee name is required' }).trim().min(1, 'Payee name is required').max(200, 'Payee name must be at most 200 characters'),
  details: z
    .string({ error: 'Mailing address or account details are required' })
    .trim()
    .min(1, 'Mailing address or account details are required')
    .max(1000, 'Mailing address or account details must be at most 1000 characters'),
})
export type PayoutDetailsInput = z.infer<typeof payoutDetailsInput>

/** POST /api/admin/payouts/:id/record: how, when and with which reference the fee was paid. */
export const recordPayoutInput = z.object({
  method: z.enum(PAYOUT_METHODS, { error: METHOD_MESSAGE }),
  paid_on: z.iso.date({ error: 'Date paid must be a date (yyyy-mm-dd)' }),
  reference: z.string({ error: 'Reference is required' }).trim().min(1, 'Reference is required').max(200, 'Reference must be at most 200 characters'),
})
export type RecordPayoutInput = z.infer<typeof recordPayoutInput>

export const PAYOUT_VIEWS = ['owed', 'paid'] as const
export const adminPayoutsQuery = z.object({
  status: z.enum(PAYOUT_VIEWS, { error: `Status must be one of: ${PAYOUT_VIEWS.join(', ')}` }).optional(),
})

export const payoutParam = z.object({ id: z.string().min(1).max(100) })
