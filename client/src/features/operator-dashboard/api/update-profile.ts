import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateProfile } from '@server/features/operators/profile.schemas'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { meQuery } from '../../auth'
import { DASHBOARD_KEY, myProfileQuery, type MyProfile } from './dashboard'

export const updateProfile = (body: UpdateProfile) => api<Jsonify<MyProfile>>('/my/profile', { method: 'PATCH', body })

/** The saved profile shows at once; the dashboard and /api/me (the header's name) are fetched again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(myProfileQuery.queryKey, saved)
      return Promise.all([queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }), queryClient.invalidateQueries({ queryKey: meQuery.queryKey })])
    },
  })
}
