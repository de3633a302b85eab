import { useQuery } from '@tanstack/react-query'
import { meQuery } from './api/me'

/**
 * GET /api/me as an active query: fetched at start, refetched when invalidated
 * (a subscription or e-mail change), kept in the cache. AuthProvider reads the
 * entry; this component, loaded once the query client is there, only observes it
 * (and asks again when the tab is shown: another tab may have changed the account).
 */
export function MeObserver() {
  // Asked again when the tab comes back into view: an e-mail confirmed (or a plan changed) in another tab shows here too,
  // and a banner saying "Please confirm your e-mail address" does not outlive the confirmation.
  useQuery({ ...meQuery, refetchOnWindowFocus: 'always' })
  return null
}
