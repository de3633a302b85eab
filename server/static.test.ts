import { afterAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { compressAssets } from '../client/compress-assets'
import { createApp } from './app'
import type { ClientAssets } from './static'
import { setupTestDb } from './test/setup'

setupTestDb()

/** A small built client: one hashed script worth compressing, one too small to, a page and its preloads. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-static-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}]\n`
fs.mkdirSync(path.join(dir, 'assets'))
fs.writeFileSync(path.join(dir, 'assets/app-abcd1234.js'), script)
fs.writeFileSync(path.join(dir, 'assets/tiny-abcd1234.js'), 'export {}\n')
fs.writeFileSync(path.join(dir, 'assets/index-abcd1234.css'), '.p{color:red}')
const html = `<!doctype html><html><head><title>Homeward</title><link rel="stylesheet" crossorigin href="/assets/index-abcd1234.css"><script type="module" crossorigin src="/assets/app-abcd1234.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`
fs.writeFileSync(path.join(dir, 'index.html'), html)
fs.writeFileSync(path.join(dir, 'preloads.json'), JSON.stringify({ '/browse': ['/assets/BrowsePage-aaaa1111.js'], '/property/:id': ['/assets/PropertyPage-bbbb2222.js'], '*': ['/assets/NotFoundPage-cccc3333.js'] }))
await compressAssets(dir)

const BROWSER = 'gzip, deflate, br, zstd'
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer())
const get = (client: ClientAssets, url: string, acceptEncoding?: string) =>
  createApp({ client }).request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} })

describe('the client is served compressed to a browser that accepts it, plain to one that does not', () => {
  test('the build wrote a brotli and a gzip copy of the script, none of the tiny one', () => {
    expect(fs.existsSync(path.join(dir, 'assets/app-abcd1234.js.br'))).toBe(true)
    expect(fs.existsSync(path.join(dir, 'assets/app-abcd1234.js.gz'))).toBe(true)
    expect(fs.existsSync(path.join(dir, 'assets/tiny-abcd1234.js.br'))).toBe(false)
  })

  test('brotli to a browser that accepts it, with Vary and the compressed length', async () => {
    const res = await get({ dir }, '/assets/app-abcd1234.js', BROWSER)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toContain('javascript')
    expect(res.headers.get('cache-control')).toContain('immutable')
    const body = await bytes(res)
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    expect(body.length).toBeLessThan(script.length / 4)
    expect(zlib.brotliDecompressSync(body).toString()).toBe(script)
  })

  test('plain to a client that sends no Accept-Encoding, or refuses brotli and gzip', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get({ dir }, '/assets/app-abcd1234.js', accept)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      const body = await bytes(res)
      expect(Number(res.headers.get('content-length'))).toBe(script.length)
      expect(new TextDecoder().decode(body)).toBe(script)
    }
  })

  test('gzip to a client that accepts only gzip, or prefers it', async () => {
    for (const accept of ['gzip', 'br;q=0.5, gzip']) {
      const res = await get({ dir }, '/assets/app-abcd1234.js', accept)
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(zlib.gunzipSync(await bytes(res)).toString()).toBe(script)
    }
  })

  test('a file too small to compress is sent as it is, without Vary', async () => {
    const res = await get({ dir }, '/assets/tiny-abcd1234.js', BROWSER)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBeNull()
    expect(await res.text()).toBe('export {}\n')
  })

  test('the single binary (embedded files) serves the same copies', async () => {
    const files = new Map<string, Blob>()
    for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (fs.statSync(path.join(dir, name)).isFile()) files.set(name, Bun.file(path.join(dir, name)))
    }
    const br = await get({ files }, '/assets/app-abcd1234.js', BROWSER)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(zlib.brotliDecompressSync(await bytes(br)).toString()).toBe(script)
    const plain = await get({ files }, '/assets/app-abcd1234.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
    const page = await get({ files }, '/browse', BROWSER)
    expect(zlib.brotliDecompressSync(await bytes(page)).toString()).toContain('href="/assets/BrowsePage-aaaa1111.js"')
  })

  test("a page's HTML names its route's files and travels compressed", async () => {
    // Rendered on the server: no such home, so its not-found answer (404), still with its route's files.
    const res = await get({ dir }, '/property/123', BROWSER)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    const body = await bytes(res)
    expect(Number(res.headers.get('content-length'))).toBe(body.length)
    const page = zlib.brotliDecompressSync(body).toString()
    // Rendered on the server, it paints without its scripts: they are asked for at low priority.
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/PropertyPage-bbbb2222.js"></head>')
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/app-abcd1234.js">')
    expect(page).not.toContain('BrowsePage')

    const plain = await get({ dir }, '/browse')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('href="/assets/BrowsePage-aaaa1111.js"')

    const unknown = await get({ dir }, '/no-such-page', BROWSER)
    expect(unknown.status).toBe(404)
    expect(zlib.brotliDecompressSync(await bytes(unknown)).toString()).toContain('NotFoundPage-cccc3333.js')
  })

  test("a page's HTML asks for what its first render waits for: the visitor on every page, the home page's hero; a server-rendered page carries its answers instead", async () => {
    const browse = await (await get({ dir }, '/browse?zip=10001&radius=25&care_level=nonsense')).text()
    // Rendered on the server: the search's answer is in the page (server-state), not asked for again.
    expect(browse).not.toContain('href="/api/properties')
    expect(browse).toContain('<script type="application/json" id="server-state">')
    expect(browse).toContain('"queryKey":["properties","search",{"zip":"10001","radius":25}]')
    expect(browse).toContain('<link rel="preload" as="fetch" crossorigin href="/api/me">')
    expect(browse).not.toContain('href="/api/config"')

    // A page the browser renders alone still asks for its answers with the HTML.
    const reset = await (await get({ dir }, '/reset-password')).text()
    expect(reset).toContain('<link rel="preload" as="fetch" crossorigin href="/api/me">')
    expect(reset).toContain('<link rel="preload" as="fetch" crossorigin href="/api/config">')
    expect(reset).not.toContain('server-state')
    // A rendered page carries its styles; the browser-rendered one links them.
    expect(browse).toContain('<style>.p{color:red}</style>')
    expect(browse).not.toContain('rel="stylesheet"')
    expect(reset).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abcd1234.css">')
    // The browser-rendered page shows nothing before its scripts have run: they keep their priority.
    expect(reset).toContain('<script type="module" crossorigin src="/assets/app-abcd1234.js">')
    expect(reset).not.toContain('fetchpriority="low"')

    const home = await (await get({ dir }, '/')).text()
    // At the size a phone needs: the slide's own srcset and sizes.
    expect(home).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/hero-1.webp" imagesrcset="/images/hero-1-800.webp 800w, /images/hero-1.webp 1600w" imagesizes="100vw">')
    expect(home).not.toContain('/api/properties')

    const unknown = await (await get({ dir }, '/no-such-page')).text()
    expect(unknown).not.toContain('rel="preload"')
  })
})

describe('JSON answers are compressed on the fly above 1 KB', () => {
  test('a large answer travels zstd to a browser that names it, brotli to one that does not, plain to a client without Accept-Encoding', async () => {
    const app = createApp()
    const zstd = await app.request('/api/openapi.json', { headers: { 'Accept-Encoding': BROWSER } })
    expect(zstd.headers.get('content-encoding')).toBe('zstd')
    expect(zstd.headers.get('vary')).toContain('Accept-Encoding')
    const body = await bytes(zstd)
    expect(Number(zstd.headers.get('content-length'))).toBe(body.length)
    const spec = JSON.parse(Bun.zstdDecompressSync(body).toString())
    expect(spec.info.title).toBe('Homeward API')
    const br = await app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(JSON.parse(zlib.brotliDecompressSync(await bytes(br)).toString())).toEqual(spec)

    const plain = await app.request('/api/openapi.json')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(JSON.parse(text)).toEqual(spec)
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(text))
    expect(body.length).toBeLessThan(Buffer.byteLength(text) / 4)
  })

  test('a small answer is sent as it is', async () => {
    const res = await createApp().request('/api/health', { headers: { 'Accept-Encoding': BROWSER } })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect((await res.json()).ok).toBe(true)
  })
})
