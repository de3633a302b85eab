import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import type { z } from 'zod'
import type { tourAnswerSchema } from '@server/features/tours/tours.responses'

/** Confirms a requested tour; the visitor is told by e-mail. */
export const confirmTour = (id: string) => api<z.infer<typeof tourAnswerSchema>>(`/tours/${encodeURIComponent(id)}/confirm`, { method: 'POST' })

export const useConfirmTour = () => useDashboardMutation(confirmTour)
