import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignUpInput } from '@server/features/auth/auth.schemas'
import { api } from '../../../lib/api'
import { setIdentity } from './identity'
import type { Me } from './me'

export const signUp = (input: SignUpInput) => api<Me>('/auth/sign-up', { method: 'POST', body: input })

/** A new account is signed in at once: the answer becomes the identity. */
export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signUp, onSuccess: (me) => setIdentity(queryClient, me) })
}
