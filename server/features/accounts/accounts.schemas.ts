import { z } from 'zod'
import { LOCALES } from '../../i18n/locales'

/** Danger Zone: the password is asked again before the account is deleted. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password is too long'),
})

/** The language switcher, signed in: the choice is saved on the account (ADR 037). */
export const setLanguageSchema = z.object({
  language: z.enum(LOCALES, { error: 'validation.language.unknown' }),
})
