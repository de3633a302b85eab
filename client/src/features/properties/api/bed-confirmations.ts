import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { bedLinkSchema } from '@server/features/properties/properties.responses'

export type BedConfirmation = z.infer<typeof bedLinkSchema>
export const bedConfirmationPath = (token: string) => `/bed-confirmations/${encodeURIComponent(token)}`

/** What a weekly bed-confirmation link is for (no sign-in: the link is the credential). */
export const bedConfirmationQuery = (token: string) =>
  queryOptions({ queryKey: queryKeys.properties.bedConfirmation(token), queryFn: () => api<BedConfirmation>(bedConfirmationPath(token)), retry: false, staleTime: Infinity })
