import fs from 'node:fs'
import { tooLarge, unsupportedType } from '../../errors'
import { discardInProgress, inProgressPath, newKey, placeFile, type Area } from '../../storage/files'
import { MAX_VIDEO_BYTES, VIDEO_TOO_LARGE, VIDEO_TYPE_MESSAGE, VIDEO_TYPES } from './video-rules'

/**
 * Video uploads, one code path for every video (property videos and the
 * operator's video introduction) with the rules of video-rules.ts:
 * mp4, webm or QuickTime recognised from the bytes (never the name), at most
 * 100 MB, streamed to disk so a large upload never sits in memory — into the
 * in-progress folder, placed in the store only once complete (storage/files.ts).
 */
export { MAX_VIDEO_BYTES, VIDEO_TOO_LARGE, VIDEO_TYPE_MESSAGE }

/** Bytes file-type needs to recognise the container. */
const SNIFF_BYTES = 4100

export type StoredVideo = { key: string; mime: string; size: number }

/**
 * One file part streamed to disk under `area`/`ownerId`: the first bytes
 * decide the type, then chunks go straight to the file. Over 100 MB aborts
 * the upload. Every key written is pushed to `written`, so the caller can
 * remove the files when anything fails.
 */
export function videoSink(area: Area, ownerId: string, written: string[], done: (v: StoredVideo) => void) {
  let head: Buffer[] = []
  let headSize = 0
  let size = 0
  let fd: number | null = null
  let temp: string | null = null
  let stored: StoredVideo | null = null

  const open = async (bytes: Buffer) => {
    const { fileTypeFromBuffer } = await import('file-type')
    const type = await fileTypeFromBuffer(bytes)
    const ext = type ? VIDEO_TYPES[type.mime] : undefined
    if (!type || !ext) throw unsupportedType('properties.videoType')
    const key = newKey(area, ownerId, ext)
    written.push(key)
    temp = inProgressPath(ext)
    fd = fs.openSync(temp, 'wx', 0o600)
    stored = { key, mime: type.mime, size: 0 }
  }
  const put = (bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) =>
      fs.write(fd!, bytes, 0, bytes.length, null, (error) => (error ? reject(error) : resolve())),
    )

  return {
    async write(chunk: Uint8Array) {
      size += chunk.length
      if (size > MAX_VIDEO_BYTES) throw tooLarge('properties.videoTooLarge')
      if (fd === null) {
        head.push(Buffer.from(chunk))
        headSize += chunk.length
        if (headSize < SNIFF_BYTES) return
        const bytes = Buffer.concat(head)
        head = []
        await open(bytes)
        await put(bytes)
      } else await put(chunk)
    },
    async end() {
      try {
        if (fd === null) {
          if (headSize === 0) throw unsupportedType('properties.videoType')
          const bytes = Buffer.concat(head)
          await open(bytes)
          await put(bytes)
        }
      } finally {
        if (fd !== null) fs.closeSync(fd)
        fd = null
      }
      await placeFile(temp!, stored!.key)
      temp = null
      done({ ...stored!, size })
    },
    /** Closes and removes the partial file of an aborted upload. */
    abort() {
      if (fd !== null) fs.closeSync(fd)
      fd = null
      discardInProgress(temp)
      temp = null
    },
  }
}
