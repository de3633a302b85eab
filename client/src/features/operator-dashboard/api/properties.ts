import { queryOptions } from '@tanstack/react-query'
import type { OwnerProperty } from '@server/features/properties/my-property-view'
import { api } from '../../../lib/api'
import { DASHBOARD_KEY } from './dashboard'
import type { Jsonify } from '../../../lib/json'

/** An operator's own home as the dashboard shows it. Each write has its own file beside this one (create-property.ts, ...). */
export type MyProperty = Jsonify<OwnerProperty>

export const myPropertiesQuery = queryOptions({
  queryKey: [...DASHBOARD_KEY, 'properties'],
  queryFn: () => api<{ items: MyProperty[] }>('/my/properties'),
})
