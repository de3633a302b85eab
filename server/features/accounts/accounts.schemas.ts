import { z } from 'zod'

/** Danger Zone: the password is asked again before the account is deleted. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password is too long'),
})
