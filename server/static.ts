import type { Context } from 'hono'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { earlyRequests } from '../client/src/app/early-requests'
import { negotiateEncoding, type Encoding } from './lib/accept-encoding'
import { isClientRoute } from './lib/client-routes'
import { log } from './lib/logger'

/** The built browser app: a folder on disk, or files embedded in the single binary. */
export type ClientAssets = { dir: string } | { files: Map<string, Blob> }

/** The copies client/build.ts writes beside each text asset. */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
const CODINGS: Encoding[] = ['br', 'gzip']
const HASHED = /-[a-z0-9]{8,}\.(js|css|png|jpg|jpeg|webp|svg|woff2?)$/i

function lookup(assets: ClientAssets, relative: string): Blob | null {
  if ('files' in assets) return assets.files.get(relative) ?? null
  const file = path.join(assets.dir, relative)
  if (!file.startsWith(path.resolve(assets.dir) + path.sep)) return null
  return fs.existsSync(file) && fs.statSync(file).isFile() ? Bun.file(file) : null
}

/**
 * A file of the build, in the coding the client prefers among the copies the
 * build wrote: `Vary: Accept-Encoding` whenever a copy exists (a cache must not
 * hand the brotli body to a client that did not ask for it), and the
 * Content-Length of the body actually sent.
 */
function serveAsset(c: Context, assets: ClientAssets, relative: string, asset: Blob) {
  const copies = new Map(CODINGS.flatMap((coding) => {
    const copy = lookup(assets, relative + SUFFIX[coding])
    return copy ? [[coding, copy] as const] : []
  }))
  const coding = negotiateEncoding(c.req.header('Accept-Encoding'), [...copies.keys()])
  const body = coding ? copies.get(coding)! : asset
  const headers: Record<string, string> = {
    'Content-Type': asset.type || 'application/octet-stream',
    'Cache-Control': HASHED.test(relative) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    'Content-Length': String(body.size),
  }
  if (copies.size > 0) headers.Vary = 'Accept-Encoding'
  if (coding) headers['Content-Encoding'] = coding
  return new Response(body, { headers })
}

type PageHtml = { identity: Uint8Array<ArrayBuffer> } & Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>

/**
 * index.html for each route, naming the files of that route's page
 * (`<link rel="modulepreload">`, from the build's preloads.json): the browser
 * fetches them beside the entry instead of discovering them one import after
 * another, a round trip each. Made once per route and coding, then kept.
 */
function pageHtmlCache(assets: ClientAssets) {
  let version = ''
  let cache = new Map<string, PageHtml>()
  let routes: { pattern: RegExp; route: string; files: string[] }[] = []
  let template = ''

  async function text(relative: string) {
    const blob = lookup(assets, relative)
    return blob ? blob.text() : null
  }

  /** A rebuilt dist/client (`serve` on a folder) replaces index.html: start over. */
  async function load() {
    const current = 'dir' in assets ? String(fs.statSync(path.join(assets.dir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? '') : 'embedded'
    if (current === version && template) return true
    const html = await text('index.html')
    if (html === null) return false
    let preloads: Record<string, string[]> = {}
    try {
      preloads = JSON.parse((await text('preloads.json')) ?? '{}')
    } catch {
      log.warn('preloads.json unreadable: pages served without preloads')
    }
    template = html
    routes = Object.entries(preloads).map(([route, files]) => ({
      route,
      files,
      pattern: route === '*' ? /^$/ : new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
    }))
    cache = new Map()
    version = current
    return true
  }

  const compressed = (html: string, quality: 'best' | 'fast'): PageHtml => {
    const identity = new TextEncoder().encode(html)
    const page: PageHtml = { identity }
    if (identity.length >= 1024) {
      const best = quality === 'best'
      page.br = zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? zlib.constants.BROTLI_MAX_QUALITY : 5 } })
      page.gzip = zlib.gzipSync(identity, { level: best ? zlib.constants.Z_BEST_COMPRESSION : 6 })
    }
    return page
  }

  return async (pathname: string, search: string, known: boolean): Promise<PageHtml | null> => {
    if (!(await load())) return null
    const match = known ? routes.find((r) => r.pattern.test(pathname)) : routes.find((r) => r.route === '*')
    const links = (match?.files ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('')
    // What the page's first render waits for, asked for with the HTML (client/src/app/early-requests.ts).
    // A request that depends on the URL (a search, an id) makes that page per request (brotli 5: a few hundred µs).
    const early = known ? earlyRequests(pathname, search) : []
    const preloads = early
      .map((r) => (r.as === 'fetch' ? `<link rel="preload" as="fetch" crossorigin href="${Bun.escapeHTML(r.href)}">` : `<link rel="preload" as="image" fetchpriority="high" href="${Bun.escapeHTML(r.href)}">`))
      .join('')
    if (early.some((r) => r.perUrl)) return compressed(template.replace('</head>', `${preloads}${links}</head>`), 'fast')
    const key = match?.route ?? ''
    const hit = cache.get(key)
    if (hit) return hit
    const page = compressed(template.replace('</head>', `${preloads}${links}</head>`), 'best')
    cache.set(key, page)
    return page
  }
}

/**
 * Serves the built client: hashed assets with a long cache, index.html for
 * every route of the route table, and index.html with a 404 status (the
 * client renders the not-found page) for any other path, which is logged,
 * and for a route whose address names a record that does not exist
 * (`missing`: an unknown operator's profile).
 * Text travels compressed when the client accepts it: the build's brotli or
 * gzip copies for assets, index.html compressed once per route.
 */
export function clientHandler(assets: ClientAssets, missing?: (c: Context, pathname: string) => Promise<boolean>) {
  const pageHtml = pageHtmlCache(assets)
  return async (c: Context) => {
    const pathname = decodeURIComponent(c.req.path)
    const relative = pathname.replace(/^\/+/, '')
    if (relative && relative !== 'index.html') {
      const asset = lookup(assets, relative)
      if (asset) return serveAsset(c, assets, relative, asset)
    }
    const known = isClientRoute(pathname)
    const page = await pageHtml(pathname, new URL(c.req.url).search, known)
    if (!page) return c.text('Client not built. Run `npm run build`.', 500)
    const found = known && !(await missing?.(c, pathname))
    if (!found) log.warn('page not found', { path: pathname.slice(0, 300) })
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'), CODINGS.filter((coding) => page[coding]))
    const body = coding ? page[coding]! : page.identity
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Length': String(body.length),
    }
    if (page.br) headers.Vary = 'Accept-Encoding'
    if (coding) headers['Content-Encoding'] = coding
    return new Response(body, { status: found ? 200 : 404, headers })
  }
}
