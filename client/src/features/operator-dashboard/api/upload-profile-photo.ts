import { upload } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'

export function uploadProfilePhoto(file: File) {
  const form = new FormData()
  form.append('file', file)
  return upload<{ profile_photo: string }>('/my/profile/photo', form)
}

export const useUploadProfilePhoto = () => useDashboardMutation(uploadProfilePhoto)
