import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { profiles } from '../../db/schema'
import { forUpdate } from '../../db/dialect'
import { transaction } from '../../db/unit-of-work'
import { notFound, tooLarge, unsupportedType } from '../../errors'
import { newKey, removeFile, writeFile } from '../../storage/files'
import { MAX_IMAGE_BYTES, reencodeImage, sniffImage } from '../../storage/images'
import { mediaUrl } from '../../storage/media.routes'
import { readMultipart } from '../../storage/multipart'

export const PHOTO_NOT_IMAGE = 'errors.notAnImage'
export const PHOTO_TOO_LARGE = 'errors.imageTooLarge'

/**
 * POST /api/my/profile/photo (multipart, one file): an image by its bytes,
 * re-encoded to a 512 px WebP without metadata. The previous photo's file is
 * removed once the new one is recorded.
 */
export async function uploadProfilePhoto(db: Executor, opts: { userId: string; body: ReadableStream<Uint8Array> | null; contentType: string | undefined }) {
  const chunks: Uint8Array[] = []
  let size = 0
  let files = 0
  await readMultipart(
    opts.body,
    opts.contentType,
    {
      onFile: () => {
        files++
        return {
          write(chunk) {
            if (files > 1) return
            size += chunk.length
            if (size > MAX_IMAGE_BYTES) throw tooLarge(PHOTO_TOO_LARGE)
            chunks.push(chunk)
          },
          end() {},
        }
      },
    },
    { maxParts: 4 },
  )
  const bytes = Buffer.concat(chunks)
  if (bytes.length === 0 || !(await sniffImage(bytes))) throw unsupportedType(PHOTO_NOT_IMAGE)
  let encoded: Buffer
  try {
    encoded = await reencodeImage(bytes, 512)
  } catch {
    throw unsupportedType(PHOTO_NOT_IMAGE)
  }
  const key = newKey('operator-profiles', opts.userId, 'webp')
  await writeFile(key, encoded)
  let previous: string | null
  try {
    previous = await transaction(db, async (tx) => {
      const [row] = await forUpdate(tx.select({ photo: profiles.profile_photo }).from(profiles).where(eq(profiles.id, opts.userId)).limit(1))
      if (!row) throw notFound('errors.profileNotFound')
      await tx.update(profiles).set({ profile_photo: key }).where(eq(profiles.id, opts.userId))
      return row.photo
    })
  } catch (error) {
    await removeFile(key)
    throw error
  }
  if (previous) await removeFile(previous)
  return { profile_photo: mediaUrl(key) }
}
