import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { MyProperty } from './properties'

export const geocodeProperty = (id: string) =>
  api<{ property: MyProperty; accuracy: string }>(propertyPath(id, '/geocode'), { method: 'POST' })

export const useGeocodeProperty = () => useDashboardMutation(geocodeProperty)
