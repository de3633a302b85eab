import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import type { z } from 'zod'
import type { introVideoRemovedSchema } from '@server/features/operators/operators.responses'

/** Removes the operator's video introduction. */
export const deleteIntroVideo = () => api<z.infer<typeof introVideoRemovedSchema>>('/my/profile/video', { method: 'DELETE' })

export const useDeleteIntroVideo = () => useDashboardMutation(deleteIntroVideo)
