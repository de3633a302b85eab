import { z } from 'zod'
import { keyed } from '../../i18n/keyed'

/**
 * Shared by the server validator and the client forms (messages exist once, as
 * keys of the `validation` catalog: server/i18n/<language>/validation.json, docs/i18n.md).
 */
export const emailField = z
  .string({ error: 'validation.email.invalid' })
  .trim()
  .toLowerCase()
  .max(255, 'validation.email.tooLong')
  .pipe(z.email('validation.email.invalid'))

export const phoneField = z
  .string({ error: 'validation.phone.required' })
  .trim()
  .min(1, 'validation.phone.required')
  .regex(/^[0-9\s\-+()]+$/, 'validation.phone.format')
  .min(10, 'validation.phone.tooShort')
  .max(20, 'validation.phone.tooLong')

/** A name's limit is said with its refusal: "too long" alone leaves the user guessing how long is allowed. */
// Keys written whole (the catalog test finds them used): one pair per name field.
const name = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(50, keyed(tooLong, { max: 50 }))

export const passwordField = z
  .string({ error: 'validation.password.required' })
  .min(8, 'validation.password.tooShort')
  .max(128, 'validation.password.tooLong')

/**
 * Who signs up (ADR 001): someone who refers clients gets the referrer role at
 * once; someone who runs a group home (the default) gets no role row and acts
 * as an operator.
 */
export const ACCOUNT_TYPES = ['operator', 'referrer'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export const signUpSchema = z.object({
  email: emailField,
  password: passwordField,
  first_name: name('validation.firstName.required', 'validation.firstName.tooLong'),
  last_name: name('validation.lastName.required', 'validation.lastName.tooLong'),
  phone: phoneField,
  plan: z.enum(['free', 'premium'], { error: 'validation.plan.required' }).default('free'),
  account_type: z.enum(ACCOUNT_TYPES, { error: 'validation.accountType.required' }).default('operator'),
})

export const signInSchema = z.object({
  email: z.string({ error: 'validation.email.required' }).trim().toLowerCase().min(1, 'validation.email.required').max(255, 'validation.email.tooLong'),
  password: z.string({ error: 'validation.password.required' }).min(1, 'validation.password.required').max(128, 'validation.password.tooLong'),
})

export type SignUpInput = z.input<typeof signUpSchema>
export type SignInInput = z.input<typeof signInSchema>
