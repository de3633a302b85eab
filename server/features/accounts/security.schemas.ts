import { z } from 'zod'
import { emailField, passwordField } from '../auth/auth.schemas'

export const forgotPasswordSchema = z.object({ email: emailField })
export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Missing reset token' }).min(1, 'Missing reset token').max(200),
  password: passwordField,
})
/** A reset link that is unknown, used or past its hour (the page says it when it opens, and offers a new one). */
export const RESET_INVALID_MESSAGE = 'This password reset link is invalid or has expired.'

export const verifyEmailSchema = z.object({ token: z.string({ error: 'Missing token' }).min(1, 'Missing token').max(200) })
export const codeSchema = z.object({
  code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
})
export const secondFactorSchema = z
  .object({
    code: z.string().trim().max(10).optional(),
    recovery_code: z.string().trim().max(20).optional(),
  })
  .refine((v) => !!v.code || !!v.recovery_code, { message: 'Enter the 6-digit code', path: ['code'] })
export const disableTwoFactorSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
})
