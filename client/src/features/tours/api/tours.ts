import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { requestedToursSchema, rescheduleAnsweredSchema, rescheduleProposalSchema, tourRequestedSchema } from '@server/features/tours/tours.responses'

export type TourRequest = z.infer<typeof tourRequestedSchema>
export type RescheduleProposal = z.infer<typeof rescheduleProposalSchema>
export type RescheduleOutcome = z.infer<typeof rescheduleAnsweredSchema>
export type RequestedTour = z.infer<typeof requestedToursSchema>['items'][number]

export const rescheduleLinkPath = (token: string) => `/tour-reschedules/${encodeURIComponent(token)}`

/** The new time an e-mailed reschedule link proposes (no sign-in: the link is the credential). */
export const rescheduleProposalQuery = (token: string) =>
  queryOptions({ queryKey: queryKeys.tours.reschedule(token), queryFn: () => api<RescheduleProposal>(rescheduleLinkPath(token)), retry: false, staleTime: Infinity })

/** The tours the signed-in user asked for, with their status. */
export const requestedToursQuery = queryOptions({
  queryKey: queryKeys.tours.requested,
  queryFn: () => api<z.infer<typeof requestedToursSchema>>('/my/tour-requests'),
})
