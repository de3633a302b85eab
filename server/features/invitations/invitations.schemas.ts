import { z } from 'zod'

export const SELECT_REFERRAL = 'Please select a referral'
export const INVITE_MESSAGE_MAX = 2000

export const invitationSchema = z.object({
  referral_id: z.string({ error: SELECT_REFERRAL }).trim().min(1, SELECT_REFERRAL).max(100, SELECT_REFERRAL),
  operator_id: z.string({ error: 'Please select an operator' }).trim().min(1, 'Please select an operator').max(100, 'Please select an operator'),
  message: z
    .string({ error: 'Invalid message' })
    .trim()
    .max(INVITE_MESSAGE_MAX, `Message must be less than ${INVITE_MESSAGE_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
})

export type InvitationInput = z.input<typeof invitationSchema>
