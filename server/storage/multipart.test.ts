import { describe, expect, test } from 'bun:test'
import { readMultipart } from './multipart'

/** Serialises a FormData the way a browser does, then replays it in chunks of `size` bytes. */
async function chunked(form: FormData, size: number) {
  const req = new Request('http://x/', { method: 'POST', body: form })
  const type = req.headers.get('content-type')!
  const bytes = new Uint8Array(await req.arrayBuffer())
  let at = 0
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close()
      c.enqueue(bytes.slice(at, at + size))
      at += size
    },
  })
  return { body, type }
}

async function collect(form: FormData, size: number) {
  const { body, type } = await chunked(form, size)
  const files: Record<string, string> = {}
  const fields: Record<string, string> = {}
  await readMultipart(
    body,
    type,
    {
      onFile: (info) => {
        const parts: Uint8Array[] = []
        return {
          write: (c) => {
            parts.push(c)
          },
          end: () => {
            files[`${info.name}:${info.filename}`] = Buffer.concat(parts).toString()
          },
        }
      },
      onField: (name, value) => {
        fields[name] = value
      },
    },
    { maxParts: 10 },
  )
  return { files, fields }
}

describe('readMultipart', () => {
  const form = () => {
    const f = new FormData()
    f.append('description', 'héllo\r\n--not a boundary')
    f.append('files', new File(['first file\r\nwith lines\r\n'], 'a.txt'))
    f.append('files', new File([''], 'empty.bin'))
    f.append('files', new File(['x'.repeat(5000)], 'big.txt'))
    return f
  }

  test.each([1, 7, 64, 100_000])('parses every part whatever the chunk size (%p)', async (size) => {
    const { files, fields } = await collect(form(), size)
    expect(fields.description).toBe('héllo\r\n--not a boundary')
    expect(files['files:a.txt']).toBe('first file\r\nwith lines\r\n')
    expect(files['files:empty.bin']).toBe('')
    expect(files['files:big.txt']).toBe('x'.repeat(5000))
  })

  test('too many parts, truncated bodies and non-multipart requests are 4xx errors', async () => {
    const { body, type } = await chunked(form(), 1000)
    await expect(readMultipart(body, type, { onFile: () => ({ write() {}, end() {} }) }, { maxParts: 2 })).rejects.toMatchObject({ status: 413 })
    const full = await chunked(form(), 1000)
    const reader = full.body.getReader()
    const first = await reader.read()
    const cut = new ReadableStream<Uint8Array>({ start: (c) => {
        c.enqueue(first.value!)
        c.close()
      }, })
    await expect(readMultipart(cut, full.type, { onFile: () => ({ write() {}, end() {} }) }, { maxParts: 10 })).rejects.toMatchObject({ status: 400 })
    await expect(readMultipart(new Blob(['{}']).stream(), 'application/json', { onFile: () => ({ write() {}, end() {} }) }, { maxParts: 10 })).rejects.toMatchObject({ status: 400 })
  })
})

/** A hand-written body, as a client other than a browser might send it. */
function rawBody(text: string, size = 5) {
  const bytes = Buffer.from(text.replaceAll('\n', '\r\n'))
  let at = 0
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close()
      c.enqueue(bytes.subarray(at, at + size))
      at += size
    },
  })
}

async function partsOf(body: ReadableStream<Uint8Array>, type = 'multipart/form-data; boundary=XyZ', limits = { maxParts: 10 }) {
  const seen: { name: string; filename: string | null; value: string }[] = []
  await readMultipart(
    body,
    type,
    {
      onFile: (info) => {
        const chunks: Uint8Array[] = []
        return { write: (c) => void chunks.push(c), end: () => void seen.push({ name: info.name, filename: info.filename, value: Buffer.concat(chunks).toString() }) }
      },
      onField: (name, value) => void seen.push({ name, filename: null, value }),
    },
    limits,
  )
  return seen
}

const noop = { onFile: () => ({ write() {}, end() {} }) }

describe('readMultipart: edge cases', () => {
  test('quoted parameters may hold ";" and escaped quotes; a browser\'s %22 escapes are kept as sent', async () => {
    const form = new FormData()
    form.append('we"ird;name', new File(['x'], 'a";b\r\nc.pdf'))
    const req = new Request('http://x/', { method: 'POST', body: form })
    expect(await partsOf(req.body!, req.headers.get('content-type')!)).toEqual([{ name: 'we%22ird;name', filename: 'a%22;b%0D%0Ac.pdf', value: 'x' }])

    const body = rawBody(`--XyZ
Content-Disposition: form-data; name="a;b\\"c"; filename="care \\"plan\\"; v2.pdf"

data
--XyZ--
`)
    expect(await partsOf(body)).toEqual([{ name: 'a;b"c', filename: 'care "plan"; v2.pdf', value: 'data' }])
    const windows = rawBody(`--XyZ
Content-Disposition: form-data; name="f"; filename="C:\\fakepath\\plan.pdf"

data
--XyZ--
`)
    expect((await partsOf(windows))[0]?.filename).toBe('C:\\fakepath\\plan.pdf')
  })

  test('parameters in any order and case; "name" is never read out of "filename"', async () => {
    const body = rawBody(`--XyZ
content-disposition: FORM-DATA; FILENAME="name=evil.txt"; Name=files

one
--XyZ
Content-Disposition: form-data;name="note"

two
--XyZ--
`)
    expect(await partsOf(body)).toEqual([
      { name: 'files', filename: 'name=evil.txt', value: 'one' },
      { name: 'note', filename: null, value: 'two' },
    ])
  })

  test('filename* (RFC 5987, with or without a language) wins over filename', async () => {
    const body = rawBody(`--XyZ
Content-Disposition: form-data; name="f"; filename="fallback.txt"; filename*=UTF-8''na%C3%AFve%20plan.pdf

1
--XyZ
Content-Disposition: form-data; name="f"; filename*=utf-8'en'%E2%82%AC.txt

2
--XyZ--
`)
    expect((await partsOf(body)).map((p) => p.filename)).toEqual(['naïve plan.pdf', '€.txt'])
  })

  test('junk before the first boundary and after the last one is ignored; endless junk is refused', async () => {
    const body = rawBody(`This is a preamble --XyZNOT quite
--XyZ
Content-Disposition: form-data; name="k"

v
--XyZ--
epilogue --XyZ
`)
    expect(await partsOf(body)).toEqual([{ name: 'k', filename: null, value: 'v' }])
    await expect(partsOf(rawBody('x'.repeat(70 * 1024), 4096))).rejects.toMatchObject({ status: 400, message: 'Malformed multipart body' })
  })

  test('size limits: a text field over maxFieldBytes is 413, endless headers are 400, too many parts is 413 with the caller\'s message', async () => {
    const big = rawBody(`--XyZ
Content-Disposition: form-data; name="k"

${'y'.repeat(2000)}
--XyZ--
`)
    await expect(partsOf(big, undefined, { maxParts: 10, maxFieldBytes: 1000 } as never)).rejects.toMatchObject({ status: 413 })
    const headers = rawBody(`--XyZ
Content-Disposition: form-data; name="k"${'; x="y"'.repeat(4000)}
`, 1024)
    await expect(partsOf(headers)).rejects.toMatchObject({ status: 400 })
    const many = rawBody(`--XyZ
Content-Disposition: form-data; name="a"

1
--XyZ
Content-Disposition: form-data; name="b"

2
--XyZ--
`)
    await expect(readMultipart(many, 'multipart/form-data; boundary=XyZ', noop, { maxParts: 1, tooManyPartsMessage: 'You can upload at most 1 file' })).rejects.toMatchObject({
      status: 413,
      message: 'You can upload at most 1 file',
    })
  })

  test('quoted boundaries are read; a missing boundary, a part without a name or garbage after a boundary is 400', async () => {
    const quoted = rawBody(`--a b
Content-Disposition: form-data; name="k"

v
--a b--
`)
    expect(await partsOf(quoted, 'multipart/form-data; boundary="a b"')).toEqual([{ name: 'k', filename: null, value: 'v' }])
    await expect(partsOf(rawBody(''), 'multipart/form-data')).rejects.toMatchObject({ status: 400, message: 'Malformed multipart boundary' })
    const nameless = rawBody(`--XyZ
Content-Disposition: form-data; filename="a.txt"

v
--XyZ--
`)
    await expect(partsOf(nameless)).rejects.toMatchObject({ status: 400, message: 'Malformed multipart part' })
    await expect(partsOf(rawBody('--XyZjunk\n'))).rejects.toMatchObject({ status: 400, message: 'Malformed multipart body' })
  })

  test('an error thrown by the consumer stops the upload and reaches the caller', async () => {
    let cancelled = false
    const bytes = Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n${'z'.repeat(1000)}`)
    const body = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new Uint8Array(bytes)),
      cancel: () => {
        cancelled = true
      },
    })
    const failing = { onFile: () => ({ write: () => Promise.reject(new Error('disk full')), end() {} }) }
    await expect(readMultipart(body, 'multipart/form-data; boundary=XyZ', failing, { maxParts: 10 })).rejects.toThrow('disk full')
    expect(cancelled).toBe(true)
  })
})
