import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

type Variables = { paymentId: string; action: 'release' | 'refund'; reason: string }

/** Releases a held payment to the referrer or refunds the operator, with a reason kept in the audit log. */
export const resolveEscrowPayment = ({ paymentId, ...body }: Variables) =>
  api<{ message: string }>(`/admin/escrow/${encodeURIComponent(paymentId)}`, { method: 'POST', body })

/** Escrow, stats, referrals and audit log all change: the whole dashboard is fetched again (not awaited). */
export function useResolveEscrowPayment() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: resolveEscrowPayment, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }) })
}
