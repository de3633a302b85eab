import { queryOptions } from '@tanstack/react-query'
import type { getBedConfirmation } from '@server/features/properties/bed-confirmation-links'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

export type BedConfirmation = Awaited<ReturnType<typeof getBedConfirmation>>
export const bedConfirmationPath = (token: string) => `/bed-confirmations/${encodeURIComponent(token)}`

/** What a weekly bed-confirmation link is for (no sign-in: the link is the credential). */
export const bedConfirmationQuery = (token: string) =>
  queryOptions({ queryKey: queryKeys.properties.bedConfirmation(token), queryFn: () => api<BedConfirmation>(bedConfirmationPath(token)), retry: false, staleTime: Infinity })
