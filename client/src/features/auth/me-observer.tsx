import { useQuery } from '@tanstack/react-query'
import { meQuery } from './api/me'

/**
 * GET /api/me as an active query: fetched at start, refetched when invalidated
 * (a subscription or e-mail change), kept in the cache. AuthProvider reads the
 * entry; this component, loaded once the query client is there, only observes it.
 */
export function MeObserver() {
  useQuery(meQuery)
  return null
}
