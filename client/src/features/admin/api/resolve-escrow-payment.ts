import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { escrowResolvedSchema } from '@server/features/marketplace/marketplace.responses'

type Variables = { paymentId: string; action: 'release' | 'refund'; reason: string }

/** Releases a held payment to the referrer or refunds the operator, with a reason kept in the audit log. */
export const resolveEscrowPayment = ({ paymentId, ...body }: Variables) =>
  api<z.infer<typeof escrowResolvedSchema>>(`/admin/escrow/${encodeURIComponent(paymentId)}`, { method: 'POST', body })

/** Escrow, stats, referrals and audit log all change: the whole dashboard is fetched again (not awaited). */
export function useResolveEscrowPayment() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: resolveEscrowPayment, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }) })
}
