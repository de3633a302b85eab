import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { outboxRetriedSchema } from '@server/features/admin/admin.responses'

/** Queues a failed e-mail again. */
export const retryEmail = (id: string) => api<z.infer<typeof outboxRetriedSchema>>(`/admin/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' })

export function useRetryEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox }),
  })
}
