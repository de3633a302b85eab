import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upload } from '../../../lib/api'
import type { ReferralDocument } from './documents'
import { queryKeys } from '../../../lib/query-keys'

export type DocumentUpload = { file: File; description: string; requires_signature: boolean; operator_id?: string }
type Variables = { referralId: string; input: DocumentUpload; onProgress: (percent: number) => void }

export function uploadDocument({ referralId, input, onProgress }: Variables) {
  const form = new FormData()
  form.append('file', input.file)
  form.append('description', input.description)
  form.append('requires_signature', input.requires_signature ? 'true' : 'false')
  if (input.operator_id) form.append('operator_id', input.operator_id)
  return upload<ReferralDocument>(`/referrals/${referralId}/documents`, form, onProgress)
}

/** The referral's document lists (every exchange of it) are fetched again after an upload. */
export function useUploadDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (_, { referralId }) => queryClient.invalidateQueries({ queryKey: queryKeys.documents.list(referralId) }),
  })
}
