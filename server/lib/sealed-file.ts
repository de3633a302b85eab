import { currentKeyId, decryptBytes, isEncryptedBytes, keyBytes, lib, SealedDataError } from './crypto'

/**
 * Private files sealed at rest, bound to their place and opened as a stream
 * (ADR 013, ADR 039). The format, "hw2":
 *
 *   "hw2:<keyId>:" | salt (16 bytes) | chunk 0 | chunk 1 | … | last chunk
 *
 * Each chunk is AES-256-GCM over at most CHUNK bytes of the file (CHUNK + 16
 * stored, the tag last), under a key of this file alone (HKDF-SHA256 of the
 * ring key `keyId` with the salt), with the nonce and the associated data
 * naming the chunk's index and whether it is the last, and the associated data
 * naming the file's place (`placeOf(key)`). So each chunk is proven before a
 * byte of it is released; a file cut short (no last chunk), reordered or
 * spliced with another file's chunks fails; and a file moved under another
 * key fails at its first chunk. Files sealed whole before ("hw1:", one GCM
 * over the file, no associated data) are still read; `homeward keys reseal`
 * rewrites them in this format.
 */
export const CHUNK = 64 * 1024
const TAG = 16
const SALT = 16
const VERSION = 'hw2'
const INFO = Buffer.from('homeward sealed file v2')

/**
 * Where a file is, as its seal names it: its storage key without the
 * extension. The extension is chosen from the file's bytes after they are
 * received and sealed; the rest (area, owner, random name) is chosen before,
 * and no two files share it.
 */
export const placeOf = (key: string) => key.replace(/\.[a-z0-9]+$/, '')

const fileKey = (ringKey: Uint8Array, salt: Uint8Array) => Buffer.from(lib().hkdfSync('sha256', ringKey, salt, INFO, 32))

function nonce(index: number, last: boolean) {
  const out = Buffer.alloc(12)
  out.writeUInt32BE(index, 7)
  out[11] = last ? 1 : 0
  return out
}

function associated(place: string, index: number, last: boolean) {
  const tail = Buffer.alloc(5)
  tail.writeUInt32BE(index, 0)
  tail[4] = last ? 1 : 0
  return Buffer.concat([Buffer.from(`${VERSION}\0${place}\0`, 'utf8'), tail])
}

/** Seals a file at `place` chunk by chunk as its bytes arrive: `header`, then what `update` and `final` return, in order. */
export function sealingStream(place: string) {
  const id = currentKeyId()
  const salt = lib().randomBytes(SALT)
  const key = fileKey(keyBytes(id), salt)
  let index = 0
  let pending = Buffer.alloc(0)
  const seal = (plain: Uint8Array, last: boolean) => {
    const cipher = lib().createCipheriv('aes-256-gcm', key, nonce(index, last))
    cipher.setAAD(associated(place, index, last))
    index++
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  }
  return {
    header: new Uint8Array(Buffer.concat([Buffer.from(`${VERSION}:${id}:`, 'utf8'), salt])),
    /** The chunks completed by `chunk`; the last full chunk is held back until it is known not to be the last. */
    update(chunk: Uint8Array): Uint8Array {
      pending = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk)
      const out: Buffer[] = []
      let at = 0
      while (pending.length - at > CHUNK) {
        out.push(seal(pending.subarray(at, at + CHUNK), false))
        at += CHUNK
      }
      pending = Buffer.from(pending.subarray(at))
      return new Uint8Array(out.length === 1 ? out[0]! : Buffer.concat(out))
    },
    /** The last chunk (possibly empty): without it, the file does not open. */
    final: () => new Uint8Array(seal(pending, true)),
  }
}

/** A whole file sealed at `place` (a small one: a re-encoded image, a demo file). */
export function sealFileBytes(place: string, data: Uint8Array): Uint8Array {
  const seal = sealingStream(place)
  return new Uint8Array(Buffer.concat([seal.header, seal.update(data), seal.final()]))
}

export const isSealedFile = (head: Uint8Array) => {
  const prefix = Buffer.from(head.subarray(0, 4)).toString('utf8')
  return prefix === `${VERSION}:` || isEncryptedBytes(head)
}
/** Sealed in this format (hw2): `keys reseal` leaves it as it is. */
export const isCurrentFile = (head: Uint8Array) => Buffer.from(head.subarray(0, 4)).toString('utf8') === `${VERSION}:`

/** Reads "hw2:<keyId>:" + salt from the front of `buf`; null until all of it has arrived. */
function readHeader(buf: Buffer): { id: string; salt: Buffer; length: number } | null {
  const colon = buf.indexOf(0x3a, VERSION.length + 1)
  if (colon < 0) {
    if (buf.length > 64) throw new Error('Not a Homeward sealed file')
    return null
  }
  if (buf.length < colon + 1 + SALT) return null
  return { id: buf.subarray(VERSION.length + 1, colon).toString('utf8'), salt: buf.subarray(colon + 1, colon + 1 + SALT), length: colon + 1 + SALT }
}

/**
 * Opens a sealed file at `place` as it streams: each chunk is released once
 * its tag is proven. A chunk that does not open, or an end without the last
 * chunk, errors the stream (`SealedDataError`) — so a reader never takes a
 * cut or altered file for a whole one.
 */
export function openingStream(place: string): TransformStream<Uint8Array, Uint8Array> {
  let buf: Buffer = Buffer.alloc(0)
  let header: { id: string; key: Buffer } | null = null
  let index = 0
  const open = (sealed: Buffer, last: boolean) => {
    const { id, key } = header!
    try {
      const decipher = lib().createDecipheriv('aes-256-gcm', key, nonce(index, last))
      decipher.setAAD(associated(place, index, last))
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG))
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()])
      index++
      return plain
    } catch (error) {
      throw new SealedDataError('document file', id, error)
    }
  }
  return new TransformStream({
    transform(chunk, controller) {
      // Views, not copies: a download passes every byte through here.
      const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      buf = buf.length ? Buffer.concat([buf, view]) : view
      if (!header) {
        const read = readHeader(buf)
        if (!read) return
        header = { id: read.id, key: fileKey(keyBytes(read.id), read.salt) }
        buf = buf.subarray(read.length)
      }
      let at = 0
      // A full chunk with more bytes after it is not the last.
      while (buf.length - at > CHUNK + TAG) {
        controller.enqueue(open(buf.subarray(at, at + CHUNK + TAG), false))
        at += CHUNK + TAG
      }
      if (at) buf = buf.subarray(at)
    },
    flush(controller) {
      if (!header || buf.length < TAG) throw new SealedDataError('document file', header?.id ?? '?', new Error('cut short'))
      controller.enqueue(open(buf, true))
    },
  })
}

/** A whole sealed file at `place`, either format, opened in memory (small files only: images to re-encode, key rotation). */
export async function openFileBytes(place: string, data: Uint8Array): Promise<Uint8Array> {
  if (!isCurrentFile(data)) return decryptBytes(data)
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(openingStream(place))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/**
 * A stored file opened as a stream, whichever way it was stored: "hw2" chunk
 * by chunk; "hw1" (sealed whole before this format) opened whole, as it
 * always was; a file stored before sealing existed, as it is. The first
 * chunk is opened before this returns, so a file that is not at its place or
 * whose key is missing fails before an answer starts.
 */
export async function openStoredFile(place: string, body: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const reader = body.getReader()
  const head: Uint8Array[] = []
  let headLength = 0
  let done = false
  while (!done && headLength < 64 + SALT + CHUNK + TAG + 1) {
    const next = await reader.read()
    if (next.done) done = true
    else {
      head.push(next.value)
      headLength += next.value.length
    }
  }
  const first = new Uint8Array(Buffer.concat(head))
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first)
      if (done) controller.close()
    },
    async pull(controller) {
      const next = await reader.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  if (!isSealedFile(first)) return rest
  if (!isCurrentFile(first)) {
    // hw1: one tag at the end of the file, so it opens whole (these files are at most a few MB).
    const plain = decryptBytes(new Uint8Array(await new Response(rest).arrayBuffer()))
    return new Blob([plain as Uint8Array<ArrayBuffer>]).stream()
  }
  const opened = rest.pipeThrough(openingStream(place))
  // Prove the first chunk now: a moved file or a missing key is an error answer, not a cut download.
  const out = opened.getReader()
  const firstPlain = await out.read()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (firstPlain.done) controller.close()
      else controller.enqueue(firstPlain.value)
    },
    async pull(controller) {
      const next = await out.read()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    cancel: (reason) => out.cancel(reason),
  })
}
