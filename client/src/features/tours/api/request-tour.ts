import { useMutation, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../../lib/query-keys'
import type { TourRequestInput } from '@server/features/tours/tours.schemas'
import { api } from '../../../lib/api'
import type { TourRequest } from './tours'

export const requestTour = (body: TourRequestInput) => api<TourRequest>('/tours', { method: 'POST', body })

/** The requester's own list of tour requests gains it; the operator's list updates on their side (live event). */
export function useRequestTour() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: requestTour, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.tours.requested }) })
}
