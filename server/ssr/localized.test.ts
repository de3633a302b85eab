/**
 * The public pages in Spanish at `/es/…` (ADR 037): each is rendered on the server in the
 * language of its address — `<html lang>`, its own title and description, Open Graph locale,
 * JSON-LD `inLanguage`, a canonical that is itself, and `hreflang` alternates (en, es,
 * x-default) on both versions — and the render cache never hands one language's page to
 * the other.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../app'
import { publicUrl } from '../env'
import { addProperty } from '../features/properties/property-fixtures'
import { createUser, fakeServer, setupTestDb } from '../test/setup'

setupTestDb()

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-ssr-es-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
fs.writeFileSync(
  path.join(dir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="site" /><title>Homeward — Group Home Referrals</title><script type="module" crossorigin src="/index-abcd1234.js"></script></head><body><div id="root"></div></body></html>',
)
fs.writeFileSync(path.join(dir, 'preloads.json'), JSON.stringify({ '/browse': ['/assets/BrowsePage-aaaa1111.js'] }))

const app = createApp({ client: { dir } })
const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers }, fakeServer())
const origin = publicUrl()
const head = (html: string) => html.slice(0, html.indexOf('</head>'))
const jsonLd = (html: string) => JSON.parse(html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)![1]!)

let username = ''
let homeId = ''
let homeName = ''

beforeAll(async () => {
  username = `casa-${crypto.randomUUID().slice(0, 6)}`
  const operator = await createUser({ roles: ['operator'], plan: 'premium', username, first_name: 'Qz Operadora', last_name: 'Cuidado' })
  const home = await addProperty(operator.id, { name: 'Qz Casa del Sol', city: 'Austin', state: 'TX', available_beds: 2, total_beds: 6, description: 'Qz A quiet house, written by its operator.' })
  homeId = home!.id
  homeName = home!.name
})

/** Each public page: its English and Spanish addresses. */
const pairs = () => [
  ['/', '/es/'],
  ['/browse', '/es/browse'],
  ['/how-it-works', '/es/how-it-works'],
  ['/for-operators', '/es/for-operators'],
  ['/help', '/es/help'],
  [`/property/${homeId}`, `/es/property/${homeId}`],
  [`/operator/${username}`, `/es/operator/${username}`],
]

describe('Spanish public pages', () => {
  test('each page in both languages: lang, canonical itself, hreflang en/es/x-default on both, og:locale, JSON-LD inLanguage', async () => {
    for (const [en, es] of pairs()) {
      const answers = { en: await get(en!), es: await get(es!) }
      for (const [lang, res] of Object.entries(answers)) {
        const address = lang === 'en' ? en! : es!
        expect({ address, status: res.status }).toEqual({ address, status: 200 })
        const html = await res.text()
        expect(html).toStartWith(`<!doctype html><html lang="${lang}">`)
        const h = head(html)
        expect(h).toContain(`<link rel="canonical" href="${origin}${address}">`)
        expect(h).toContain(`<link rel="alternate" hreflang="en" href="${origin}${en}">`)
        expect(h).toContain(`<link rel="alternate" hreflang="es" href="${origin}${es}">`)
        expect(h).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}${en}">`)
        expect(h).toContain(`<meta property="og:url" content="${origin}${address}">`)
        expect(h).toContain(`<meta property="og:locale" content="${lang}_US">`)
        expect(h).toContain(`<meta property="og:locale:alternate" content="${lang === 'en' ? 'es' : 'en'}_US">`)
        const ld = jsonLd(html)
        expect(ld.inLanguage ?? ld.mainEntityOfPage?.inLanguage).toBe(lang)
        expect(ld.url ?? ld.mainEntityOfPage?.url).toBe(`${origin}${address}`)
        // One title, one description: the build's own were replaced.
        expect(h.match(/<title>/g)).toHaveLength(1)
        expect(h.match(/<meta name="description"/g)).toHaveLength(1)
      }
    }
  })

  test('Spanish titles and descriptions; a home\'s and an operator\'s own words stay as written', async () => {
    const titles: Record<string, string> = {
      '/es/': 'Homeward — Referencias a hogares grupales',
      '/es/browse': 'Hogares grupales · Homeward',
      '/es/how-it-works': 'Cómo funciona · Homeward',
      '/es/for-operators': 'Para operadores · Homeward',
      '/es/help': 'Centro de ayuda · Homeward',
      [`/es/property/${homeId}`]: `${homeName}, hogar grupal en Austin, TX · Homeward`,
      [`/es/operator/${username}`]: 'Qz Operadora Cuidado, operador de hogares grupales · Homeward',
    }
    for (const [address, title] of Object.entries(titles)) {
      const html = await (await get(address)).text()
      expect(html).toContain(`<title>${Bun.escapeHTML(title)}</title>`)
      expect(html).toContain(`<meta property="og:title" content="${Bun.escapeHTML(title)}">`)
    }
    const home = await (await get(`/es/property/${homeId}`)).text()
    expect(home).toContain(`<meta name="description" content="${Bun.escapeHTML(homeName)}: un hogar grupal en Austin, TX administrado por Qz Operadora Cuidado. 2 camas disponibles de 6.`)
    const ld = jsonLd(home)
    expect(ld).toMatchObject({ '@type': 'LodgingBusiness', name: homeName, description: 'Qz A quiet house, written by its operator.' })
    expect(ld.parentOrganization.url).toBe(`${origin}/es/operator/${username}`)
    const operator = await (await get(`/es/operator/${username}`)).text()
    expect(operator).toContain(`<meta name="description" content="Qz Operadora Cuidado administra 1 hogar grupal en Austin, TX: ${Bun.escapeHTML(homeName)}.`)
    expect(jsonLd(operator).owns[0].url).toBe(`${origin}/es/property/${homeId}`)
    // The English versions as they were.
    expect(await (await get(`/property/${homeId}`)).text()).toContain(`<title>${Bun.escapeHTML(homeName)}, group home in Austin, TX · Homeward</title>`)
  })

  test('a search keeps its query in both languages\' addresses', async () => {
    const h = head(await (await get('/es/browse?state=TX')).text())
    expect(h).toContain(`<link rel="canonical" href="${origin}/es/browse?state=TX">`)
    expect(h).toContain(`<link rel="alternate" hreflang="en" href="${origin}/browse?state=TX">`)
  })

  test('the render cache is keyed by language: /browse, /es/browse, /browse each in its own', async () => {
    const first = await (await get('/browse')).text()
    const spanish = await (await get('/es/browse')).text()
    const again = await (await get('/browse')).text()
    expect(first).toContain('<html lang="en">')
    expect(first).toContain('<title>Group homes · Homeward</title>')
    expect(spanish).toContain('<html lang="es">')
    expect(spanish).toContain('<title>Hogares grupales · Homeward</title>')
    expect(again).toBe(first)
    // Whatever the visitor's cookie or browser says: the address decides (a crawler gets one page per URL).
    const withSpanishCookie = await (await get('/browse', { cookie: 'homeward_lang=es', 'accept-language': 'es' })).text()
    expect(withSpanishCookie).toBe(first)
    expect(await (await get('/es/browse', { cookie: 'homeward_lang=en' })).text()).toBe(spanish)
    // The header's links stay Spanish on a Spanish page (shell catalog: "Buscar hogares").
    expect(spanish).toMatch(/href="\/es\/browse"/)
  })

  test('an unknown Spanish address is the Spanish not-found page (404, noindex, no alternates); an unknown operator too', async () => {
    for (const address of ['/es/no-such-page', '/es/auth', `/es/operator/nobody-${crypto.randomUUID().slice(0, 6)}`]) {
      const res = await get(address)
      expect(res.status).toBe(404)
      const html = await res.text()
      expect(html).toStartWith('<!doctype html><html lang="es">')
      expect(html).toContain('<title>Página no encontrada · Homeward</title>')
      expect(html).toContain('<meta name="robots" content="noindex">')
      expect(html).not.toContain('hreflang')
    }
  })

  test('the browser\'s files for a Spanish address are its English route\'s (modulepreload)', async () => {
    expect(await (await get('/es/browse')).text()).toContain('/assets/BrowsePage-aaaa1111.js')
  })
})
