import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { useT } from '../../../lib/i18n'
import { useLocalePath } from '../../../lib/i18n/locale-path'
import { usePageTitle } from '../../../lib/use-page-title'

/**
 * "Oops! Page not found", at the address asked for: the page of an unknown
 * path, and of a route whose record does not exist (an unknown operator; the
 * server answers both with a 404 status).
 */
export function NotFound() {
  const t = useT('notFound')
  const lp = useLocalePath()
  usePageTitle(t('notFound.title'))
  const location = useLocation()
  useEffect(() => {
    // The server logs the path too when it serves an unknown URL.
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <h1 className="text-5xl font-bold text-slate-900">404</h1>
      <p className="mt-4 text-xl text-slate-700">{t('notFound.message')}</p>
      <ButtonLink to={lp('/')} className="mt-6">
        {t('notFound.home')}
      </ButtonLink>
    </div>
  )
}
