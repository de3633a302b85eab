import fs from 'node:fs'
import { badRequest, tooLarge } from '../errors'
import { decryptBytes, encryptBytes, sealingStream } from '../lib/crypto'
import { discardInProgress, inProgressPath } from './files'
import { stripImageMetadata, type MetadataFreeFormat } from './images'
import { readMultipart } from './multipart'

/** Bytes kept in memory to recognise the file type (file-type reads the head; a .docx needs its first zip entries). */
const SNIFF_BYTES = 64 * 1024

/** A received private upload, sealed in the in-progress folder at `tempPath` until the caller places it. */
export type SealedUpload = { tempPath: string; name: string; size: number; head: Uint8Array }

/**
 * A private upload (referral documents, licence proofs; ADR 013): the one
 * file of a multipart body, in the field "file", streamed into the
 * in-progress folder (DATA_DIR/uploads-in-progress, 0600, left out of
 * backups) and sealed chunk by chunk as it arrives — never in clear on disk,
 * never whole in memory. Its first bytes are kept to recognise the type. Over
 * `maxBytes` the upload stops with `tooLargeMessage`; any failure removes the
 * partial file. The caller moves `file.tempPath` into place (placeFile) or
 * discards it (discardInProgress).
 */
export async function receiveSealedUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  opts: { maxBytes: number; tooLargeMessage: string; maxParts: number; maxFieldBytes: number },
): Promise<{ fields: Record<string, string>; file: SealedUpload | null }> {
  const fields: Record<string, string> = {}
  let received: SealedUpload | null = null
  let open: { fd: number; tempPath: string } | null = null
  const put = (fd: number, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => fs.write(fd, bytes, 0, bytes.length, null, (e) => (e ? reject(e) : resolve())))
  try {
    await readMultipart(
      body,
      contentType,
      {
        onFile: (info) => {
          if (info.name !== 'file' || received || open) throw badRequest('Send one file, in the field "file"')
          const tempPath = inProgressPath()
          const fd = fs.openSync(tempPath, 'wx', 0o600)
          open = { fd, tempPath }
          const seal = sealingStream()
          const head: Uint8Array[] = []
          let headSize = 0
          let size = 0
          let started = false
          return {
            async write(chunk: Uint8Array) {
              size += chunk.length
              if (size > opts.maxBytes) throw tooLarge(opts.tooLargeMessage)
              if (headSize < SNIFF_BYTES) {
                const part = chunk.subarray(0, SNIFF_BYTES - headSize)
                head.push(part.slice())
                headSize += part.length
              }
              if (!started) await put(fd, seal.header)
              started = true
              await put(fd, seal.update(chunk))
            },
            async end() {
              if (!started) await put(fd, seal.header)
              await put(fd, seal.final())
              fs.closeSync(fd)
              open = null
              received = { tempPath, name: info.filename ?? '', size, head: new Uint8Array(Buffer.concat(head)) }
            },
          }
        },
        onField: (name, value) => {
          fields[name] = value
        },
      },
      { maxParts: opts.maxParts, maxFieldBytes: opts.maxFieldBytes },
    )
  } catch (error) {
    const partial = open as { fd: number; tempPath: string } | null
    if (partial) {
      fs.closeSync(partial.fd)
      discardInProgress(partial.tempPath)
    }
    discardInProgress((received as SealedUpload | null)?.tempPath)
    throw error
  }
  return { fields, file: received }
}

/**
 * The same upload without the image's metadata (EXIF, GPS position, camera,
 * XMP, comments): opened, re-encoded at full size in its own format by sharp,
 * sealed again into a new in-progress file; the received file is discarded.
 * Null when the bytes do not decode as that image (the caller refuses it).
 */
export async function withoutImageMetadata(file: SealedUpload, format: MetadataFreeFormat): Promise<SealedUpload | null> {
  const clean = await stripImageMetadata(decryptBytes(new Uint8Array(fs.readFileSync(file.tempPath))), format)
  if (!clean) return null
  const tempPath = inProgressPath()
  try {
    fs.writeFileSync(tempPath, encryptBytes(clean), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    discardInProgress(tempPath)
    throw error
  }
  discardInProgress(file.tempPath)
  return { ...file, tempPath, size: clean.length, head: clean.subarray(0, file.head.length) }
}
