import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { resetLinkSchema } from '@server/features/accounts/accounts.responses'

/** Whether a reset link still works, asked when its page opens (a POST: the token stays out of URLs and logs; spends nothing). */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token],
    queryFn: () => api<z.infer<typeof resetLinkSchema>>('/auth/reset-password/check', { method: 'POST', body: { token } }),
    retry: false,
    staleTime: Infinity,
  })
