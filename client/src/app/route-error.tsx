import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { Button, ButtonLink } from '../components/ui/button'
import { usePageTitle } from '../lib/use-page-title'

/**
 * The router's errorElement: a render crash, or a page chunk that no longer
 * loads (an old tab after a redeploy asks for files that are gone), shows this
 * instead of react-router's developer screen. Reload fixes the second case.
 * Styled like NotFoundPage.
 */
export function RouteErrorPage() {
  usePageTitle('Something went wrong')
  const error = useRouteError()
  useEffect(() => {
    // The details stay in the console for whoever debugs it; the page shows none of them.
    console.error('Route error:', error)
  }, [error])
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-4 text-lg text-slate-700">This page could not be shown. Reloading usually helps.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        {/* reloadDocument: a full page load, so no broken client state is carried over. */}
        <ButtonLink to="/" reloadDocument variant="outline">
          Home
        </ButtonLink>
      </div>
    </div>
  )
}
