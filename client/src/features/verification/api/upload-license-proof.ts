import { useMutation, useQueryClient } from '@tanstack/react-query'
import { upload } from '../../../lib/api'
import type { Verification } from './verification'
import { queryKeys } from '../../../lib/query-keys'

type Variables = { file: File; onProgress?: (percent: number) => void }

export function uploadLicenseProof({ file, onProgress }: Variables) {
  const form = new FormData()
  form.append('file', file)
  return upload<Verification>('/my/license-proofs', form, onProgress)
}

/** The proof's status lives under the dashboard key (with the profile's completion and badges). */
export function useUploadLicenseProof() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: uploadLicenseProof, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }) })
}
