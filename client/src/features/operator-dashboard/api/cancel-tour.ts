import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import type { z } from 'zod'
import type { okSchema } from '@server/lib/openapi'

/** Cancels a tour; the visitor is told by e-mail. */
export const cancelTour = (id: string) => api<z.infer<typeof okSchema>>(`/tours/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const useCancelTour = () => useDashboardMutation(cancelTour)
