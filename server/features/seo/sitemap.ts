import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { rows } from '../../db/raw'
import { clock } from '../../lib/clock'
import { IS_OPERATOR_SQL } from '../operators'
import { VISIBLE_PROPERTY } from '../properties'

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml is an index of numbered files. */
export const URLS_PER_SITEMAP = 50_000

/** The public pages that do not come from the database (server/lib/client-routes.ts SERVER_RENDERED_ROUTES). */
const STATIC_PAGES = ['/', '/browse', '/browse-operators', '/how-it-works', '/for-operators', '/pricing', '/help']

export type SitemapEntry = { path: string; lastmod: number | null }

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
    ...STATIC_PAGES.map((path) => ({ path, lastmod: null })),
    ...homes.map((h) => ({ path: `/property/${encodeURIComponent(h.id)}`, lastmod: Number(h.updated_at) })),
    ...operators.map((o) => ({ path: `/operator/${encodeURIComponent(o.username)}`, lastmod: Number(o.updated_at) })),
  ]
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
const lastmod = (ms: number | null) => (ms === null ? '' : `<lastmod>${new Date(ms).toISOString()}</lastmod>`)
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n'

/** One sitemap file: `entries` as a urlset, every URL absolute on `origin` (PUBLIC_URL). */
export function urlset(entries: SitemapEntry[], origin: string) {
  const urls = entries.map((e) => `<url><loc>${escapeXml(new URL(e.path, origin).href)}</loc>${lastmod(e.lastmod)}</url>`)
  return `${XML}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
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
