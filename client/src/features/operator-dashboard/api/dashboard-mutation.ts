import { useMutation, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../../lib/query-keys'

/**
 * A write from the operator dashboard: after it succeeds, everything under the
 * dashboard's key (properties, stats, completion, profile) is fetched again.
 * The invalidation is returned, so the mutation stays pending until the new
 * data is in and a button does not come back before the screen is up to date.
 */
export function useDashboardMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }) })
}
