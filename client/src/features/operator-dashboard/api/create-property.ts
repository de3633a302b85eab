import type { CreateProperty } from '@server/features/properties/properties.schemas'
import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import type { MyProperty } from './properties'

export const createProperty = (body: CreateProperty) =>
  api<{ property: MyProperty; geocoded: boolean }>('/my/properties', { method: 'POST', body })

export const useCreateProperty = () => useDashboardMutation(createProperty)
