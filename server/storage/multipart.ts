import { badRequest, tooLarge } from '../errors'

/**
 * A streaming multipart/form-data reader. Bun's Request.formData() holds the
 * whole body in memory; uploads of up to 100 MB must not, so parts are handed
 * to the caller chunk by chunk as the request body arrives (with backpressure:
 * the next chunk is read only after the consumer has taken the previous one).
 */
export type PartInfo = { name: string; filename: string | null; contentType: string | null }

/** Receives one file part's bytes in order, then `end()`. Throw to abort the upload. */
export interface PartConsumer {
  write(chunk: Uint8Array): void | Promise<void>
  end(): void | Promise<void>
}

export type MultipartLimits = {
  /** Most parts (files and fields) accepted in one request. */
  maxParts: number
  /** Largest text field, in bytes. */
  maxFieldBytes?: number
  /** Message of the 413 when there are too many parts. */
  tooManyPartsMessage?: string
}

const HEADER_END = Buffer.from('\r\n\r\n')
const MAX_HEADER_BYTES = 16 * 1024
const MAX_PREAMBLE_BYTES = 64 * 1024

export function boundaryOf(contentType: string | undefined | null) {
  const type = contentType ?? ''
  if (!/^multipart\/form-data/i.test(type)) throw badRequest('errors.expectedMultipartFormDataUpload')
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type)
  const boundary = (match?.[1] ?? match?.[2])?.trim()
  if (!boundary || boundary.length > 200) throw badRequest('errors.malformedMultipartBoundary')
  return boundary
}

function parseHeaders(raw: string): PartInfo {
  let disposition: Map<string, string> | null = null
  let contentType: string | null = null
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const key = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (key === 'content-disposition') disposition = dispositionParams(value)
    else if (key === 'content-type') contentType = value.toLowerCase()
  }
  const name = disposition?.get('name')
  if (!disposition || name === undefined) throw badRequest('errors.malformedMultipartPart')
  // RFC 6266: filename* (charset'language'percent-encoded) wins over filename.
  const star = disposition.get('filename*')
  const extended = star === undefined ? undefined : /^[\w!#$%&+^`{}~-]*'[\w-]*'(.*)$/.exec(star)?.[1]
  const filename = extended !== undefined ? safeDecode(extended) : (disposition.get('filename') ?? null)
  return { name, filename, contentType }
}

/**
 * The parameters of `form-data; name="a"; filename="b"` (RFC 7578 / 6266),
 * keys lower-cased. Quoted values may hold `;` and backslash-escaped quotes;
 * the first occurrence of a key wins.
 */
export function dispositionParams(header: string): Map<string, string> {
  const params = new Map<string, string>()
  let at = header.indexOf(';')
  if (at < 0) return params
  while (at < header.length) {
    while (at < header.length && (header[at] === ';' || header[at] === ' ' || header[at] === '\t')) at++
    const eq = header.indexOf('=', at)
    if (eq < 0) break
    const key = header.slice(at, eq).trim().toLowerCase()
    let value = ''
    at = eq + 1
    while (header[at] === ' ') at++
    if (header[at] === '"') {
      // Only \" is an escape: browsers send Windows paths (C:\fakepath\a.pdf) with bare backslashes.
      for (at++; at < header.length && header[at] !== '"'; at++) value += header[at] === '\\' && header[at + 1] === '"' ? header[++at] : header[at]
      at++ // closing quote
      const next = header.indexOf(';', at)
      at = next < 0 ? header.length : next
    } else {
      const next = header.indexOf(';', at)
      value = header.slice(at, next < 0 ? header.length : next).trim()
      at = next < 0 ? header.length : next
    }
    if (key && !params.has(key)) params.set(key, value)
  }
  return params
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * Reads `body` part by part. File parts (those with a filename) go to the
 * consumer returned by `onFile`; text fields to `onField`. Any error thrown by
 * a consumer stops reading and is rethrown after the body is cancelled.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined | null,
  handlers: {
    onFile: (info: PartInfo) => PartConsumer | Promise<PartConsumer>
    onField?: (name: string, value: string) => void
  },
  limits: MultipartLimits,
) {
  const boundary = boundaryOf(contentType)
  if (!body) throw badRequest('errors.emptyUpload')
  const dashBoundary = Buffer.from(`--${boundary}`)
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  const maxField = limits.maxFieldBytes ?? 64 * 1024

  const reader = body.getReader()
  let buf: Buffer = Buffer.alloc(0)
  let state: 'preamble' | 'after' | 'headers' | 'body' | 'done' = 'preamble'
  let parts = 0
  let file: PartConsumer | null = null
  let field: { name: string; chunks: Buffer[]; size: number } | null = null

  const emit = async (chunk: Buffer) => {
    if (chunk.length === 0) return
    if (file) await file.write(chunk)
    else if (field) {
      field.size += chunk.length
      if (field.size > maxField) throw tooLarge('errors.formFieldTooLarge')
      field.chunks.push(chunk)
    }
  }

  try {
    for (;;) {
      let progress = true
      while (progress && state !== 'done') {
        progress = false
        if (state === 'preamble') {
          // RFC 2046: the first boundary opens the body or a line; "--boundary" inside preamble text is not one.
          const atStart = buf.length >= dashBoundary.length && buf.subarray(0, dashBoundary.length).equals(dashBoundary)
          const at = atStart ? 0 : buf.indexOf(delimiter)
          if (at >= 0) {
            buf = buf.subarray(at + (atStart ? dashBoundary.length : delimiter.length))
            state = 'after'
            progress = true
          } else if (buf.length > MAX_PREAMBLE_BYTES) throw badRequest('errors.malformedMultipartBody')
        } else if (state === 'after') {
          if (buf.length >= 2) {
            if (buf[0] === 0x2d && buf[1] === 0x2d) state = 'done'
            else if (buf[0] === 0x0d && buf[1] === 0x0a) {
              buf = buf.subarray(2)
              state = 'headers'
              progress = true
            } else throw badRequest('errors.malformedMultipartBody')
          }
        } else if (state === 'headers') {
          const at = buf.indexOf(HEADER_END)
          if (at >= 0) {
            const info = parseHeaders(buf.subarray(0, at).toString('utf8'))
            buf = buf.subarray(at + HEADER_END.length)
            if (++parts > limits.maxParts) throw tooLarge(limits.tooManyPartsMessage ?? 'errors.tooManyFiles')
            if (info.filename !== null) file = await handlers.onFile(info)
            else field = { name: info.name, chunks: [], size: 0 }
            state = 'body'
            progress = true
          } else if (buf.length > MAX_HEADER_BYTES) throw badRequest('errors.malformedMultipartBody')
        } else if (state === 'body') {
          const at = buf.indexOf(delimiter)
          if (at >= 0) {
            await emit(buf.subarray(0, at))
            buf = buf.subarray(at + delimiter.length)
            if (file) await file.end()
            else if (field) handlers.onField?.(field.name, Buffer.concat(field.chunks).toString('utf8'))
            file = null
            field = null
            state = 'after'
            progress = true
          } else {
            // Keep a tail that could be the start of a split delimiter.
            const safe = buf.length - (delimiter.length - 1)
            if (safe > 0) {
              await emit(buf.subarray(0, safe))
              buf = buf.subarray(safe)
            }
          }
        }
      }
      if (state === 'done') break
      const { value, done } = await reader.read()
      if (done) throw badRequest('errors.uploadEndedEarly')
      buf = buf.length ? Buffer.concat([buf, value]) : Buffer.from(value)
    }
  } finally {
    reader.cancel().catch(() => {})
  }
}
