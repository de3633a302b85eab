import { upload } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { z } from 'zod'
import type { videosUploadedSchema } from '@server/features/properties/properties.responses'

type Variables = { id: string; files: File[]; onProgress: (percent: number) => void }

export function uploadVideos({ id, files, onProgress }: Variables) {
  const form = new FormData()
  for (const file of files) form.append('files', file)
  return upload<z.infer<typeof videosUploadedSchema>>(propertyPath(id, '/videos'), form, onProgress)
}

export const useUploadVideos = () => useDashboardMutation(uploadVideos)
