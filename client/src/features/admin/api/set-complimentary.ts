import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { messageSchema } from '@server/lib/openapi'

/** Grants (or revokes) complimentary Premium to the account with this e-mail. */
export const setComplimentary = (body: { email: string; grant: boolean }) =>
  api<z.infer<typeof messageSchema>>('/admin/subscriptions/complimentary', { method: 'POST', body })

/** Subscriptions, stats and the outbox (the operator is told by e-mail) change: the dashboard is fetched again (not awaited). */
export function useSetComplimentary() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setComplimentary, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }) })
}
