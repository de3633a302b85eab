import { api } from '../../../lib/api'
import { useDashboardMutation } from './dashboard-mutation'
import { propertyPath } from './property-path'
import type { z } from 'zod'
import type { allBedsConfirmedSchema, ownPropertyAnswerSchema } from '@server/features/properties/properties.responses'

/** One click: the count is right as it is (or set a new one). */
export const confirmBeds = ({ id, available_beds }: { id: string; available_beds?: number }) =>
  api<z.infer<typeof ownPropertyAnswerSchema>>(propertyPath(id, '/confirm-beds'), {
    method: 'POST',
    body: available_beds === undefined ? {} : { available_beds },
  })

export const useConfirmBeds = () => useDashboardMutation(confirmBeds)

/** "Confirm all": every active home's count is right as it is. */
export const confirmAllBeds = () =>
  api<z.infer<typeof allBedsConfirmedSchema>>('/my/properties/confirm-beds', { method: 'POST', body: {} })

export const useConfirmAllBeds = () => useDashboardMutation(confirmAllBeds)
