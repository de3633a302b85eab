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
        return { write: (c) => void parts.push(c), end: () => void (files[`${info.name}:${info.filename}`] = Buffer.concat(parts).toString()) }
      },
      onField: (name, value) => void (fields[name] = value),
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
    const cut = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(first.value!), c.close()) })
    await expect(readMultipart(cut, full.type, { onFile: () => ({ write() {}, end() {} }) }, { maxParts: 10 })).rejects.toMatchObject({ status: 400 })
    await expect(readMultipart(new Blob(['{}']).stream(), 'application/json', { onFile: () => ({ write() {}, end() {} }) }, { maxParts: 10 })).rejects.toMatchObject({ status: 400 })
  })
})
