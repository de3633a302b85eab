import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { z } from 'zod'
import type { geocodedSchema } from '@server/features/properties/properties.responses'

export const geocodeProperty = (id: string) =>
  api<z.infer<typeof geocodedSchema>>(propertyPath(id, '/geocode'), { method: 'POST' })

export const useGeocodeProperty = () => useDashboardMutation(geocodeProperty)
