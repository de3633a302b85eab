import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'

/** One profile view per visit; the server records the IP and user agent itself. */
export const recordProfileView = (username: string) =>
  api(`/operators/${encodeURIComponent(username)}/views`, {
    method: 'POST',
    body: { referrer_url: document.referrer || null },
  })

/** Analytics only: nothing the visitor sees changes, and a failure is never shown (mutate swallows it). */
export const useRecordProfileView = () => useMutation({ mutationFn: recordProfileView })
