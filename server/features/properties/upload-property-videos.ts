import { db } from '../../db/client'
import { property_media } from '../../db/schema'
import { AppError, premiumRequired, tooLarge, unsupportedType } from '../../errors'
import { limitsFor, MAX_VIDEOS } from '../billing'
import { removeFile } from '../../storage/files'
import { readMultipart } from '../../storage/multipart'
import { countMedia, findOwnedProperty, mediaOf, nextPosition, ownerView } from './my-property-view'
import { MAX_VIDEO_BYTES, VIDEO_TOO_LARGE, VIDEO_TYPE_MESSAGE, videoSink, type StoredVideo } from './video-files'

export const VIDEO_PREMIUM_MESSAGE = 'Upgrade to Premium to upload property videos'
export const TOO_MANY_VIDEOS = `Maximum ${MAX_VIDEOS} videos per property`

const tooManyVideos = () => new AppError('too_many_videos', 422, TOO_MANY_VIDEOS)

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
  const videos: StoredVideo[] = []
  const sinks: { abort(): void }[] = []
  try {
    await readMultipart(
      opts.body,
      opts.contentType,
      {
        onFile: () => {
          if (sinks.length >= room) throw tooManyVideos()
          const sink = videoSink('property-videos', opts.propertyId, written, (v) => videos.push(v))
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
