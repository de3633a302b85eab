import { describe, expect, test } from 'bun:test'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import zlib from 'node:zlib'
import { negotiateEncoding } from './accept-encoding'
import { compressJson } from './compress'

describe('negotiateEncoding', () => {
  test('zstd when named, then brotli; q weights, refusals and the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('zstd')
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding('zstd;q=0.5, br')).toBe('br')
    expect(negotiateEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br')
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip')
    expect(negotiateEncoding('identity')).toBeNull()
    expect(negotiateEncoding('')).toBeNull()
    expect(negotiateEncoding(undefined)).toBeNull()
    expect(negotiateEncoding('gzip, br', ['gzip'])).toBe('gzip')
    expect(negotiateEncoding('br', ['gzip'])).toBeNull()
  })
})

describe('compressJson', () => {
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: `home-${i}`, name: `Home number ${i}` })) }
  const app = new Hono()
  app.use(compressJson())
  app.get('/big', (c) => c.json(big))
  app.get('/small', (c) => c.json({ ok: true }))
  app.get('/text', (c) => c.text('x'.repeat(5000)))
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ data: JSON.stringify(big) })
    }),
  )

  test('JSON of 1 KB or more: zstd, brotli or gzip as accepted, with Vary and Content-Length', async () => {
    const zstd = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } })
    expect(zstd.headers.get('content-encoding')).toBe('zstd')
    const packed = new Uint8Array(await zstd.arrayBuffer())
    expect(Number(zstd.headers.get('content-length'))).toBe(packed.length)
    expect(JSON.parse(Bun.zstdDecompressSync(packed).toString())).toEqual(big)

    const br = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.headers.get('content-type')).toContain('application/json')
    const body = new Uint8Array(await br.arrayBuffer())
    expect(Number(br.headers.get('content-length'))).toBe(body.length)
    expect(JSON.parse(zlib.brotliDecompressSync(body).toString())).toEqual(big)

    const gz = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString())).toEqual(big)

    const plain = await app.request('/big')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.json()).toEqual(big)
  })

  test('small JSON, other types and event streams pass untouched', async () => {
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(small.headers.get('vary')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })

    const text = await app.request('/text', { headers: { 'Accept-Encoding': 'br' } })
    expect(text.headers.get('content-encoding')).toBeNull()

    const events = await app.request('/events', { headers: { 'Accept-Encoding': 'br' } })
    expect(events.headers.get('content-type')).toContain('text/event-stream')
    expect(events.headers.get('content-encoding')).toBeNull()
    expect(await events.text()).toContain('"home-199"')
  })
})
