import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import type { z } from 'zod'
import type { profileViewRecordedSchema } from '@server/features/operators/operators.responses'

/** One profile view per visit; the server records the IP and user agent itself. */
export const recordProfileView = (username: string) =>
  api<z.infer<typeof profileViewRecordedSchema>>(`/operators/${encodeURIComponent(username)}/views`, {
    method: 'POST',
    body: { referrer_url: document.referrer || null },
  })

/** Analytics only: nothing the visitor sees changes, and a failure is never shown (mutate swallows it). */
export const useRecordProfileView = () => useMutation({ mutationFn: recordProfileView })
