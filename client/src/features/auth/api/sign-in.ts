import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignInInput } from '@server/features/auth/auth.schemas'
import { api } from '../../../lib/api'
import { setIdentity } from './identity'
import type { z } from 'zod'
import type { signedInSchema } from '@server/features/accounts/me.responses'

export type SignInResult = z.infer<typeof signedInSchema>

export const signIn = (input: SignInInput) => api<SignInResult>('/auth/sign-in', { method: 'POST', body: input })

/** Signed in: the answer becomes the identity. A second factor still due leaves the visitor signed out. */
export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      if (!('two_factor_required' in result)) setIdentity(queryClient, result)
    },
  })
}
