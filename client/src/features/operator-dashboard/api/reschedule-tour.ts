import type { TourRescheduleInput } from '@server/features/tours/tours.schemas'
import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import type { z } from 'zod'
import type { tourAnswerSchema } from '@server/features/tours/tours.responses'

/** Propose a new date and time; the visitor answers through an e-mailed link. */
export const rescheduleTour = ({ id, input }: { id: string; input: TourRescheduleInput }) =>
  api<z.infer<typeof tourAnswerSchema>>(`/tours/${encodeURIComponent(id)}/reschedule`, { method: 'POST', body: input })

export const useRescheduleTour = () => useDashboardMutation(rescheduleTour)
