import type { CreateProperty } from '@server/features/properties/properties.schemas'
import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import type { z } from 'zod'
import type { propertyCreatedSchema } from '@server/features/properties/properties.responses'

export const createProperty = (body: CreateProperty) =>
  api<z.infer<typeof propertyCreatedSchema>>('/my/properties', { method: 'POST', body })

export const useCreateProperty = () => useDashboardMutation(createProperty)
