/**
 * The public pages rendered on the server (ADR 027) hold nothing private,
 * whoever asks: the demo agency (referrals, messages, tours, reviews awaiting
 * approval) plus a referral document and a licence proof, then every public
 * page — static, the search, every home (hidden ones too: their not-found
 * answer), every profile with a username whatever its role, an unknown path —
 * is requested anonymously and with each role's session, and its HTML must
 * hold no sealed value (every sealed column, decrypted), no referral id, no
 * e-mail address of an account, no review that is not approved, no file of
 * a referral or licence proof — in English and at its Spanish address. Also: each page's content and head tags, and
 * the render cache's invalidation.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../app'
import { rows } from '../db/raw'
import { sealedTables } from '../db/seal-columns'
import { license_proofs, properties, referral_documents, reviews } from '../db/schema'
import { publicUrl } from '../env'
import { decrypt, isEncrypted } from '../lib/crypto'
import { seedDemo } from '../seed'
import { createUser, db, fakeServer, setupTestDb } from '../test/setup'

setupTestDb()

/** The built client's page as the server fills it: the entry's head and root (static.test.ts has the assets side). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-ssr-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
fs.writeFileSync(
  path.join(dir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="site" /><title>Homeward — Group Home Referrals</title><script type="module" crossorigin src="/index-abcd1234.js"></script></head><body><div id="root"></div></body></html>',
)
fs.writeFileSync(path.join(dir, 'preloads.json'), '{}')

const app = createApp({ client: { dir } })
const get = (url: string, cookie?: string) => app.request(url, { headers: cookie ? { cookie } : {} }, fakeServer())

const DOCUMENT_KEY = 'referral-documents/ssr-test/QzDOCKEYmk.pdf'
const PROOF_KEY = 'license-proofs/ssr-test/QzPROOFKEYmk.pdf'

const secrets: string[] = []
let pages: string[] = []
const cookies: Record<string, string> = {}

beforeAll(async () => {
  await seedDemo(db)
  const [referral] = await rows<{ id: string; referrer_id: string }>(db, sql`SELECT id, referrer_user_id AS referrer_id FROM referrals ORDER BY created_at, id LIMIT 1`)
  const [operator] = await rows<{ id: string }>(db, sql`SELECT id FROM profiles WHERE username = 'sunrise-care'`)
  await db.insert(referral_documents).values({ referral_id: referral!.id, uploaded_by: referral!.referrer_id, uploader_role: 'referrer', file_name: 'QzDOCNAMEmk.pdf', description: 'QzDOCDESCmk', storage_key: DOCUMENT_KEY, file_size: 10, file_type: 'application/pdf' }).run()
  await db.insert(license_proofs).values({ operator_id: operator!.id, storage_key: PROOF_KEY, file_name: 'QzPROOFNAMEmk.pdf', file_type: 'application/pdf', file_size: 10, licensing_type: 'licensed' }).run()
  await db.insert(reviews).values({ property_id: (await rows<{ id: string }>(db, sql`SELECT id FROM properties WHERE operator_id = ${operator!.id} ORDER BY created_at, id LIMIT 1`))[0]!.id, reviewer_name: 'QzReviewerNamemk', reviewer_email: 'qzreviewermk@example.com', rating: 1, review_text: 'QzPENDINGREVIEWmk never approved', status: 'pending' }).run()

  // Every sealed value in clear (long enough not to be a common word), the referrals' ids, every account's e-mail, the reviews not approved, the private files.
  for (const { table, columns } of sealedTables()) {
    for (const column of columns) {
      for (const r of await rows<{ v: string | null }>(db, sql.raw(`SELECT "${column.name}" AS v FROM "${table}" WHERE "${column.name}" IS NOT NULL`))) {
        if (r.v && isEncrypted(r.v)) {
          const clear = decrypt(r.v)
          if (clear.trim().length >= 6) secrets.push(clear.trim())
        }
      }
    }
  }
  expect(secrets.length).toBeGreaterThan(10)
  secrets.push(...(await rows<{ id: string }>(db, sql`SELECT id FROM referrals`)).map((r) => r.id))
  secrets.push(...(await rows<{ email: string }>(db, sql`SELECT email FROM users`)).map((r) => r.email))
  secrets.push(...(await rows<{ t: string; e: string }>(db, sql`SELECT review_text AS t, reviewer_email AS e FROM reviews WHERE status <> 'approved'`)).flatMap((r) => [r.t, r.e]), 'QzReviewerNamemk')
  secrets.push(DOCUMENT_KEY, PROOF_KEY, 'QzDOCNAMEmk', 'QzPROOFNAMEmk', '/api/referrals', '/documents/')

  const homes = (await rows<{ id: string }>(db, sql`SELECT id FROM properties ORDER BY created_at, id`)).map((p) => `/property/${p.id}`)
  const profiles = (await rows<{ username: string }>(db, sql`SELECT username FROM profiles WHERE username IS NOT NULL ORDER BY username`)).map((p) => `/operator/${p.username}`)
  const english = ['/', '/browse', '/browse?zip=78704&radius=50', '/browse?state=TX', '/browse-operators', '/pricing', '/how-it-works', '/for-operators', '/help', '/no-such-page', ...homes, ...profiles]
  // And every one at its Spanish address (ADR 037): the same data, another language.
  pages = [...english, ...english.map((page) => (page === '/' ? '/es/' : `/es${page}`))]

  for (const role of ['admin', 'operator', 'referrer'] as const) {
    const user = await createUser({ roles: [role], plan: role === 'operator' ? 'premium' : undefined })
    cookies[role] = user.agent.cookie!
    secrets.push(user.email)
  }
}, 120_000)

describe('server-rendered pages', () => {
  test('no sealed value, referral, account e-mail, unapproved review or private file in any public page, for any visitor', async () => {
    expect(pages.length).toBeGreaterThan(20)
    for (const who of ['anonymous', 'admin', 'operator', 'referrer'] as const) {
      for (const page of pages) {
        const res = await get(page, cookies[who])
        const html = await res.text()
        expect(html).toMatch(/<div id="root">.*<main id="main"/s)
        const found = secrets.filter((secret) => html.includes(secret) || html.includes(Bun.escapeHTML(secret)))
        expect({ who, page, found }).toEqual({ who, page, found: [] })
      }
    }
  }, 300_000)

  test('a home: its content, title, description, canonical, preview and JSON-LD with the approved reviews', async () => {
    // A premium operator's home with approved reviews (the pending one this file added does not count).
    const [home] = await rows<{ id: string; name: string; city: string; state: string }>(
      db,
      sql`SELECT p.id, p.name, p.city, p.state FROM properties p JOIN profiles pr ON pr.id = p.operator_id
          WHERE pr.username = 'sunrise-care' AND p.is_active AND EXISTS (SELECT 1 FROM reviews r WHERE r.property_id = p.id AND r.status = 'approved')
          ORDER BY p.created_at, p.id LIMIT 1`,
    )
    const res = await get(`/property/${home!.id}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const api = (await (await get(`/api/properties/${home!.id}`)).json()) as { review_count: number; average_rating: number | null; featured_image: string | null; available_beds: number; languages: string[] }
    const origin = publicUrl()
    expect(html).toContain(`<title>${Bun.escapeHTML(home!.name)}, group home in ${home!.city}, ${home!.state} · Homeward</title>`)
    expect(html).not.toContain('<title>Homeward — Group Home Referrals</title>')
    expect(html).toContain(`<link rel="canonical" href="${origin}/property/${home!.id}">`)
    // Its directory records (ADR 032), linked from its head, and each answers.
    for (const [type, href, title] of [
      ['application/fhir+json', `/fhir/r4/HealthcareService/${home!.id}`, 'FHIR R4 HealthcareService'],
      ['application/fhir+json', `/fhir/r4/Location/${home!.id}`, 'FHIR R4 Location'],
      ['application/json', `/hsds/services/${home!.id}`, 'Open Referral HSDS 3.1 service'],
    ] as const) {
      expect(html).toContain(`<link rel="alternate" type="${type}" href="${origin}${href}" title="${title}">`)
      const record = await get(href)
      expect(record.status).toBe(200)
      expect(((await record.json()) as { id: string }).id).toBe(home!.id)
    }
    expect(html).toMatch(new RegExp(`<meta name="description" content="[^"]*${api.available_beds} beds? available`))
    expect(html.match(/<h1 class="[^"]*">([^<]*)<\/h1>/)?.[1]).toBe(Bun.escapeHTML(home!.name))
    if (api.featured_image) {
      expect(html).toContain(`<meta property="og:image" content="${origin}${api.featured_image}">`)
      expect(html).toContain(`<meta name="twitter:image" content="${origin}${api.featured_image}">`)
    }
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)![1]!)
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'LodgingBusiness', name: home!.name, url: `${origin}/property/${home!.id}`, address: { addressLocality: home!.city, addressRegion: home!.state } })
    // The languages its staff speak (the demo homes all name some): on the page and in its JSON-LD.
    expect(api.languages.length).toBeGreaterThan(0)
    expect(ld.availableLanguage).toEqual(api.languages)
    expect(html).toMatch(/Languages spoken<\/dt><dd[^>]*>(<[^>]+>)*English/)
    expect(api.review_count).toBeGreaterThan(0)
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: api.average_rating, reviewCount: api.review_count, bestRating: 5, worstRating: 1 })
    // The page's answer travels with it: the browser hydrates from it.
    expect(html).toContain('<script type="application/json" id="server-state">')
  })

  test('an operator: name and homes in the head, Organization JSON-LD; an unknown one and an unknown path answer 404, noindex', async () => {
    const html = await (await get('/operator/sunrise-care')).text()
    expect(html).toContain('<title>Sunrise Care Homes, group home operator · Homeward</title>')
    expect(html).toMatch(/<meta name="description" content="Sunrise Care Homes runs \d+ group homes in /)
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)![1]!)
    expect(ld['@type']).toBe('Organization')
    expect(ld.owns.length).toBeGreaterThan(0)
    for (const path of ['/operator/no-such-operator', '/property/no-such-home', '/no-such-page']) {
      const res = await get(path)
      expect(res.status).toBe(404)
      const body = await res.text()
      expect(body).toContain('<meta name="robots" content="noindex">')
      expect(body).not.toContain('application/ld+json')
    }
  })

  test('a rendered page follows its data: a renamed home shows its new name at once (render cache)', async () => {
    const [home] = await rows<{ id: string }>(db, sql`SELECT p.id FROM properties p JOIN profiles pr ON pr.id = p.operator_id WHERE pr.username = 'sunrise-care' ORDER BY p.created_at, p.id LIMIT 1`)
    const first = await (await get(`/property/${home!.id}`)).text()
    expect(await (await get(`/property/${home!.id}`)).text()).toBe(first)
    await db.update(properties).set({ name: 'QzRenamed House' }).where(eq(properties.id, home!.id)).run()
    const after = await (await get(`/property/${home!.id}`)).text()
    expect(after).toContain('<title>QzRenamed House, group home in')
    expect(after).toContain('>QzRenamed House</h1>')
  })
})
