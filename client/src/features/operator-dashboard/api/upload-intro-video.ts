import { upload } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import type { z } from 'zod'
import type { introVideoSchema } from '@server/features/operators/operators.responses'

/** The operator's video introduction (Premium); one file, replacing the previous one. */
export function uploadIntroVideo({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) {
  const form = new FormData()
  form.append('file', file)
  return upload<z.infer<typeof introVideoSchema>>('/my/profile/video', form, onProgress)
}

export const useUploadIntroVideo = () => useDashboardMutation(uploadIntroVideo)
