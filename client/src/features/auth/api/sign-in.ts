import type { SignInInput } from '@server/features/auth/auth.schemas'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { signedInSchema } from '@server/features/accounts/me.responses'

export type SignInResult = z.infer<typeof signedInSchema>

/** The identity (or that a second factor is due) is set by AuthProvider's sign-in (auth-context.tsx). */
export const signIn = (input: SignInInput) => api<SignInResult>('/auth/sign-in', { method: 'POST', body: input })
