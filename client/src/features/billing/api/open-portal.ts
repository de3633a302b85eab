import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** The provider's customer portal (or the built-in manage page): a URL to open, nothing cached changes. */
export const openPortal = () => api<{ url: string }>('/billing/portal', { method: 'POST' })

export const useOpenPortal = () => useMutation({ mutationFn: openPortal })
