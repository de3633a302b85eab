import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { urlSchema } from '@server/lib/openapi'

/** The provider's customer portal (or the built-in manage page): a URL to open, nothing cached changes. */
export const openPortal = () => api<z.infer<typeof urlSchema>>('/billing/portal', { method: 'POST' })

export const useOpenPortal = () => useMutation({ mutationFn: openPortal })
