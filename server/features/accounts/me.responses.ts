import { z } from 'zod'
import { LOCALES } from '../../i18n/locales'
import { ROLES } from '../../db/enums'
import { subscriptionStatusSchema } from '../billing/billing.responses'

/** getMe(): the signed-in user, as /api/me, sign-up, sign-in and the other sign-in steps answer. */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    username: z.string().nullable(),
    organization_name: z.string().nullable(),
    email_verified: z.boolean(),
    preferred_language: z.enum(LOCALES).describe('The language the API answers in and the e-mail is written in'),
  }),
  two_factor: z.object({ enabled: z.boolean(), required: z.boolean().describe('An admin who has not enrolled yet') }),
  roles: z.array(z.enum(ROLES)),
  role: z.enum(ROLES),
  is_admin: z.boolean(),
  subscription: subscriptionStatusSchema,
})

/** GET /api/me when signed out (two_factor_pending: the password step passed, the code is awaited). */
export const signedOutMeSchema = z.object({
  user: z.null(),
  roles: z.array(z.never()),
  role: z.null(),
  is_admin: z.literal(false),
  subscription: z.null(),
  two_factor_pending: z.boolean(),
})

/** Sign-in with two-factor enabled: the code is asked next (POST /api/auth/2fa/verify). */
export const twoFactorRequiredSchema = z.object({ two_factor_required: z.literal(true) })

/** Sign-in and the other first steps (reset password): the user, or the two-factor step. */
export const signedInSchema = z.union([meSchema, twoFactorRequiredSchema])
/** GET /api/me answers 200 signed in or not. */
export const meOrSignedOutSchema = z.union([meSchema, signedOutMeSchema])
