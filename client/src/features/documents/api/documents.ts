import { queryOptions } from '@tanstack/react-query'
import type { listDocumentReferrals } from '@server/features/documents/list-document-referrals'
import type { listDocuments } from '@server/features/documents/list-documents'
import type { DocumentView } from '@server/features/documents/document-view'
import { api, ApiError } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { queryKeys } from '../../../lib/query-keys'
// Its live-event handlers come with its queries (lib/live-events.ts).
import '../live-events'

export type DocumentList = Jsonify<ReturnType<typeof listDocuments>>
export type ReferralDocument = Jsonify<DocumentView>
export type DocumentReferrals = Jsonify<ReturnType<typeof listDocumentReferrals>>

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
