import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { bedConfirmationPath } from './bed-confirmations'
import type { z } from 'zod'
import type { bedsConfirmedSchema } from '@server/features/properties/properties.responses'

/** Confirms the available beds as they are, or sets a new count (no sign-in: the e-mailed link is the credential). */
export const confirmBedsByLink = ({ token, available_beds }: { token: string; available_beds?: number }) =>
  api<z.infer<typeof bedsConfirmedSchema>>(bedConfirmationPath(token), { method: 'POST', body: available_beds === undefined ? {} : { available_beds } })

/** Nothing cached changes: the page shows the property the answer carries. */
export const useConfirmBedsByLink = () => useMutation({ mutationFn: confirmBedsByLink })
