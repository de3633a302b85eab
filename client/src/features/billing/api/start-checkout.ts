import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** A checkout session for Premium: Stripe's URL, or the built-in offline page. Nothing cached changes until it is paid. */
export const startCheckout = () => api<{ url: string; session_id: string | null }>('/billing/checkout', { method: 'POST' })

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout })
