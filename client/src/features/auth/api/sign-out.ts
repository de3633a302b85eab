import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { clearIdentity } from './identity'
import type { z } from 'zod'
import type { okSchema } from '@server/lib/openapi'

export const signOut = () => api<z.infer<typeof okSchema>>('/auth/sign-out', { method: 'POST' })

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: signOut, onSuccess: () => clearIdentity(queryClient) })
}
