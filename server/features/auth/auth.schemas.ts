import { z } from 'zod'

/** Shared by the server validator and the client forms (messages exist once). */
export const emailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .max(255, 'Email is too long')
  .pipe(z.email('Invalid email address'))

export const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .regex(/^[0-9\s\-+()]+$/, 'Invalid phone number format')
  .min(10, 'Phone number is too short')
  .max(20, 'Phone number is too long')

/** A name's limit is said with its refusal: "too long" alone leaves the user guessing how long is allowed. */
const tooLong = (label: string, max: number) => `${label} is too long (at most ${max} characters)`

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(50, tooLong(label, 50))

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password is too long')

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
  first_name: name('First name'),
  last_name: name('Last name'),
  phone: phoneField,
  plan: z.enum(['free', 'premium'], { error: 'Please choose a plan' }).default('free'),
  account_type: z.enum(ACCOUNT_TYPES, { error: 'Please choose who you are' }).default('operator'),
})

export const signInSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(255, 'Email is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password is too long'),
})

export type SignUpInput = z.input<typeof signUpSchema>
export type SignInInput = z.input<typeof signInSchema>
