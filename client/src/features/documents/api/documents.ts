import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
// Its live-event handlers come with its queries (lib/live-events.ts).
import '../live-events'
import type { z } from 'zod'
import type { documentListSchema, documentReferralsSchema, documentSchema } from '@server/features/documents/documents.responses'

export type DocumentList = z.infer<typeof documentListSchema>
export type ReferralDocument = z.infer<typeof documentSchema>
export type DocumentReferrals = z.infer<typeof documentReferralsSchema>

export const documentsQuery = (referralId: string, operatorId?: string) =>
  queryOptions({
    queryKey: [...queryKeys.documents.list(referralId), operatorId ?? null],
    queryFn: () => api<DocumentList>(`/referrals/${referralId}/documents`, { query: { operator_id: operatorId } }),
  })

export const documentReferralsQuery = queryOptions({
  queryKey: queryKeys.documents.referrals,
  queryFn: () => api<DocumentReferrals>('/documents/referrals'),
})

/** Fetches the file through the access-checked route and hands it to the browser as a download. */
export async function downloadDocument(doc: Pick<ReferralDocument, 'id' | 'file_name'>) {
  const response = await fetch(`/api/documents/${doc.id}/download`, { credentials: 'same-origin' })
  if (!response.ok) throw new ApiError(response.status, 'download_failed', 'Download failed')
  const url = URL.createObjectURL(await response.blob())
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = doc.file_name
    document.body.appendChild(link)
    link.click()
    link.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}
