import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { ownPropertiesSchema, ownPropertySchema } from '@server/features/properties/properties.responses'

/** An operator's own home as the dashboard shows it. Each write has its own file beside this one (create-property.ts, ...). */
export type MyProperty = z.infer<typeof ownPropertySchema>

export const myPropertiesQuery = queryOptions({
  queryKey: queryKeys.dashboard.properties,
  queryFn: () => api<z.infer<typeof ownPropertiesSchema>>('/my/properties'),
})
