import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { rows } from '../../db/raw'
import { LOCALES } from '../../i18n'
import { localizedPath } from '../../lib/client-routes'
import { clock } from '../../lib/clock'
import { IS_OPERATOR_SQL } from '../operators'
import { VISIBLE_PROPERTY } from '../properties'

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml is an index of numbered files. */
export const URLS_PER_SITEMAP = 50_000

/** The public pages that do not come from the database (server/lib/client-routes.ts SERVER_RENDERED_ROUTES). */
const STATIC_PAGES = ['/', '/browse', '/browse-operators', '/how-it-works', '/for-operators', '/pricing', '/help']

/** `languages`: the page's address in each language (hreflang → path), the same list on each of them. */
export type SitemapEntry = { path: string; lastmod: number | null; languages?: Record<string, string> }

/**
 * Each page once per language (`/browse`, `/es/browse`), each URL listing every version and the
 * `x-default` (English) as `xhtml:link` alternates: Google's sitemap format for localized pages (ADR 037).
 */
function inEveryLanguage(path: string, lastmod: number | null): SitemapEntry[] {
  const languages: Record<string, string> = Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(path, locale)]))
  languages['x-default'] = localizedPath(path, 'en')
  return LOCALES.map((locale) => ({ path: localizedPath(path, locale), lastmod, languages }))
}

/**
 * Every public page: the static ones, every home a visitor can open (the
 * rule of VISIBLE_PROPERTY: active, its operator's account there, the plan's
 * limit) and every operator profile (a username, an operator's account not
 * deleted), with the time it last changed. One order on both engines (ADR 021).
 */
export async function sitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const now = clock.ms()
  const homes = await rows<{ id: string; updated_at: number }>(
    db,
    sql`SELECT p.id, p.updated_at FROM properties p WHERE ${VISIBLE_PROPERTY(now)} ORDER BY p.created_at, p.id`,
  )
  const operators = await rows<{ username: string; updated_at: number }>(
    db,
    sql`SELECT pr.username, pr.updated_at
     FROM profiles pr JOIN users u ON u.id = pr.id AND u.deleted_at IS NULL
     WHERE pr.username IS NOT NULL AND ${sql.raw(IS_OPERATOR_SQL('pr.id'))}
     ORDER BY pr.created_at, pr.id`,
  )
  return [
    ...STATIC_PAGES.flatMap((path) => inEveryLanguage(path, null)),
    ...homes.flatMap((h) => inEveryLanguage(`/property/${encodeURIComponent(h.id)}`, Number(h.updated_at))),
    ...operators.flatMap((o) => inEveryLanguage(`/operator/${encodeURIComponent(o.username)}`, Number(o.updated_at))),
  ]
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
const lastmod = (ms: number | null) => (ms === null ? '' : `<lastmod>${new Date(ms).toISOString()}</lastmod>`)
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n'

/** One sitemap file: `entries` as a urlset, every URL absolute on `origin` (PUBLIC_URL). */
export function urlset(entries: SitemapEntry[], origin: string) {
  const href = (path: string) => escapeXml(new URL(path, origin).href)
  const alternates = (e: SitemapEntry) =>
    Object.entries(e.languages ?? {}).map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href(path)}"/>`).join('')
  const urls = entries.map((e) => `<url><loc>${href(e.path)}</loc>${lastmod(e.lastmod)}${alternates(e)}</url>`)
  return `${XML}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

/** The index of `files` numbered sitemaps (/sitemap-1.xml …), each with the latest change among its URLs. */
export function sitemapIndex(entries: SitemapEntry[], origin: string, perFile = URLS_PER_SITEMAP) {
  const files: string[] = []
  for (let n = 0; n * perFile < entries.length; n++) {
    const changed = entries.slice(n * perFile, (n + 1) * perFile).reduce<number | null>((max, e) => (e.lastmod !== null && (max === null || e.lastmod > max) ? e.lastmod : max), null)
    files.push(`<sitemap><loc>${escapeXml(new URL(`/sitemap-${n + 1}.xml`, origin).href)}</loc>${lastmod(changed)}</sitemap>`)
  }
  return `${XML}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('\n')}\n</sitemapindex>\n`
}

/**
 * The body of /sitemap.xml (`file` 0) or of /sitemap-<file>.xml: up to
 * `perFile` URLs, a urlset; past that, /sitemap.xml is the index and the
 * numbered files hold the URLs. null: no such file.
 */
export function sitemapFile(entries: SitemapEntry[], origin: string, file: number, perFile = URLS_PER_SITEMAP): string | null {
  if (entries.length <= perFile) return file === 0 ? urlset(entries, origin) : null
  if (file === 0) return sitemapIndex(entries, origin, perFile)
  const slice = entries.slice((file - 1) * perFile, file * perFile)
  return slice.length > 0 ? urlset(slice, origin) : null
}
