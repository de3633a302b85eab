import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { z } from 'zod'
import type { ownPropertyAnswerSchema } from '@server/features/properties/properties.responses'

export const reorderImages = ({ id, ids }: { id: string; ids: string[] }) =>
  api<z.infer<typeof ownPropertyAnswerSchema>>(propertyPath(id, '/images/order'), { method: 'POST', body: { ids } })

export const useReorderImages = () => useDashboardMutation(reorderImages)
