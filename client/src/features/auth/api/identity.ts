import type { QueryClient } from '@tanstack/react-query'
import { outlivesSession } from '../../../lib/query-keys'
import { meQuery, type Me } from './me'

/** Everything cached but the identity and the public config belongs to the previous identity. */
const dropOtherIdentityData = (queryClient: QueryClient) =>
  queryClient.removeQueries({ predicate: (q) => !outlivesSession(q.queryKey) })

/** After sign-in, second factor or sign-up: the answer is the new identity. */
export function setIdentity(queryClient: QueryClient, me: Me) {
  queryClient.setQueryData(meQuery.queryKey, me)
  dropOtherIdentityData(queryClient)
}

/** After sign-out: a visitor. */
export function clearIdentity(queryClient: QueryClient) {
  queryClient.setQueryData(meQuery.queryKey, { user: null, roles: [], role: null, is_admin: false, subscription: null })
  dropOtherIdentityData(queryClient)
}
