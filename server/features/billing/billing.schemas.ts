import { z } from 'zod'

/** Admin grant or revoke of complimentary Premium (the e-mail is required). */
export const complimentarySchema = z.object({
  email: z
    .string({ error: 'validation.billing.emailRequired' })
    .trim()
    .toLowerCase()
    .min(1, 'validation.billing.emailRequired')
    .max(255, 'validation.email.tooLong')
    .pipe(z.email('validation.email.invalid')),
  grant: z.boolean({ error: 'validation.billing.grantOrRevoke' }),
})

export type ComplimentaryInput = z.input<typeof complimentarySchema>
