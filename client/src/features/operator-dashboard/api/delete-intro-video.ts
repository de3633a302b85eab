import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'

/** Removes the operator's video introduction. */
export const deleteIntroVideo = () => api<{ video_intro: null }>('/my/profile/video', { method: 'DELETE' })

export const useDeleteIntroVideo = () => useDashboardMutation(deleteIntroVideo)
