/**
 * The route table of the browser app, shared by the client router
 * and the server: the server answers any other path with the not-found page
 * and a 404 status, and logs the path.
 */
export const CLIENT_ROUTES = [
  '/',
  '/browse',
  '/browse-referrals',
  '/browse-operators',
  '/submit-referral',
  '/for-operators',
  '/how-it-works',
  '/pricing',
  '/auth',
  '/admin',
  '/operator-dashboard',
  '/operator/:username',
  '/property/:id',
  '/my-referrals',
  '/referrer-dashboard',
  '/subscription-success',
  '/review/:referralId',
  '/help',
  '/account',
  '/pay/offline/:kind/:id',
  '/billing/manage',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/confirm-beds',
  '/tour-reschedule',
  '/unsubscribe',
  '/answer-placement',
] as const

const patterns = CLIENT_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
)

export function isClientRoute(pathname: string) {
  const { locale, path } = splitLocalePath(pathname)
  // A Spanish address exists for the localized public pages only.
  return locale === 'en' ? patterns.some((p) => p.test(pathname)) : isLocalized(path)
}

/**
 * The public pages the server renders (server/ssr): their HTML carries their
 * content, head tags and data. Unknown paths too (the not-found page, 404).
 * Every other route (signed-in pages, the token links, sign-in) stays
 * rendered by the browser alone: nothing private is ever rendered on the server.
 */
export const SERVER_RENDERED_ROUTES = ['/', '/browse', '/property/:id', '/operator/:username', '/browse-operators', '/pricing', '/how-it-works', '/for-operators', '/help'] as const

const rendered = SERVER_RENDERED_ROUTES.map((route) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`))

export function isServerRendered(pathname: string) {
  return isLocalized(splitLocalePath(pathname).path) || !isClientRoute(pathname)
}

/** Whether the (English) path is a public page that exists in every language: `/es/…` is its Spanish address (ADR 037). */
export const isLocalized = (path: string) => rendered.some((p) => p.test(path))

/**
 * The public pages' languages live in their path (ADR 037): `/browse` is English,
 * `/es/browse` Spanish, `/es/` the Spanish home. Other languages than English have
 * their prefix; English none (it is also the `x-default`).
 */
export const LOCALE_PREFIXES = { es: '/es' } as const
type PathLocale = 'en' | keyof typeof LOCALE_PREFIXES

/** The language of a path and the path without its prefix (`/es/browse` → es, `/browse`; `/es` and `/es/` → es, `/`). */
export function splitLocalePath(pathname: string): { locale: PathLocale; path: string } {
  for (const [locale, prefix] of Object.entries(LOCALE_PREFIXES) as [keyof typeof LOCALE_PREFIXES, string][]) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) || '/' }
  }
  return { locale: 'en', path: pathname }
}

/** The address of the (English) `path` in `locale`: `/browse` → `/es/browse`, `/` → `/es/`. */
export function localizedPath(path: string, locale: PathLocale): string {
  if (locale === 'en') return path
  return `${LOCALE_PREFIXES[locale]}${path === '/' ? '/' : path}`
}

/** A route pattern of the table that also matches its Spanish address (react-router's optional static segment): `/browse` → `/es?/browse`. */
export const localizedRoutePattern = (route: string) => (route === '/' ? '/es?' : `/es?${route}`)
