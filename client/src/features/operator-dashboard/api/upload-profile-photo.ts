import { upload } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import type { z } from 'zod'
import type { profilePhotoSchema } from '@server/features/operators/operators.responses'

export function uploadProfilePhoto(file: File) {
  const form = new FormData()
  form.append('file', file)
  return upload<z.infer<typeof profilePhotoSchema>>('/my/profile/photo', form)
}

export const useUploadProfilePhoto = () => useDashboardMutation(uploadProfilePhoto)
