import type { QueryClient } from '@tanstack/react-query'
import { outlivesSession } from '../../../lib/query-keys'
import { meQuery, type Me } from './me'
import type { z } from 'zod'
import type { signedOutMeSchema } from '@server/features/accounts/me.responses'

type SignedOut = z.infer<typeof signedOutMeSchema>

/** Everything cached but the identity and the public config belongs to the previous identity. */
const dropOtherIdentityData = (queryClient: QueryClient) =>
  queryClient.removeQueries({ predicate: (q) => !outlivesSession(q.queryKey) })

/** After sign-in, second factor or sign-up: the answer is the new identity. */
export function setIdentity(queryClient: QueryClient, me: Me) {
  queryClient.setQueryData(meQuery.queryKey, me)
  dropOtherIdentityData(queryClient)
}

/** After sign-out: a visitor, as the signed-out /api/me answers. */
export function clearIdentity(queryClient: QueryClient) {
  const visitor: SignedOut = { user: null, roles: [], role: null, is_admin: false, subscription: null, two_factor_pending: false }
  queryClient.setQueryData(meQuery.queryKey, visitor)
  dropOtherIdentityData(queryClient)
}
