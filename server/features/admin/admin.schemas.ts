import { z } from 'zod'
import { OUTBOX_STATUSES, REFERRAL_STATUSES } from '../../db/schema'
import { AUDIT_ACTIONS, AUDIT_AREAS } from '../../lib/audit-actions'

export const referralStatusSchema = z.enum(REFERRAL_STATUSES, {
  error: `Status must be one of: ${REFERRAL_STATUSES.join(', ')}`,
})

/** PATCH /api/admin/referrals/:id. matched_property_id optionally names the home the client was matched to. */
export const updateReferralSchema = z.object({
  status: referralStatusSchema,
  matched_property_id: z.string({ error: 'validation.admin.invalidProperty' }).trim().min(1, 'validation.admin.invalidProperty').max(100, 'validation.admin.invalidProperty').nullable().optional(),
})

/**
 * GET /api/admin/referrals: optionally one status, and a search `q` (what an
 * admin types: client initials, a referral id or its first characters, the
 * referrer's name or e-mail, a preferred city or state, the matched home);
 * paged like the properties list.
 */
export const referralListQuery = z.object({
  status: referralStatusSchema.optional(),
  q: z.string().trim().max(100, 'Search is too long').optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(500).optional(),
})

export const propertyListQuery = z.object({
  state: z.string().trim().regex(/^[A-Za-z]{2}$/, 'validation.admin.stateTwoLetters').optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(500).optional(),
})

const day = (name: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (yyyy-MM-dd)`).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), `${name} must be a date (yyyy-MM-dd)`)

/**
 * GET /api/admin/audit-logs: one page (keyset, `before`), optionally narrowed
 * to one action or one area of actions, an actor (part of the e-mail, or cli /
 * scheduler / system) and a date range (UTC days, both ends included).
 */
export const auditLogQuery = z
  .object({
    before: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: 'Unknown audit action' }).optional(),
    area: z.enum(AUDIT_AREAS, { error: `Area must be one of: ${AUDIT_AREAS.join(', ')}` }).optional(),
    actor: z.string().trim().max(200, 'Actor is too long').optional(),
    from: day('From').optional(),
    to: day('To').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] })

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
