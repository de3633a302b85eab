import type { Executor } from '../../db/client'
import { property_media } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError, premiumRequired, tooLarge, unsupportedType } from '../../errors'
import { limitsFor, MAX_VIDEOS } from '../billing'
import { removeFile } from '../../storage/files'
import { readMultipart } from '../../storage/multipart'
import { countMedia, findOwnedProperty, mediaOf, nextPosition, ownerView } from './my-property-view'
import { MAX_VIDEO_BYTES, videoSink, type StoredVideo } from './video-files'
import { keyed } from '../../i18n/keyed'

export const VIDEO_PREMIUM_MESSAGE = 'properties.videoPremium'
export const TOO_MANY_VIDEOS = keyed('properties.maxVideos', { max: MAX_VIDEOS })

const tooManyVideos = () => new AppError('too_many_videos', 422, TOO_MANY_VIDEOS)

/**
 * POST /api/my/properties/:id/videos (multipart). Premium only; mp4, webm or
 * QuickTime by their bytes; at most 100 MB each and 3 per property. Files
 * written before a failure are removed; nothing is half-recorded. The files
 * are streamed to disk before the transaction, which only re-checks the
 * property, the plan and the count and records the rows.
 */
export async function uploadPropertyVideos(db: Executor, opts: {
  operatorId: string
  propertyId: string
  body: ReadableStream<Uint8Array> | null
  contentType: string | undefined
  contentLength: number | null
}) {
  await findOwnedProperty(db, opts.operatorId, opts.propertyId)
  const limits = await limitsFor(db, opts.operatorId)
  if (!limits.videos) throw premiumRequired(VIDEO_PREMIUM_MESSAGE)
  const existing = await countMedia(db, opts.propertyId, 'video')
  if (existing >= limits.maxVideosPerProperty) throw tooManyVideos()
  const room = limits.maxVideosPerProperty - existing
  // A declared body far past the limit is refused before reading it.
  if (opts.contentLength !== null && opts.contentLength > room * MAX_VIDEO_BYTES + 64 * 1024) throw tooLarge('properties.videoTooLarge')

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
    if (videos.length === 0) throw unsupportedType('properties.videoType')

    const row = await transaction(db, async (tx) => {
      const property = await findOwnedProperty(tx, opts.operatorId, opts.propertyId)
      // The plan and the count again, in the transaction that writes: either may have changed during the upload.
      const current = await limitsFor(tx, opts.operatorId)
      if (!current.videos) throw premiumRequired(VIDEO_PREMIUM_MESSAGE)
      if ((await countMedia(tx, property.id, 'video')) + videos.length > current.maxVideosPerProperty) throw tooManyVideos()
      const start = await nextPosition(tx, property.id, 'video')
      await tx
        .insert(property_media)
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
      return property
    })
    return { property: ownerView(row, await mediaOf(db, [row.id])), uploaded: videos.length }
  } catch (error) {
    for (const sink of sinks) sink.abort()
    for (const key of written) await removeFile(key)
    throw error
  }
}
