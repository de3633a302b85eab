import type { Context } from 'hono'
import fs from 'node:fs'
import path from 'node:path'
import { isClientRoute } from './lib/client-routes'
import { log } from './lib/logger'

/** The built browser app: a folder on disk, or files embedded in the single binary. */
export type ClientAssets = { dir: string } | { files: Map<string, Blob> }

function lookup(assets: ClientAssets, relative: string): Blob | null {
  if ('files' in assets) return assets.files.get(relative) ?? null
  const file = path.join(assets.dir, relative)
  if (!file.startsWith(path.resolve(assets.dir) + path.sep)) return null
  return fs.existsSync(file) && fs.statSync(file).isFile() ? Bun.file(file) : null
}

/**
 * Serves the built client: hashed assets with a long cache, index.html for
 * every route of the route table, and index.html with a 404 status (the
 * client renders the not-found page) for any other path, which is logged.
 */
export function clientHandler(assets: ClientAssets) {
  return (c: Context) => {
    const pathname = decodeURIComponent(c.req.path)
    const relative = pathname.replace(/^\/+/, '')
    if (relative && relative !== 'index.html') {
      const asset = lookup(assets, relative)
      if (asset) {
        const hashed = /-[a-z0-9]{8,}\.(js|css|png|jpg|jpeg|webp|svg|woff2?)$/i.test(relative)
        return new Response(asset, {
          headers: {
            'Content-Type': asset.type || 'application/octet-stream',
            'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          },
        })
      }
    }
    const index = lookup(assets, 'index.html')
    if (!index) return c.text('Client not built. Run `npm run build`.', 500)
    const known = isClientRoute(pathname)
    if (!known) log.warn('page not found', { path: pathname.slice(0, 300) })
    return new Response(index, {
      status: known ? 200 : 404,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
    })
  }
}
