import fs from 'node:fs'
import path from 'node:path'
import { db } from '../../db/client'
import { property_media } from '../../db/schema'
import { AppError, premiumRequired, tooLarge, unsupportedType } from '../../errors'
import { limitsFor } from '../billing/entitlements'
import { MAX_VIDEOS } from '../billing/plans'
import { filePath, newKey, removeFile } from '../../storage/files'
import { readMultipart } from '../../storage/multipart'
import { countMedia, findOwnedProperty, mediaOf, nextPosition, ownerView } from './my-property-view'

export const MAX_VIDEO_BYTES = 100 * 1024 * 1024
export const VIDEO_PREMIUM_MESSAGE = 'Upgrade to Premium to upload property videos'
export const VIDEO_TOO_LARGE = 'Maximum file size is 100MB'
export const VIDEO_TYPE_MESSAGE = 'Please upload video files only (mp4, webm, mov)'
export const TOO_MANY_VIDEOS = `Maximum ${MAX_VIDEOS} videos per property`
const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' }
/** Bytes file-type needs to recognise the container. */
const SNIFF_BYTES = 4100

const tooManyVideos = () => new AppError('too_many_videos', 422, TOO_MANY_VIDEOS)

type Stored = { key: string; mime: string; size: number }

/**
 * One file part streamed to disk: the first bytes decide the type (mp4, webm
 * or QuickTime, never the name), then chunks go straight to the file, so a
 * 100 MB upload never sits in memory. Over 100 MB aborts the upload.
 */
function videoSink(propertyId: string, written: string[], done: (v: Stored) => void) {
  let head: Buffer[] = []
  let headSize = 0
  let size = 0
  let fd: number | null = null
  let stored: Stored | null = null

  const open = async (bytes: Buffer) => {
    const { fileTypeFromBuffer } = await import('file-type')
    const type = await fileTypeFromBuffer(bytes)
    const ext = type ? VIDEO_TYPES[type.mime] : undefined
    if (!type || !ext) throw unsupportedType(VIDEO_TYPE_MESSAGE)
    const key = newKey('property-videos', propertyId, ext)
    written.push(key)
    const file = filePath(key)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fd = fs.openSync(file, 'w')
    stored = { key, mime: type.mime, size: 0 }
  }
  const put = (bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) =>
      fs.write(fd!, bytes, 0, bytes.length, null, (error) => (error ? reject(error) : resolve())),
    )

  return {
    async write(chunk: Uint8Array) {
      size += chunk.length
      if (size > MAX_VIDEO_BYTES) throw tooLarge(VIDEO_TOO_LARGE)
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
          if (headSize === 0) throw unsupportedType(VIDEO_TYPE_MESSAGE)
          const bytes = Buffer.concat(head)
          await open(bytes)
          await put(bytes)
        }
      } finally {
        if (fd !== null) fs.closeSync(fd)
        fd = null
      }
      done({ ...stored!, size })
    },
    /** Closes a file left open by an aborted upload. */
    abort() {
      if (fd !== null) fs.closeSync(fd)
      fd = null
    },
  }
}

/**
 * POST /api/my/properties/:id/videos (multipart). Premium only; mp4, webm or
 * QuickTime by their bytes; at most 100 MB each and 3 per property. Files
 * written before a failure are removed; nothing is half-recorded.
 */
export async function uploadPropertyVideos(opts: {
  operatorId: string
  propertyId: string
  body: ReadableStream<Uint8Array> | null
  contentType: string | undefined
  contentLength: number | null
}) {
  findOwnedProperty(db, opts.operatorId, opts.propertyId)
  const limits = limitsFor(opts.operatorId)
  if (!limits.videos) throw premiumRequired(VIDEO_PREMIUM_MESSAGE)
  const existing = countMedia(db, opts.propertyId, 'video')
  if (existing >= limits.maxVideosPerProperty) throw tooManyVideos()
  const room = limits.maxVideosPerProperty - existing
  // A declared body far past the limit is refused before reading it.
  if (opts.contentLength !== null && opts.contentLength > room * MAX_VIDEO_BYTES + 64 * 1024) throw tooLarge(VIDEO_TOO_LARGE)

  const written: string[] = []
  const videos: Stored[] = []
  const sinks: { abort(): void }[] = []
  try {
    await readMultipart(
      opts.body,
      opts.contentType,
      {
        onFile: () => {
          if (sinks.length >= room) throw tooManyVideos()
          const sink = videoSink(opts.propertyId, written, (v) => videos.push(v))
          sinks.push(sink)
          return sink
        },
      },
      { maxParts: 10, tooManyPartsMessage: TOO_MANY_VIDEOS },
    )
    if (videos.length === 0) throw unsupportedType(VIDEO_TYPE_MESSAGE)

    const row = db.transaction((tx) => {
      const property = findOwnedProperty(tx, opts.operatorId, opts.propertyId)
      if (countMedia(tx, property.id, 'video') + videos.length > limits.maxVideosPerProperty) throw tooManyVideos()
      const start = nextPosition(tx, property.id, 'video')
      tx.insert(property_media)
        .values(
          videos.map((v, i) => ({
            property_id: property.id,
            kind: 'video' as const,
            storage_key: v.key,
            mime_type: v.mime,
            size_bytes: v.size,
            position: start + i,
          })),
        )
        .run()
      return property
    })
    return { property: ownerView(row, mediaOf(db, [row.id])), uploaded: videos.length }
  } catch (error) {
    for (const sink of sinks) sink.abort()
    for (const key of written) removeFile(key)
    throw error
  }
}
