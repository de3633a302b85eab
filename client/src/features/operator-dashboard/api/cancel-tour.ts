import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'

/** Cancels a tour; the visitor is told by e-mail. */
export const cancelTour = (id: string) => api(`/tours/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const useCancelTour = () => useDashboardMutation(cancelTour)
