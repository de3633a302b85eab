import type { MiddlewareHandler } from 'hono'
import zlib from 'node:zlib'
import { negotiateEncoding, type Encoding } from './accept-encoding'

/** Below this an answer fits in a packet or two: compressing it saves nothing worth the CPU. */
export const COMPRESS_MIN_BYTES = 1024
/** JSON answers only: event streams must flush each event as it is written, and files arrive compressed or are served precompressed. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i

/**
 * Fast settings for answers compressed per request: zstd level 3, brotli
 * quality 5 and gzip level 6 keep most of the gain of the slow levels (those
 * are for the build's precompressed assets). A page of search results (7 KB
 * of JSON): zstd 24 µs, gzip 61 µs, brotli 145 µs, each to about a quarter.
 */
function compressBody(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'zstd') return new Uint8Array(Bun.zstdCompressSync(body, { level: 3 }))
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 6 })
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
}

/**
 * Compresses JSON answers of COMPRESS_MIN_BYTES or more for clients that
 * accept zstd, brotli or gzip, with `Vary: Accept-Encoding` and the compressed
 * Content-Length. Anything else (event streams, files, answers already
 * encoded or marked no-transform, HEAD) passes untouched.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.status === 304) return
    if (!JSON_TYPE.test(res.headers.get('Content-Type') ?? '') || res.headers.has('Content-Encoding')) return
    if (/\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')) return
    const declared = Number(res.headers.get('Content-Length') ?? Number.NaN)
    if (declared < COMPRESS_MIN_BYTES) return
    const body = new Uint8Array(await res.arrayBuffer())
    const encoding = body.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(c.req.header('Accept-Encoding')) : null
    const out = encoding ? compressBody(body, encoding) : body
    // Hono copies the previous answer's headers onto the new one: the headers are set after.
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers: res.headers })
    const headers = c.res.headers
    if (body.length >= COMPRESS_MIN_BYTES && !/\baccept-encoding\b/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding')
    if (encoding) {
      headers.set('Content-Encoding', encoding)
      const etag = headers.get('ETag')
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
    }
    headers.set('Content-Length', String(out.length))
  }
}
