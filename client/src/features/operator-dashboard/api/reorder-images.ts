import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { MyProperty } from './properties'

export const reorderImages = ({ id, ids }: { id: string; ids: string[] }) =>
  api<{ property: MyProperty }>(propertyPath(id, '/images/order'), { method: 'POST', body: { ids } })

export const useReorderImages = () => useDashboardMutation(reorderImages)
