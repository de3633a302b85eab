import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { emailPreferencesSchema, unsubscribedSchema } from '@server/features/notifications/notifications.responses'

export type EmailPreferences = z.infer<typeof emailPreferencesSchema>

/** Which kinds of e-mail the signed-in user gets. */
export const emailPreferencesQuery = queryOptions({
  queryKey: queryKeys.emailPreferences,
  queryFn: () => api<EmailPreferences>('/account/email-preferences'),
})

export const setEmailPreferences = (changes: Partial<EmailPreferences>) =>
  api<EmailPreferences>('/account/email-preferences', { method: 'PATCH', body: changes })

export function useSetEmailPreferences() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setEmailPreferences, onSuccess: (prefs) => queryClient.setQueryData(queryKeys.emailPreferences, prefs) })
}

/** The e-mailed link's one click, from the unsubscribe page (signed in or not). */
export const unsubscribe = (token: string) =>
  api<z.infer<typeof unsubscribedSchema>>(`/email-unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' })
