import fs from 'node:fs'
import { badRequest, tooLarge } from '../errors'
import { openFileBytes, sealFileBytes, sealingStream } from '../lib/sealed-file'
import { discardInProgress, inProgressPath } from './files'
import { stripImageMetadata, type MetadataFreeFormat } from './images'
import { readMultipart } from './multipart'

/** Bytes kept in memory to recognise the file type (file-type reads the head; a .docx needs its first zip entries). */
const SNIFF_BYTES = 64 * 1024

/**
 * A received private upload, sealed for `place` (files.ts newPlace: its key
 * without the extension) in the in-progress folder at `tempPath` until the
 * caller places it at `keyAt(place, ext)`.
 */
export type SealedUpload = { tempPath: string; place: string; name: string; size: number; head: Uint8Array }

/**
 * A private upload (referral documents, licence proofs; ADR 013): the one
 * file of a multipart body, in the field "file", streamed into the
 * in-progress folder (DATA_DIR/uploads-in-progress, 0600, left out of
 * backups) and sealed chunk by chunk as it arrives, bound to `opts.place`
 * (lib/sealed-file.ts) — never in clear on disk,
 * never whole in memory. Its first bytes are kept to recognise the type. Over
 * `maxBytes` the upload stops with `tooLargeMessage`; any failure removes the
 * partial file. The caller moves `file.tempPath` into place (placeFile) or
 * discards it (discardInProgress).
 */
export async function receiveSealedUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  opts: { place: string; maxBytes: number; tooLargeMessage: string; maxParts: number; maxFieldBytes: number },
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
          if (info.name !== 'file' || received || open) throw badRequest('errors.sendOneFileFieldFile')
          const tempPath = inProgressPath()
          const fd = fs.openSync(tempPath, 'wx', 0o600)
          open = { fd, tempPath }
          const seal = sealingStream(opts.place)
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
              const sealed = seal.update(chunk)
              if (sealed.length) await put(fd, sealed)
            },
            async end() {
              if (!started) await put(fd, seal.header)
              await put(fd, seal.final())
              fs.closeSync(fd)
              open = null
              received = { tempPath, place: opts.place, name: info.filename ?? '', size, head: new Uint8Array(Buffer.concat(head)) }
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
  const clean = await stripImageMetadata(await openFileBytes(file.place, new Uint8Array(fs.readFileSync(file.tempPath))), format)
  if (!clean) return null
  const tempPath = inProgressPath()
  try {
    fs.writeFileSync(tempPath, sealFileBytes(file.place, clean), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    discardInProgress(tempPath)
    throw error
  }
  discardInProgress(file.tempPath)
  return { ...file, tempPath, size: clean.length, head: clean.subarray(0, file.head.length) }
}
