import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { ReferralDocument } from './documents'
import { queryKeys } from '../../../lib/query-keys'

/** Marks a document as signed by the viewer. */
export const signDocument = ({ id }: Pick<ReferralDocument, 'id' | 'referral_id'>) =>
  api<ReferralDocument>(`/documents/${encodeURIComponent(id)}/sign`, { method: 'POST' })

/** The referral's document list is fetched again (not awaited). */
export function useSignDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signDocument,
    onSuccess: (_, doc) => void queryClient.invalidateQueries({ queryKey: queryKeys.documents.list(doc.referral_id) }),
  })
}
