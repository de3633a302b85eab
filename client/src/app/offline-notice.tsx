import { useSyncExternalStore } from 'react'

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

/**
 * Said while the browser is offline. A request made meanwhile (submitting a
 * referral, sending a message, completing a payment) waits in the query
 * client (its mutations pause offline) and is sent when the connection
 * returns; the form keeps what was typed. Without this, the button only
 * said "Submitting...".
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
  if (online) return null
  return (
    <p role="status" className="sticky top-0 z-50 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950" data-testid="offline-notice">
      Your connection dropped. Nothing you entered is lost: what you sent waits here and goes as soon as you are back online.
    </p>
  )
}
