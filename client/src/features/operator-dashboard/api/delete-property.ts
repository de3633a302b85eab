import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { z } from 'zod'
import type { okSchema } from '@server/lib/openapi'

export const deleteProperty = (id: string) => api<z.infer<typeof okSchema>>(propertyPath(id), { method: 'DELETE' })

export const useDeleteProperty = () => useDashboardMutation(deleteProperty)
