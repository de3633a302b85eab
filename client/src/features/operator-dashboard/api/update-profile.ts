import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateProfile } from '@server/features/operators/profile.schemas'
import { api } from '../../../lib/api'
import { meQuery } from '../../auth'
import { myProfileQuery, type MyProfile } from './dashboard'
import { queryKeys } from '../../../lib/query-keys'

export const updateProfile = (body: UpdateProfile) => api<MyProfile>('/my/profile', { method: 'PATCH', body })

/** The saved profile shows at once; the dashboard and /api/me (the header's name) are fetched again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(myProfileQuery.queryKey, saved)
      return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }), queryClient.invalidateQueries({ queryKey: meQuery.queryKey })])
    },
  })
}
