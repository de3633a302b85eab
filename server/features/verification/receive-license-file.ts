import fs from 'node:fs'
import { dirname } from 'node:path'
import { badRequest, tooLarge } from '../../errors'
import { sealingStream } from '../../lib/crypto'
import { filePath, newKey, removeFile } from '../../storage/files'
import { readMultipart } from '../../storage/multipart'
import { LICENSE_FILE_TOO_LARGE, MAX_LICENSE_PROOF_BYTES } from './verification.schemas'

/** Bytes kept in memory to recognise the file type from its head (file-type). */
const SNIFF_BYTES = 64 * 1024

export type ReceivedFile = { key: string; name: string; size: number; head: Uint8Array }

/**
 * The one file of a license-proof upload, streamed into uploads/incoming and
 * sealed chunk by chunk as it arrives (sealingStream: never in clear on disk,
 * never whole in memory), the way referral documents arrive. Kept apart from
 * documents/upload-document.ts because that reader also takes the document's
 * text fields and its own limits; this one takes a single file and nothing else.
 * Over the size limit the upload stops; any failure removes the partial file.
 */
export async function receiveLicenseFile(body: ReadableStream<Uint8Array> | null, contentType: string | undefined): Promise<ReceivedFile | null> {
  let received: ReceivedFile | null = null
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
          const key = newKey('incoming', 'license-proofs', 'part')
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
              if (size > MAX_LICENSE_PROOF_BYTES) throw tooLarge(LICENSE_FILE_TOO_LARGE)
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
        // No text fields: the upload is the file alone.
        onField: () => {},
      },
      { maxParts: 4, maxFieldBytes: 1024 },
    )
  } catch (error) {
    const partial = open as { fd: number; key: string } | null
    if (partial) {
      fs.closeSync(partial.fd)
      removeFile(partial.key)
    }
    removeFile((received as ReceivedFile | null)?.key)
    throw error
  }
  return received
}
