/**
 * The public pages the server renders (server/ssr), and their addresses in each
 * language (ADR 037). Apart from the route table (client-routes.ts, which
 * re-exports this), so the browser's entry carries only this.
 */
export const SERVER_RENDERED_ROUTES = ['/', '/browse', '/property/:id', '/operator/:username', '/browse-operators', '/pricing', '/how-it-works', '/for-operators', '/help'] as const

const rendered = SERVER_RENDERED_ROUTES.map((route) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`))

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
