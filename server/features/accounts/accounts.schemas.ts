import { z } from 'zod'
import { LOCALES } from '../../i18n/locales'

/** Danger Zone: the password is asked again before the account is deleted. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'validation.password.required' }).min(1, 'validation.password.required').max(128, 'validation.password.tooLong'),
})

/** The language switcher, signed in: the choice is saved on the account (ADR 037). */
export const setLanguageSchema = z.object({
  language: z.enum(LOCALES, { error: 'validation.language.unknown' }),
})
