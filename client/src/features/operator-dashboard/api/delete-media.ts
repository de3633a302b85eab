import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { MyProperty } from './properties'

/** A photo or a video of a property. */
export const deleteMedia = ({ id, mediaId }: { id: string; mediaId: string }) =>
  api<{ property: MyProperty }>(propertyPath(id, `/media/${encodeURIComponent(mediaId)}`), { method: 'DELETE' })

export const useDeleteMedia = () => useDashboardMutation(deleteMedia)
