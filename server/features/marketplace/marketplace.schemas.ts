import { z } from 'zod'

/** Shared by the server validators and the client (messages exist once). */
export const browseQuerySchema = z.object({
  page: z.coerce.number({ error: 'Invalid page' }).int('Invalid page').min(1, 'Invalid page').max(10_000, 'Invalid page').default(1),
  per_page: z.coerce.number({ error: 'Invalid page size' }).int('Invalid page size').min(1, 'Invalid page size').max(100, 'Invalid page size').default(24),
})

export const placementSchema = z.object({
  placed: z.boolean({ error: 'Please say whether the client was placed' }),
  property_id: z.string().trim().min(1).max(100).nullish(),
  /** The referrer only, with placed: confirm the placement and decline the payment (it goes back to the operator as a refund). */
  decline_payment: z.boolean().optional(),
})
export type PlacementInput = z.input<typeof placementSchema>

/** POST /api/placement-answers/:token: the e-mailed link's answer (the home is named from the dashboard, not here). */
export const placementLinkAnswerSchema = z.object({
  placed: z.boolean({ error: 'Please say whether the client was placed' }),
  decline_payment: z.boolean().optional(),
})
export const answerTokenParam = z.object({ token: z.string().regex(/^[a-z2-7]{32}$/, 'Invalid link') })

/**
 * Joining a referral's waitlist: the operator may note what the
 * client would need from their home (free text, optional, bounded). Blank
 * means no note. Stored sealed: it may describe care.
 */
export const WAITLIST_NEEDS_MAX = 500
export const waitlistJoinSchema = z.object({
  needs: z
    .string({ error: 'Needs must be text' })
    .trim()
    .max(WAITLIST_NEEDS_MAX, `Needs must be less than ${WAITLIST_NEEDS_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
})
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>
