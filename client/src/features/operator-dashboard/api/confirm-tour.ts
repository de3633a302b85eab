import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'

/** Confirms a requested tour; the visitor is told by e-mail. */
export const confirmTour = (id: string) => api(`/tours/${encodeURIComponent(id)}/confirm`, { method: 'POST' })

export const useConfirmTour = () => useDashboardMutation(confirmTour)
