import type { Executor } from '../../db/client'
import { property_media } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError, premiumRequired, tooLarge, unsupportedType } from '../../errors'
import { limitsFor, MAX_PHOTOS } from '../billing'
import { newKey, removeFile, writeFile } from '../../storage/files'
import { MAX_IMAGE_BYTES, processPhoto, sniffImage } from '../../storage/images'
import { readMultipart } from '../../storage/multipart'
import { countMedia, findOwnedProperty, mediaOf, nextPosition, ownerView } from './my-property-view'

export const MAX_IMAGES_MESSAGE = `Maximum ${MAX_PHOTOS} images allowed`
export const FREE_PHOTO_MESSAGE = 'The free plan includes 1 photo per property. Upgrade to Premium for up to 10 photos.'
export const NOT_AN_IMAGE = 'Please select an image file'
export const IMAGE_TOO_LARGE = 'Maximum image size is 10MB'

const tooMany = (max: number) =>
  max < MAX_PHOTOS ? premiumRequired(FREE_PHOTO_MESSAGE) : new AppError('too_many_files', 422, MAX_IMAGES_MESSAGE)

/**
 * POST /api/my/properties/:id/images (multipart, any number of file parts).
 * Files whose bytes are not an image are skipped silently; if none is an
 * image the upload is refused (415). The plan caps photos per property
 * (free 1, premium 10) and the whole batch is refused when it would pass the
 * cap. Each photo is re-encoded (metadata and GPS dropped, longest side 1600
 * px) with a 400 px thumbnail; files are removed again if the insert fails.
 * The reading, re-encoding and file writes happen before the transaction,
 * which only re-checks the property and the cap and records the rows.
 */
export async function uploadPropertyImages(db: Executor, opts: {
  operatorId: string
  propertyId: string
  body: ReadableStream<Uint8Array> | null
  contentType: string | undefined
}) {
  await findOwnedProperty(db, opts.operatorId, opts.propertyId)
  const max = (await limitsFor(db, opts.operatorId)).maxPhotosPerProperty
  const existing = await countMedia(db, opts.propertyId, 'image')
  if (existing >= max) throw tooMany(max)

  const images: Uint8Array[] = []
  let skipped = 0
  await readMultipart(
    opts.body,
    opts.contentType,
    {
      onFile: () => {
        const chunks: Uint8Array[] = []
        let size = 0
        return {
          write(chunk) {
            size += chunk.length
            if (size > MAX_IMAGE_BYTES) throw tooLarge(IMAGE_TOO_LARGE)
            chunks.push(chunk)
          },
          async end() {
            const bytes = Buffer.concat(chunks)
            if (bytes.length > 0 && (await sniffImage(bytes))) {
              images.push(bytes)
              if (existing + images.length > max) throw tooMany(max)
            } else skipped++
          },
        }
      },
    },
    { maxParts: 40, tooManyPartsMessage: MAX_IMAGES_MESSAGE },
  )
  if (images.length === 0) throw unsupportedType(NOT_AN_IMAGE)

  const written: string[] = []
  const photos: { key: string; thumb: string; size: number }[] = []
  try {
    for (const bytes of images) {
      const processed = await processPhoto(bytes, { main: 1600, thumb: 400 })
      if (!processed) {
        skipped++
        continue
      }
      const key = newKey('property-images', opts.propertyId, 'webp')
      const thumb = newKey('property-images', opts.propertyId, 'webp')
      written.push(key, thumb)
      await writeFile(key, processed.main)
      await writeFile(thumb, processed.thumb)
      photos.push({ key, thumb, size: processed.main.length })
    }
    if (photos.length === 0) throw unsupportedType(NOT_AN_IMAGE)

    const row = await transaction(db, async (tx) => {
      const property = await findOwnedProperty(tx, opts.operatorId, opts.propertyId)
      // The plan and the count again, in the transaction that writes: either may have changed during the upload.
      const cap = (await limitsFor(tx, opts.operatorId)).maxPhotosPerProperty
      if ((await countMedia(tx, property.id, 'image')) + photos.length > cap) throw tooMany(cap)
      const start = await nextPosition(tx, property.id, 'image')
      await tx
        .insert(property_media)
        .values(
          photos.map((p, i) => ({
            property_id: property.id,
            kind: 'image' as const,
            storage_key: p.key,
            thumb_key: p.thumb,
            mime_type: 'image/webp',
            size_bytes: p.size,
            position: start + i,
          })),
        )
      return property
    })
    return { property: ownerView(row, await mediaOf(db, [row.id])), uploaded: photos.length, skipped }
  } catch (error) {
    for (const key of written) await removeFile(key)
    throw error
  }
}
