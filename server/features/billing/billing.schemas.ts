import { z } from 'zod'

/** Admin grant or revoke of complimentary Premium (the e-mail is required). */
export const complimentarySchema = z.object({
  email: z
    .string({ error: 'Please enter an email address' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter an email address')
    .max(255, 'Email is too long')
    .pipe(z.email('Invalid email address')),
  grant: z.boolean({ error: 'Please choose whether to grant or revoke access' }),
})

export type ComplimentaryInput = z.input<typeof complimentarySchema>
