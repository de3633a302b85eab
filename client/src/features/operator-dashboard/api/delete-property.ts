import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'

export const deleteProperty = (id: string) => api(propertyPath(id), { method: 'DELETE' })

export const useDeleteProperty = () => useDashboardMutation(deleteProperty)
