import { describe, expect, test } from 'bun:test'
import { legacySealedFile } from '../test/legacy-seal'
import { SealedDataError } from './crypto'
import { CHUNK, openFileBytes, openStoredFile, placeOf, sealFileBytes, sealingStream } from './sealed-file'

/** The "hw2" file format (ADR 039): chunked AES-GCM bound to the file's place, each chunk's index and the last one. */
const PLACE = 'referral-documents/r1/5b0c7d9e-4a51-4f0e-9d63-1c2b3a4d5e6f'
function bytesOf(n: number) {
  const out = new Uint8Array(n)
  for (let at = 0; at < n; at += 65536) out.set(crypto.getRandomValues(new Uint8Array(Math.min(65536, n - at))), at)
  return out
}
const header = (sealed: Uint8Array) => sealed.indexOf(0x3a, 4) + 1 + 16
/** The sealed chunks of a file, after its header. */
function chunksOf(sealed: Uint8Array) {
  const out: Uint8Array[] = []
  for (let at = header(sealed); at < sealed.length; at += CHUNK + 16) out.push(sealed.subarray(at, Math.min(at + CHUNK + 16, sealed.length)))
  return out
}
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))
const fails = async (run: () => Promise<unknown>) => {
  try {
    await run()
  } catch (error) {
    return error
  }
  return null
}

describe('sealed files (hw2)', () => {
  test('round-trips every size around the chunk boundaries, sealed as a stream in uneven pieces', async () => {
    for (const size of [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17]) {
      const data = bytesOf(size)
      const seal = sealingStream(PLACE)
      const parts: Uint8Array[] = [seal.header]
      for (let at = 0; at < size; at += 7001) parts.push(seal.update(data.subarray(at, at + 7001)))
      parts.push(seal.final())
      const sealed = join(...parts)
      expect(Buffer.from(sealed.subarray(0, 4)).toString()).toBe('hw2:')
      expect(sealed.length).toBe(header(sealed) + size + 16 * Math.max(1, Math.ceil(size / CHUNK)))
      expect(Buffer.compare(Buffer.from(await openFileBytes(PLACE, sealed)), Buffer.from(data))).toBe(0)
    }
  })

  test('a file moved under another key does not open', async () => {
    const sealed = sealFileBytes(PLACE, bytesOf(1000))
    expect(await fails(() => openFileBytes('referral-documents/r2/5b0c7d9e-4a51-4f0e-9d63-1c2b3a4d5e6f', sealed))).toBeInstanceOf(SealedDataError)
    expect(await fails(() => openFileBytes(`${PLACE}0`, sealed))).toBeInstanceOf(SealedDataError)
    // The place is the key without its extension (chosen from the bytes after sealing).
    expect(placeOf(`${PLACE}.pdf`)).toBe(PLACE)
    expect(await fails(() => openFileBytes(placeOf(`${PLACE}.pdf`), sealed))).toBeNull()
  })

  test('a file cut short, reordered, or spliced with another file’s chunks does not open', async () => {
    const sealed = sealFileBytes(PLACE, bytesOf(3 * CHUNK + 100))
    const head = sealed.subarray(0, header(sealed))
    const [c0, c1, c2, c3] = chunksOf(sealed) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array]
    // Cut after a whole chunk: the last chunk is missing, though each remaining one is genuine.
    expect(await fails(() => openFileBytes(PLACE, join(head, c0, c1, c2)))).toBeInstanceOf(SealedDataError)
    expect(await fails(() => openFileBytes(PLACE, join(head, c0)))).toBeInstanceOf(SealedDataError)
    expect(await fails(() => openFileBytes(PLACE, head))).toBeInstanceOf(SealedDataError)
    expect(await fails(() => openFileBytes(PLACE, join(head, c1, c0, c2, c3)))).toBeInstanceOf(SealedDataError)
    const other = sealFileBytes(PLACE, bytesOf(3 * CHUNK + 100))
    expect(await fails(() => openFileBytes(PLACE, join(head, c0, chunksOf(other)[1]!, c2, c3)))).toBeInstanceOf(SealedDataError)
    // The genuine file opens.
    expect(await fails(() => openFileBytes(PLACE, join(head, c0, c1, c2, c3)))).toBeNull()
  })

  test('a stream releases chunks only once proven, and errors at a damaged chunk', async () => {
    const data = bytesOf(3 * CHUNK)
    const sealed = sealFileBytes(PLACE, data)
    const damaged = sealed.slice()
    damaged[header(sealed) + 2 * (CHUNK + 16) + 5]! ^= 1
    const opened = (await openStoredFile(PLACE, new Blob([damaged as Uint8Array<ArrayBuffer>]).stream())).getReader()
    const received: Uint8Array[] = []
    const error = await fails(async () => {
      for (let read = await opened.read(); !read.done; read = await opened.read()) received.push(read.value)
    })
    expect(error).toBeInstanceOf(SealedDataError)
    // The two chunks before the damaged one, nothing of it or after.
    expect(Buffer.concat(received).length).toBe(2 * CHUNK)
  })

  test('files sealed whole in the first format (hw1) still open, whole or as a stream', async () => {
    const data = bytesOf(100_000)
    const legacy = legacySealedFile(data)
    expect(Buffer.compare(Buffer.from(await openFileBytes(PLACE, legacy)), Buffer.from(data))).toBe(0)
    const streamed = await new Response(await openStoredFile(PLACE, new Blob([legacy as Uint8Array<ArrayBuffer>]).stream())).arrayBuffer()
    expect(Buffer.compare(Buffer.from(streamed), Buffer.from(data))).toBe(0)
  })

  test('a file stored before sealing existed is served as it is', async () => {
    const served = await new Response(await openStoredFile(PLACE, new Blob([new TextEncoder().encode('%PDF-1.4 plain')]).stream())).text()
    expect(served).toBe('%PDF-1.4 plain')
  })
})
