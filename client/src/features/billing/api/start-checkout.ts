import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { subscriptionCheckoutSchema } from '@server/features/billing/billing.responses'

/** A checkout session for Premium: Stripe's URL, or the built-in offline page. Nothing cached changes until it is paid. */
export const startCheckout = () => api<z.infer<typeof subscriptionCheckoutSchema>>('/billing/checkout', { method: 'POST' })

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout })
