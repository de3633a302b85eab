import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles } from '../../db/schema'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { AppError, notFound, premiumRequired, tooLarge, unsupportedType } from '../../errors'
import { removeFile } from '../../storage/files'
import { mediaUrl } from '../../storage/media.routes'
import { readMultipart } from '../../storage/multipart'
import { limitsFor } from '../billing'
import { MAX_VIDEO_BYTES, videoSink, type StoredVideo } from '../properties'

export const INTRO_VIDEO_PREMIUM_MESSAGE = 'operators.introVideoPremium'
export const ONE_INTRO_VIDEO = 'operators.oneIntroVideo'

/**
 * POST /api/my/profile/video (multipart, one file): the operator's video
 * introduction. Premium only, with the rules of property videos
 * (video-files.ts: mp4, webm or QuickTime by their bytes, at most 100 MB,
 * streamed to disk). It replaces the previous one, whose file is removed
 * once the new one is recorded; on any failure the new file is removed.
 * The plan is checked before the upload is read (a free operator's body is
 * never streamed) and again in the transaction that records the video.
 */
export async function uploadIntroVideo(db: Executor, opts: {
  userId: string
  body: ReadableStream<Uint8Array> | null
  contentType: string | undefined
  contentLength: number | null
}) {
  if (!(await limitsFor(db, opts.userId)).videos) throw premiumRequired(INTRO_VIDEO_PREMIUM_MESSAGE)
  // A declared body far past the limit is refused before reading it.
  if (opts.contentLength !== null && opts.contentLength > MAX_VIDEO_BYTES + 64 * 1024) throw tooLarge('properties.videoTooLarge')

  const written: string[] = []
  const sinks: { abort(): void }[] = []
  let video: StoredVideo | null = null
  try {
    await readMultipart(
      opts.body,
      opts.contentType,
      {
        onFile: () => {
          if (sinks.length >= 1) throw new AppError('too_many_videos', 422, ONE_INTRO_VIDEO)
          const sink = videoSink('operator-profiles', opts.userId, written, (v) => (video = v))
          sinks.push(sink)
          return sink
        },
      },
      { maxParts: 4, tooManyPartsMessage: ONE_INTRO_VIDEO },
    )
    const stored = video as StoredVideo | null
    if (!stored) throw unsupportedType('properties.videoType')
    const previous = await transaction(db, async (tx) => {
      if (!(await limitsFor(tx, opts.userId)).videos) throw premiumRequired(INTRO_VIDEO_PREMIUM_MESSAGE)
      const [row] = await forUpdate(tx.select({ key: profiles.intro_video_key }).from(profiles).where(eq(profiles.id, opts.userId)).limit(1))
      if (!row) throw notFound('errors.profileNotFound')
      await tx.update(profiles).set({ intro_video_key: stored.key }).where(eq(profiles.id, opts.userId))
      return row.key
    })
    await removeFile(previous)
    return { video_intro: mediaUrl(stored.key) }
  } catch (error) {
    for (const sink of sinks) sink.abort()
    for (const key of written) await removeFile(key)
    throw error
  }
}

/**
 * DELETE /api/my/profile/video: removes the video introduction and its file.
 * Allowed on any plan, so an operator whose Premium lapsed can still remove
 * the video the public no longer sees. Nothing to remove writes nothing.
 */
export async function deleteIntroVideo(db: Executor, userId: string) {
  const key = await transaction(db, async (tx) => {
    const [row] = await forUpdate(tx.select({ key: profiles.intro_video_key }).from(profiles).where(eq(profiles.id, userId)).limit(1))
    if (!row) throw notFound('errors.profileNotFound')
    if (row.key) await tx.update(profiles).set({ intro_video_key: null }).where(eq(profiles.id, userId))
    return row.key
  })
  await removeFile(key)
  return { video_intro: null }
}
