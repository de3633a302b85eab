import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { z } from 'zod'
import type { ownPropertyAnswerSchema } from '@server/features/properties/properties.responses'

/** A photo or a video of a property. */
export const deleteMedia = ({ id, mediaId }: { id: string; mediaId: string }) =>
  api<z.infer<typeof ownPropertyAnswerSchema>>(propertyPath(id, `/media/${encodeURIComponent(mediaId)}`), { method: 'DELETE' })

export const useDeleteMedia = () => useDashboardMutation(deleteMedia)
