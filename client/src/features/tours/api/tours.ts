import { queryOptions } from '@tanstack/react-query'
import type { answerReschedule, getRescheduleProposal } from '@server/features/tours/reschedule-links'
import type { requestTour } from '@server/features/tours/request-tour'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type TourRequest = Awaited<ReturnType<typeof requestTour>>
export type RescheduleProposal = Awaited<ReturnType<typeof getRescheduleProposal>>
export type RescheduleOutcome = Awaited<ReturnType<typeof answerReschedule>>

export const rescheduleLinkPath = (token: string) => `/tour-reschedules/${encodeURIComponent(token)}`

/** The new time an e-mailed reschedule link proposes (no sign-in: the link is the credential). */
export const rescheduleProposalQuery = (token: string) =>
  queryOptions({ queryKey: queryKeys.tours.reschedule(token), queryFn: () => api<RescheduleProposal>(rescheduleLinkPath(token)), retry: false, staleTime: Infinity })
