import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'

/** A 409: what the screen showed changed meanwhile (another tab, another person), so the write no longer applies. */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409

/**
 * A write from the operator dashboard: after it succeeds, everything under the
 * dashboard's key (properties, stats, completion, profile) is fetched again.
 * The invalidation is returned, so the mutation stays pending until the new
 * data is in and a button does not come back before the screen is up to date.
 * A refusal because the screen was stale (409: say, a tour cancelled from
 * another tab) fetches it again too, so what changed shows with the message.
 */
export function useDashboardMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })
  return useMutation({ mutationFn, onSuccess: refresh, onError: (error) => (isStale(error) ? refresh() : undefined) })
}
