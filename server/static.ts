import type { Context } from 'hono'
import { noscriptFor } from './noscript'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { earlyRequests } from '../client/src/app/early-requests'
import { SERVER_STATE_ID } from '../client/src/app/server-state'
import { cacheCounter } from './lib/cache-stats'
import { negotiateEncoding, type Encoding } from './lib/accept-encoding'
import { isClientRoute, isServerRendered, splitLocalePath } from './lib/client-routes'
import { log } from './lib/logger'
import { publicUrl } from './env'
import type { ApiFetch } from './ssr'

/** The built browser app: a folder on disk, or files embedded in the single binary. */
export type ClientAssets = { dir: string } | { files: Map<string, Blob> }

/** The copies client/build.ts writes beside each text asset (zstd is only for answers compressed per request, compress.ts). */
const SUFFIX = { br: '.br', gzip: '.gz' } as const
const CODINGS = ['br', 'gzip'] as const satisfies readonly Encoding[]
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
  const copies = new Map<Encoding, Blob>(CODINGS.flatMap((coding) => {
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
  /** The server-rendered pages' head: the stylesheet inline (renderedPage). */
  let renderedTemplate = ''

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
    renderedTemplate = lowPriorityScripts(await inlineStylesheet(html))
    routes = Object.entries(preloads).map(([route, files]) => ({
      route,
      files,
      pattern: route === '*' ? /^$/ : new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
    }))
    cache = new Map()
    version = current
    return true
  }

  /**
   * A rendered page shows as soon as its styles are there: inline, they come
   * with the HTML instead of a round trip after it (400 ms on a phone's
   * network; 9 KB brotli). The Content-Security-Policy allows inline styles.
   */
  async function inlineStylesheet(html: string) {
    const link = html.match(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/)
    const css = link ? await text(link[1]!) : null
    if (!link || css === null || css.includes('</')) return html
    return html.replace(link[0], () => `<style>${css}</style>`)
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

  /** The route's files and early requests as `<link>`s; a server-rendered page carries its answers and asks only for the visitor's account. */
  const headLinks = (address: string, search: string, known: boolean, serverRendered: boolean) => {
    // A Spanish address (`/es/browse`) is the same route and files as its English one (ADR 037).
    const pathname = splitLocalePath(address).path
    const match = known ? routes.find((r) => r.pattern.test(pathname)) : routes.find((r) => r.route === '*')
    const priority = serverRendered ? ` ${LOW_PRIORITY}` : ''
    const links = (match?.files ?? []).map((file) => `<link rel="modulepreload"${priority} crossorigin href="${file}">`).join('')
    // What the page's first render waits for, asked for with the HTML (client/src/app/early-requests.ts).
    const early = (known ? earlyRequests(pathname, search) : []).filter((r) => !serverRendered || r.as === 'image' || r.href === ACCOUNT)
    const preloads = early.map(preloadLink).join('')
    return { links: `${preloads}${links}`, perUrl: early.some((r) => r.perUrl), route: match?.route ?? '' }
  }

  /** A server-rendered page (server/ssr): its head tags, content and state in the route's HTML, compressed fast (made on a render-cache miss). */
  const renderedPage = async (pathname: string, search: string, known: boolean, page: { lang: string; head: string; root: string; after: string }) => {
    if (!(await load())) return null
    const { links } = headLinks(pathname, search, known, true)
    const html = withLang(renderedTemplate, page.lang)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', `${page.head}${links}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${page.root}</div>${page.after}`)
    return compressed(html, 'fast')
  }

  const shell = async (pathname: string, search: string, known: boolean): Promise<PageHtml | null> => {
    if (!(await load())) return null
    // A request that depends on the URL (a search, an id) makes that page per request (brotli 5: a few hundred µs).
    const { links: headers, perUrl, route } = headLinks(pathname, search, known, false)
    // Without JavaScript the shell would be blank: say what is needed (and on /auth, a form that signs in without it).
    const noscript = noscriptFor(route, search)
    // A Spanish address's shell says so (the browser then renders the page in Spanish, main.tsx).
    const lang = splitLocalePath(pathname).locale
    const html = () => withLang(template, lang).replace('</head>', `${headers}</head>`).replace('<div id="root"></div>', `${noscript.html}<div id="root"></div>`)
    if (perUrl || noscript.perUrl) return compressed(html(), 'fast')
    const key = `${lang} ${route}`
    const hit = cache.get(key)
    if (hit) return hit
    const page = compressed(html(), 'best')
    cache.set(key, page)
    return page
  }
  return { shell, renderedPage }
}

/**
 * A server-rendered page paints from its HTML and inline styles; its scripts only hydrate it
 * (ADR 027). Asked for at low priority, they leave the connection to the HTML and the hero image
 * first, and Lighthouse's simulation stops counting them as blocking the first paint (it takes
 * every high-priority script that arrived before the paint for one the paint waited for).
 */
const LOW_PRIORITY = 'fetchpriority="low"'
/** The page's language on its root element (the build's index.html says English). */
const withLang = (html: string, lang: string) => html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
const lowPriorityScripts = (html: string) => html.replace(/<script type="module"/g, `<script type="module" ${LOW_PRIORITY}`)

const ACCOUNT = '/api/me'
const preloadLink = (r: ReturnType<typeof earlyRequests>[number]) =>
  r.as === 'fetch'
    ? `<link rel="preload" as="fetch" crossorigin href="${Bun.escapeHTML(r.href)}">`
    : `<link rel="preload" as="image" fetchpriority="high" href="${Bun.escapeHTML(r.href)}"${r.srcset ? ` imagesrcset="${Bun.escapeHTML(r.srcset)}" imagesizes="${Bun.escapeHTML(r.sizes ?? '100vw')}"` : ''}>`

/**
 * The public pages rendered on the server (server/ssr, ADR 027): loaded as a
 * visitor through the app itself (`apiFetch`), rendered by the browser's own
 * components, kept while their data is unchanged (page-cache.ts). The render
 * module loads with the first such page, not at start (bench:startup).
 */
function serverRenderer(pages: ReturnType<typeof pageHtmlCache>, apiFetch: ApiFetch) {
  let ssr: Promise<typeof import('./ssr')> | null = null
  let cache: ((key: string, loaded: import('./ssr').LoadedPage, make: () => Promise<PageHtml | null>) => Promise<PageHtml | null>) | null = null
  return async (url: URL, known: boolean): Promise<{ page: PageHtml; status: number } | null> => {
    ssr ??= import('./ssr')
    const { loadPage, headTags, jsonInScript, pageCache } = await ssr
    // The counter from this bundle's module: the renderer is a bundle of its own (dist/server/ssr.js) with its own copy.
    cache ??= pageCache<PageHtml | null>(cacheCounter('rendered_page'))
    const loaded = await loadPage(url, apiFetch)
    // Keyed by language too: a Spanish visitor never gets the English page's HTML, nor the other way
    // round (the address carries the language today; the key says so whatever the address).
    const page = await cache(`${loaded.locale} ${url.pathname}${url.search}`, loaded, async () => {
      const markup = await loaded.render()
      const state = loaded.state ? `<script type="application/json" id="${SERVER_STATE_ID}">${jsonInScript(loaded.state)}</script>` : ''
      return pages.renderedPage(url.pathname, url.search, known, { lang: loaded.locale, head: headTags(loaded.head, publicUrl()), root: markup, after: state })
    })
    return page ? { page, status: loaded.status } : null
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
export function clientHandler(assets: ClientAssets, options: { apiFetch?: ApiFetch; missing?: (c: Context, pathname: string) => Promise<boolean> } = {}) {
  const pages = pageHtmlCache(assets)
  const render = options.apiFetch ? serverRenderer(pages, options.apiFetch) : null
  return async (c: Context) => {
    const pathname = decodeURIComponent(c.req.path)
    const relative = pathname.replace(/^\/+/, '')
    if (relative && relative !== 'index.html') {
      const asset = lookup(assets, relative)
      if (asset) return serveAsset(c, assets, relative, asset)
    }
    const known = isClientRoute(pathname)
    const url = new URL(c.req.url)
    if (!known) log.warn('page not found', { path: pathname.slice(0, 300) })
    const rendered = render && isServerRendered(pathname) ? await render(url, known).catch((error) => {
      // The browser renders the page itself, as it does every signed-in page.
      log.error('page render failed', { path: pathname.slice(0, 300), error: String(error) })
      return null
    }) : null
    if (rendered) return send(c, rendered.page, rendered.status)
    const page = await pages.shell(pathname, url.search, known)
    if (!page) return c.text('Client not built. Run `npm run build`.', 500)
    const found = known && !(await options.missing?.(c, pathname))
    return send(c, page, found ? 200 : 404)
  }
}

/** A page's HTML, in the coding the client accepts. */
function send(c: Context, page: PageHtml, status: number) {
  const coding = negotiateEncoding(c.req.header('Accept-Encoding'), CODINGS.filter((coding) => page[coding]))
  const body = coding ? page[coding]! : page.identity
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Length': String(body.length),
  }
  if (page.br) headers.Vary = 'Accept-Encoding'
  if (coding) headers['Content-Encoding'] = coding
  return new Response(body, { status, headers })
}
