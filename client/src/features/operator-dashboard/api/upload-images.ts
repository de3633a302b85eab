import { upload } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { z } from 'zod'
import type { imagesUploadedSchema } from '@server/features/properties/properties.responses'

type Variables = { id: string; files: File[]; onProgress: (percent: number) => void }

export function uploadImages({ id, files, onProgress }: Variables) {
  const form = new FormData()
  for (const file of files) form.append('files', file)
  return upload<z.infer<typeof imagesUploadedSchema>>(propertyPath(id, '/images'), form, onProgress)
}

export const useUploadImages = () => useDashboardMutation(uploadImages)
