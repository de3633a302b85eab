import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { properties, users } from '../../db/schema'
import { publicUrl } from '../../env'
import { clock } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { addProperty } from '../properties/property-fixtures'
import { sitemapEntries, sitemapFile } from './sitemap'

setupTestDb()

const origin = publicUrl()
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)

describe('robots.txt', () => {
  test('keeps crawlers out of the API, the signed-in pages and the token links, and names the sitemap', async () => {
    const res = await anonymous().get('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    for (const path of ['/api/', '/admin', '/operator-dashboard', '/referrer-dashboard', '/my-referrals', '/account', '/review/', '/confirm-beds', '/tour-reschedule', '/reset-password', '/verify-email', '/pay/']) {
      expect(res.text).toContain(`\nDisallow: ${path}\n`)
    }
    expect(res.text).not.toMatch(/Disallow: \/(property|operator\/|browse\n|help|fhir|hsds)/)
    // The public directory's feeds (ADR 032) stay crawlable.
    expect(res.text).toContain('\nAllow: /fhir/r4/\nAllow: /hsds/\n')
    expect(res.text).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })
})

describe('sitemap.xml', () => {
  test('every public home and operator profile with lastmod, nothing hidden, and a write shows at once', async () => {
    const premium = await createUser({ roles: ['operator'], plan: 'premium', username: `sun-${crypto.randomUUID().slice(0, 6)}` })
    const free = await createUser({ roles: ['operator'], username: `moon-${crypto.randomUUID().slice(0, 6)}` })
    await createUser({ roles: ['referrer'], username: `ref-${crypto.randomUUID().slice(0, 6)}` })
    const gone = await createUser({ roles: ['operator'], plan: 'premium', username: `gone-${crypto.randomUUID().slice(0, 6)}` })
    const a = await addProperty(premium.id)
    const b = await addProperty(premium.id)
    const inactive = await addProperty(premium.id, { is_active: false })
    const freeFirst = await addProperty(free.id)
    const freeSecond = await addProperty(free.id) // Hidden by the free plan: only the first home is public.
    const ofGone = await addProperty(gone.id)
    await db.update(users).set({ deleted_at: clock.now() }).where(eq(users.id, gone.id)).run()

    const res = await anonymous().get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    expect(res.text).toStartWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')
    const urls = locs(res.text)
    for (const p of [a, b, freeFirst]) expect(urls).toContain(`${origin}/property/${p!.id}`)
    for (const p of [inactive, freeSecond, ofGone]) expect(urls).not.toContain(`${origin}/property/${p!.id}`)
    expect(urls).toContain(`${origin}/`)
    expect(urls).toContain(`${origin}/browse`)
    expect(res.text).toContain(`<loc>${origin}/property/${a!.id}</loc><lastmod>${new Date(a!.updated_at).toISOString()}</lastmod>`)
    // Each profile in both languages.
    expect(urls.filter((u) => /\/operator\/(sun|moon)-/.test(u))).toHaveLength(4)
    expect(urls.some((u) => /\/operator\/(ref|gone)-/.test(u))).toBe(false)
    for (const u of urls) expect(u).not.toMatch(/\/(api|admin|review|referral)/)

    // Cached like the search, and ended by the same writes: a new home and a deactivated one show in the next answer.
    expect((await anonymous().get('/sitemap.xml')).text).toBe(res.text)
    const c = await addProperty(premium.id)
    await db.update(properties).set({ is_active: false }).where(eq(properties.id, b!.id)).run()
    const after = locs((await anonymous().get('/sitemap.xml')).text)
    expect(after).toContain(`${origin}/property/${c!.id}`)
    expect(after).not.toContain(`${origin}/property/${b!.id}`)
    // Under 50,000 URLs there are no numbered files.
    expect((await anonymous().get('/sitemap-1.xml')).status).toBe(404)
  })

  test('past the per-file limit: /sitemap.xml is an index of numbered files that hold every URL once', async () => {
    const entries = await sitemapEntries(db)
    expect(entries.length).toBeGreaterThan(5)
    const perFile = 4
    const index = sitemapFile(entries, origin, 0, perFile)!
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const files = locs(index)
    expect(files).toHaveLength(Math.ceil(entries.length / perFile))
    expect(files[0]).toBe(`${origin}/sitemap-1.xml`)
    const all = files.flatMap((_, n) => locs(sitemapFile(entries, origin, n + 1, perFile)!))
    expect(all).toEqual(entries.map((e) => new URL(e.path, origin).href))
    expect(sitemapFile(entries, origin, files.length + 1, perFile)).toBeNull()
  })

  test('every page in both languages, each URL naming every version and the x-default (Google\'s hreflang format)', async () => {
    const username = `bil-${crypto.randomUUID().slice(0, 6)}`
    const operator = await createUser({ roles: ['operator'], plan: 'premium', username })
    const home = await addProperty(operator.id)
    const xml = (await anonymous().get('/sitemap.xml')).text
    const urls = locs(xml)
    for (const path of ['/', '/browse', '/help', '/how-it-works', '/for-operators', `/property/${home!.id}`, `/operator/${username}`]) {
      const spanish = path === '/' ? '/es/' : `/es${path}`
      expect(urls).toContain(`${origin}${path}`)
      expect(urls).toContain(`${origin}${spanish}`)
      const links = `<xhtml:link rel="alternate" hreflang="en" href="${origin}${path}"/><xhtml:link rel="alternate" hreflang="es" href="${origin}${spanish}"/><xhtml:link rel="alternate" hreflang="x-default" href="${origin}${path}"/>`
      // Both versions list the same alternates, themselves included.
      for (const loc of [path, spanish]) expect(xml).toMatch(new RegExp(`<url><loc>${(origin + loc).replace(/[.?/]/g, '\\$&')}</loc>(<lastmod>[^<]+</lastmod>)?${links.replace(/[.?/]/g, '\\$&')}</url>`))
    }
    expect(urls.filter((u) => u.startsWith(`${origin}/es/`)).length).toBe(urls.length / 2)
  })
})
