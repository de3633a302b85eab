import type { CreateProperty } from '@server/features/properties/properties.schemas'
import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { z } from 'zod'
import type { ownPropertyAnswerSchema } from '@server/features/properties/properties.responses'

export type PropertyChanges = Partial<CreateProperty> & { is_active?: boolean }

export const updateProperty = ({ id, changes }: { id: string; changes: PropertyChanges }) =>
  api<z.infer<typeof ownPropertyAnswerSchema>>(propertyPath(id), { method: 'PATCH', body: changes })

export const useUpdateProperty = () => useDashboardMutation(updateProperty)
