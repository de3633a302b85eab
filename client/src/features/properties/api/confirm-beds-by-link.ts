import { useMutation } from '@tanstack/react-query'
import type { useBedConfirmation } from '@server/features/properties/bed-confirmation-links'
import { api } from '../../../lib/api'
import { bedConfirmationPath } from './bed-confirmations'

/** Confirms the available beds as they are, or sets a new count (no sign-in: the e-mailed link is the credential). */
export const confirmBedsByLink = ({ token, available_beds }: { token: string; available_beds?: number }) =>
  api<Awaited<ReturnType<typeof useBedConfirmation>>>(bedConfirmationPath(token), { method: 'POST', body: available_beds === undefined ? {} : { available_beds } })

/** Nothing cached changes: the page shows the property the answer carries. */
export const useConfirmBedsByLink = () => useMutation({ mutationFn: confirmBedsByLink })
