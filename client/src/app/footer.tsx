import { QueryClientContext } from '@tanstack/react-query'
import { lazy, Suspense, useContext } from 'react'
import { Link } from 'react-router'
import { useT } from '../lib/i18n'
import { LanguageSwitcher } from '../lib/i18n/language-switcher'
import { useLocalePath } from '../lib/i18n/locale-path'
import { useNow } from '../lib/render-time'

const FooterContact = lazy(async () => ({ default: (await import('./footer-contact')).FooterContact }))

export function Footer() {
  const t = useT('shell')
  const lp = useLocalePath()
  const client = useContext(QueryClientContext)
  const year = useNow().getFullYear()
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold text-white">Homeward</p>
          <p className="mt-2 text-sm">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.forReferrersLabel')}>
          <h2 className="text-sm font-semibold text-white">{t('footer.forReferrers')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:text-white" to={lp('/browse')}>{t('footer.browseHomes')}</Link></li>
            <li><Link className="hover:text-white" to={lp('/browse-operators')}>{t('footer.browseOperators')}</Link></li>
            <li><Link className="hover:text-white" to={lp('/submit-referral')}>{t('footer.submitReferral')}</Link></li>
            <li><Link className="hover:text-white" to={lp('/how-it-works')}>{t('footer.howItWorks')}</Link></li>
            <li><Link className="hover:text-white" to={lp('/help')}>{t('footer.helpCenter')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.forOperatorsLabel')}>
          <h2 className="text-sm font-semibold text-white">{t('footer.forOperators')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:text-white" to={lp('/operator-dashboard')}>{t('footer.listYourHome')}</Link></li>
            <li><Link className="hover:text-white" to={lp('/pricing')}>{t('footer.pricing')}</Link></li>
            <li><Link className="hover:text-white" to={lp('/auth')}>{t('footer.operatorLogin')}</Link></li>
            <li><Link className="hover:text-white" to={lp('/for-operators')}>{t('footer.forOperators')}</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">{t('footer.contact')}</h2>
          {/* From GET /api/config, through the query client, which loads beside the first page. */}
          <LanguageSwitcher className="mb-3 block" />
          {client && (
            <Suspense fallback={null}>
              <FooterContact />
            </Suspense>
          )}
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">{t('footer.copyright', { year: String(year) })}</p>
    </footer>
  )
}
