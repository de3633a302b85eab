import { isLocalized, splitLocalePath } from './locale-paths'

export { isLocalized, LOCALE_PREFIXES, localizedPath, localizedRoutePattern, SERVER_RENDERED_ROUTES, splitLocalePath } from './locale-paths'

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
  '/compare',
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
 * The public pages the server renders (server/ssr) and unknown paths (the
 * not-found page, 404): their HTML carries their content, head tags and data.
 * Every other route (signed-in pages, the token links, sign-in) stays
 * rendered by the browser alone: nothing private is ever rendered on the server.
 */
export function isServerRendered(pathname: string) {
  return isLocalized(splitLocalePath(pathname).path) || !isClientRoute(pathname)
}
