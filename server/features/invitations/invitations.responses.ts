import { z } from 'zod'

/** Response bodies of the invitation routes (OpenAPI; the services' return values). */
export const invitationSentSchema = z.object({ existing: z.boolean().describe('true when this operator was already invited (200, nothing sent again)') })
export const invitationAcceptedSchema = z.object({ status: z.literal('accepted') })
export const invitationDeclinedSchema = z.object({ status: z.literal('declined') })
