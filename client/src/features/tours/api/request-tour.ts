import { useMutation } from '@tanstack/react-query'
import type { TourRequestInput } from '@server/features/tours/tours.schemas'
import { api } from '../../../lib/api'
import type { TourRequest } from './tours'

export const requestTour = (body: TourRequestInput) => api<TourRequest>('/tours', { method: 'POST', body })

/** Nothing the visitor has cached shows tours; the operator's list updates on their side (live event). */
export const useRequestTour = () => useMutation({ mutationFn: requestTour })
