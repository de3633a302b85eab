import type { requestTour } from '../../../../../server/features/tours/request-tour'
import type { TourRequestInput } from '../../../../../server/features/tours/tours.schemas'
import { api } from '../../../lib/api'

export type TourRequest = ReturnType<typeof requestTour>

export const requestTourCall = (body: TourRequestInput) => api<TourRequest>('/tours', { method: 'POST', body })
