import { lazy, startTransition, Suspense, useEffect, useState } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { Footer } from './footer'
import { Header } from './header'
import { OfflineNotice } from './offline-notice'
import { VerifyEmailBanner } from '../features/accounts'
import { useAuth } from '../features/auth'
import { RealtimeProvider } from '../features/notifications'
import { LocalePathSync } from '../lib/i18n/locale-path'

// sonner loads once the page has loaded, out of the entry chunk and not competing with the
// first page's own files on a slow network (README, Performance); toasts asked for before
// it mounts show when it does (sonner hands a new Toaster the active toasts; lib/toast.ts).
const Toaster = lazy(() => import('../lib/sonner').then((m) => ({ default: m.Toaster })))

/**
 * True once the window's load event has fired (right after mounting when it
 * already has). False at the first render, as on the server, so a hydrated page matches its HTML.
 */
function useLoaded() {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (loaded) return
    // In a transition: the layout renders again in slices, not in one long task as the page settles.
    const done = () => startTransition(() => setLoaded(true))
    if (document.readyState === 'complete') return done()
    window.addEventListener('load', done, { once: true })
    return () => window.removeEventListener('load', done)
  }, [loaded])
  return loaded
}

export function Layout() {
  const loaded = useLoaded()
  const { user } = useAuth()
  return (
    <div className="flex min-h-screen flex-col">
      {/* Signed-in only, each in its own chunk (the entry goes without react-query): the tab's event stream, and the e-mail reminder. */}
      {user && <RealtimeProvider>{null}</RealtimeProvider>}
      <OfflineNotice />
      <Header />
      {user && !user.email_verified && <VerifyEmailBanner />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      {loaded && (
        <Suspense fallback={null}>
          <Toaster richColors closeButton position="top-right" />
        </Suspense>
      )}
      <LocalePathSync />
      <ScrollRestoration />
    </div>
  )
}
