import { Home, Menu, UserRound, X } from 'lucide-react'
import { NavLink, useLocation, useNavigate } from 'react-router'
import { Button, ButtonLink } from '../components/ui/button'
import { useDisclosure } from '../components/use-disclosure'
import { cn } from '../lib/cn'
import { errorMessage } from '../lib/api'
import { toast } from '../lib/toast'
import { isOperator, useAuth } from '../features/auth'
import { NotificationBell } from '../features/notifications'
import { useT } from '../lib/i18n'
import { LanguageSwitcher } from '../lib/i18n/language-switcher'
import { useLocalePath } from '../lib/i18n/locale-path'

// Labels are keys of the shell catalog (client/src/locales/<language>/shell.json).
const NAV = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/browse', label: 'nav.browseHomes' },
  { to: '/browse-operators', label: 'nav.browseOperators' },
  { to: '/submit-referral', label: 'nav.submitReferral' },
  { to: '/for-operators', label: 'nav.forOperators' },
  { to: '/help', label: 'nav.help' },
]

export function Header() {
  const t = useT('shell')
  // Public pages in the language being read (`/es/browse` on a Spanish page, ADR 037).
  const lp = useLocalePath()
  const { user, roles, isAdmin, signOut } = useAuth()
  const navigate = useNavigate()
  // The mobile menu closes on every navigation and on Escape (focus goes back to its button).
  const menu = useDisclosure()
  const links = isAdmin ? [...NAV, { to: '/admin', label: 'nav.admin' }] : NAV
  // Signing in (or up) from a home's page comes back to that home (AuthPage's `redirect`, a path on this site only).
  const { pathname, search } = useLocation()
  const back = pathname.startsWith('/property/') ? `redirect=${encodeURIComponent(pathname + search)}` : ''
  const signInTo = back ? `/auth?${back}` : '/auth'
  const signUpTo = back ? `/auth?mode=signup&${back}` : '/auth?mode=signup'

  const onSignOut = async () => {
    try {
      await signOut()
      // A referral draft holds a client's care data: it does not stay for whoever uses this tab next.
      // Loaded here, not at the top: the referrals index brings its components (and zod) into the entry.
      const { clearReferralDraft } = await import('../features/referrals')
      clearReferralDraft()
      toast.success(t('header.signedOut'), { description: t('header.signedOutDescription') })
      navigate(lp('/'))
    } catch (error) {
      toast.error(errorMessage(error, t('header.signOutFailed')))
    }
  }

  const account = user ? (
    <>
      {isOperator(roles) && (
        <ButtonLink to="/operator-dashboard" variant="ghost" size="sm">
          {t('header.operatorDashboard')}
        </ButtonLink>
      )}
      {roles.includes('referrer') && (
        <>
          {/* "Dashboard" alone when it is the user's only one: the bar must still fit 1280 px. */}
          <ButtonLink to="/referrer-dashboard" variant="ghost" size="sm" aria-label={t('header.referrerDashboard')}>
            {isOperator(roles) ? t('header.referrerDashboard') : t('header.dashboard')}
          </ButtonLink>
          <ButtonLink to="/my-referrals" variant="ghost" size="sm">
            {t('header.myReferrals')}
          </ButtonLink>
        </>
      )}
      <ButtonLink to="/account" variant="ghost" size="sm" aria-label={t('header.account')} title={t('header.account')}>
        <UserRound className="h-4 w-4" aria-hidden="true" />
        <span className="xl:hidden">{t('header.account')}</span>
      </ButtonLink>
      <Button variant="outline" size="sm" onClick={onSignOut}>
        {t('header.signOut')}
      </Button>
    </>
  ) : (
    <>
      <ButtonLink to={signInTo} variant="ghost" size="sm">
        {t('header.signIn')}
      </ButtonLink>
      <ButtonLink to={signUpTo} size="sm">
        {t('header.getStarted')}
      </ButtonLink>
    </>
  )

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        {t('header.skip')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <NavLink to={lp('/')} className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <Home className="h-6 w-6" aria-hidden="true" />
          Homeward
        </NavLink>
        {/* The full bar needs about 1200 px signed in (seven links and the account actions); narrower screens get the menu. */}
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 xl:flex">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={lp(l.to)}
              end={l.end}
              className={({ isActive }) =>
                cn('whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium', isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100')
              }
            >
              {t(l.label)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          <LanguageSwitcher compact />
          {user && <NotificationBell />}
          <div className="hidden items-center gap-1 whitespace-nowrap xl:flex">{account}</div>
        </div>
        {/* Without JavaScript the button below does nothing (index.html hides .js-only): the same links open from a <details>. */}
        <noscript>
          <details className="xl:hidden">
            <summary className="cursor-pointer list-none rounded-md p-2 text-sm font-medium text-slate-700 hover:bg-slate-100">{t('header.menu')}</summary>
            <nav aria-label={t('nav.mobile')} className="absolute inset-x-0 top-16 flex flex-col gap-1 border-t border-slate-200 bg-white px-4 py-3">
              {[...links, { to: signInTo, label: 'header.signIn' }, { to: signUpTo, label: 'header.getStarted' }].map((l) => (
                <a key={l.to} href={lp(l.to)} className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
                  {t(l.label as Parameters<typeof t>[0])}
                </a>
              ))}
            </nav>
          </details>
        </noscript>
        <button
          ref={menu.button}
          type="button"
          className="js-only rounded-md p-2 text-slate-700 hover:bg-slate-100 xl:hidden"
          aria-expanded={menu.open}
          aria-controls="mobile-menu"
          aria-label={menu.open ? t('header.closeMenu') : t('header.openMenu')}
          onClick={menu.toggle}
        >
          {menu.open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </div>
      {menu.open && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 py-3 xl:hidden">
          <nav aria-label={t('nav.mobile')} className="flex flex-col gap-1">
            {links.map((l) => (
              <NavLink key={l.to} to={lp(l.to)} end={l.end} className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
                {t(l.label)}
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-200 pt-3">
            {account}
          </div>
        </div>
      )}
    </header>
  )
}
