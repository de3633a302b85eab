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
  return patterns.some((p) => p.test(pathname))
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
  return rendered.some((p) => p.test(pathname)) || !isClientRoute(pathname)
}
