import { queryOptions } from '@tanstack/react-query'
import type { getBedConfirmation, useBedConfirmation } from '@server/features/properties/bed-confirmation-links'
import { api } from '../../../lib/api'

export type BedConfirmation = ReturnType<typeof getBedConfirmation>
const path = (token: string) => `/bed-confirmations/${encodeURIComponent(token)}`

/** What a weekly bed-confirmation link is for (no sign-in: the link is the credential). */
export const bedConfirmationQuery = (token: string) =>
  queryOptions({ queryKey: ['bed-confirmation', token], queryFn: () => api<BedConfirmation>(path(token)), retry: false, staleTime: Infinity })

export const submitBedConfirmation = (token: string, available_beds?: number) =>
  api<ReturnType<typeof useBedConfirmation>>(path(token), { method: 'POST', body: available_beds === undefined ? {} : { available_beds } })
