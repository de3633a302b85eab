import { z } from 'zod'
import { OUTBOX_STATUSES, REFERRAL_STATUSES } from '../../db/schema'

export const referralStatusSchema = z.enum(REFERRAL_STATUSES, {
  error: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}`,
})

/** PATCH /api/admin/referrals/:id. matched_property_id optionally names the home the client was matched to. */
export const updateReferralSchema = z.object({
  status: referralStatusSchema,
  matched_property_id: z.string({ error: 'validation.admin.invalidProperty' }).trim().min(1, 'validation.admin.invalidProperty').max(100, 'validation.admin.invalidProperty').nullable().optional(),
})

export const referralListQuery = z.object({ status: referralStatusSchema.optional() })

export const propertyListQuery = z.object({
  state: z.string().trim().regex(/^[A-Za-z]{2}$/, 'validation.admin.stateTwoLetters').optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(500).optional(),
})

export const auditLogQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
})

/** GET /api/admin/escrow: payments held now (default), or the history of released and refunded ones. */
export const ESCROW_VIEWS = ['held', 'resolved'] as const
export const escrowQuery = z.object({
  view: z.enum(ESCROW_VIEWS, { error: `View must be one of: ${ESCROW_VIEWS.join(', ')}` }).optional(),
})

export const outboxQuery = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: `Status must be one of: ${OUTBOX_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
})

export type UpdateReferralInput = z.input<typeof updateReferralSchema>
