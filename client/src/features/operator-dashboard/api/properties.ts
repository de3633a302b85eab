import { queryOptions } from '@tanstack/react-query'
import type { OwnerProperty } from '@server/features/properties/my-property-view'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { queryKeys } from '../../../lib/query-keys'

/** An operator's own home as the dashboard shows it. Each write has its own file beside this one (create-property.ts, ...). */
export type MyProperty = Jsonify<OwnerProperty>

export const myPropertiesQuery = queryOptions({
  queryKey: queryKeys.dashboard.properties,
  queryFn: () => api<{ items: MyProperty[] }>('/my/properties'),
})
