import fs from 'node:fs'
import { dirname } from 'node:path'
import { badRequest, tooLarge } from '../errors'
import { sealingStream } from '../lib/crypto'
import { filePath, newKey, removeFile } from './files'
import { readMultipart } from './multipart'

/** Bytes kept in memory to recognise the file type (file-type reads the head; a .docx needs its first zip entries). */
const SNIFF_BYTES = 64 * 1024

export type SealedUpload = { key: string; name: string; size: number; head: Uint8Array }

/**
 * A private upload (referral documents, licence proofs; ADR 013): the one
 * file of a multipart body, in the field "file", streamed into
 * uploads/incoming and sealed chunk by chunk as it arrives — never in clear
 * on disk, never whole in memory. Its first bytes are kept to recognise the
 * type. Over `maxBytes` the upload stops with `tooLargeMessage`; any failure
 * removes the partial file. The caller moves `file.key` into place or removes it.
 */
export async function receiveSealedUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string | undefined,
  opts: { owner: string; maxBytes: number; tooLargeMessage: string; maxParts: number; maxFieldBytes: number },
): Promise<{ fields: Record<string, string>; file: SealedUpload | null }> {
  const fields: Record<string, string> = {}
  let received: SealedUpload | null = null
  let open: { fd: number; key: string } | null = null
  const put = (fd: number, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => fs.write(fd, bytes, 0, bytes.length, null, (e) => (e ? reject(e) : resolve())))
  try {
    await readMultipart(
      body,
      contentType,
      {
        onFile: (info) => {
          if (info.name !== 'file' || received || open) throw badRequest('Send one file, in the field "file"')
          const key = newKey('incoming', opts.owner, 'part')
          fs.mkdirSync(dirname(filePath(key)), { recursive: true })
          const fd = fs.openSync(filePath(key), 'w', 0o600)
          open = { fd, key }
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
              received = { key, name: info.filename ?? '', size, head: new Uint8Array(Buffer.concat(head)) }
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
    const partial = open as { fd: number; key: string } | null
    if (partial) {
      fs.closeSync(partial.fd)
      removeFile(partial.key)
    }
    removeFile((received as SealedUpload | null)?.key)
    throw error
  }
  return { fields, file: received }
}
