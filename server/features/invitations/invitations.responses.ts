import { z } from 'zod'
import { DECLINE_REASONS, REFERRAL_STATUSES } from '../../db/enums'
import { isoTime, itemsOf } from '../../lib/openapi'

/** Response bodies of the invitation routes (OpenAPI; the services' return values). */
export const invitationSentSchema = z.object({ existing: z.boolean().describe('true when this operator was already invited (200, nothing sent again)') })
export const invitationAcceptedSchema = z.object({ status: z.literal('accepted') })
export const invitationDeclinedSchema = z.object({ status: z.literal('declined') })

/** GET /api/my/invitations: pending first, then newest; only what a masked card shows of the client. */
export const myInvitationsSchema = itemsOf(
  z.object({
    id: z.string(),
    referral_id: z.string(),
    status: z.enum(['pending', 'accepted', 'declined']),
    message: z.string().nullable().describe("The referrer's note"),
    created_at: isoTime,
    responded_at: isoTime.nullable(),
    referral_status: z.enum(REFERRAL_STATUSES),
    client_age: z.number().int().nullable(),
    client_gender: z.string(),
    preferred_state: z.string(),
    preferred_cities: z.array(z.string()),
    inviter_name: z.string(),
    decline_reason: z.enum(DECLINE_REASONS).nullable(),
    decline_reason_label: z.string().nullable(),
  }),
)
