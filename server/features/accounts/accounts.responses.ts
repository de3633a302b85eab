import { z } from 'zod'
import { itemsOf } from '../../lib/openapi'

/** Response bodies of the account and security routes (OpenAPI; the services' return values). */
export const accountDeletedSchema = z.object({ ok: z.literal(true), message: z.string() })
export const twoFactorSetupSchema = z.object({ secret: z.string().describe('Base32, for manual entry'), otpauth_uri: z.string() })
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()).describe('Shown once') })
export const twoFactorDisabledSchema = z.object({ disabled: z.literal(true) })
export const emailVerifiedSchema = z.object({
  verified: z.literal(true),
  already_verified: z.boolean().describe('The link had been used already and the address was confirmed then'),
})
/** POST /api/auth/reset-password/check: the link still works (else 400 invalid_token with the message). */
export const resetLinkSchema = z.object({ valid: z.literal(true) })
export const sessionsSchema = itemsOf(
  z.object({
    id: z.string(),
    device: z.string(),
    ip_address: z.string().nullable(),
    last_seen_at: z.string(),
    created_at: z.string(),
    current: z.boolean(),
  }),
)
