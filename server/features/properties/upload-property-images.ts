import type { Executor } from '../../db/client'
import { property_media } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { AppError, premiumRequired, tooLarge, unsupportedType } from '../../errors'
import { FREE_PHOTO_MESSAGE, limitsFor, MAX_PHOTOS } from '../billing'
import { newKey, removeFile, writeFile } from '../../storage/files'
import { MAX_IMAGE_BYTES, processPhoto, sniffImage } from '../../storage/images'
import { readMultipart } from '../../storage/multipart'
import { countMedia, findOwnedProperty, mediaOf, nextPosition, ownerView } from './my-property-view'
import { keyed } from '../../i18n/keyed'

export const MAX_IMAGES_MESSAGE = `Maximum ${MAX_PHOTOS} images allowed`
export { FREE_PHOTO_MESSAGE }
export const NOT_AN_IMAGE = 'Please select an image file'
export const IMAGE_TOO_LARGE = 'errors.imageTooLarge'

/** Why a photo beyond the plan's cap is not added: the free plan's limit, or Premium's maximum. */
const limitMessage = (max: number) => (max < MAX_PHOTOS ? FREE_PHOTO_MESSAGE : MAX_IMAGES_MESSAGE)
const tooMany = (max: number) =>
  max < MAX_PHOTOS ? premiumRequired('billing.freePhoto') : new AppError('too_many_files', 422, keyed('properties.maxImages', { max: MAX_PHOTOS }))

/** What became of one file of a batch, in the order sent (the answer names each file). */
export type FileOutcome = { name: string; added: boolean; reason: string | null }

/**
 * POST /api/my/properties/:id/images (multipart, any number of file parts).
 * Files whose bytes are not an image are skipped; if none is an image the
 * upload is refused (415). The plan caps photos per property (free 1, premium
 * 10): a batch that would pass the cap keeps the photos that fit, in the order
 * sent, and leaves the rest, each named with the plan's reason; a home already
 * at its cap refuses the batch (403 on the free plan, 422 on Premium). Each
 * photo is re-encoded (metadata and GPS dropped, longest side 1600 px) with a
 * 400 px thumbnail; files are removed again if the insert fails. The reading,
 * re-encoding and file writes happen before the transaction, which re-checks
 * the property and the cap under the property's lock (ADR 024) and records the
 * rows.
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

  // Every file part in order; `bytes` only for those whose bytes are an image.
  const parts: { name: string; bytes: Uint8Array | null }[] = []
  await readMultipart(
    opts.body,
    opts.contentType,
    {
      onFile: (info) => {
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
            const name = (info.filename ?? '').slice(0, 255) || `file ${parts.length + 1}`
            parts.push({ name, bytes: bytes.length > 0 && (await sniffImage(bytes)) ? bytes : null })
          },
        }
      },
    },
    { maxParts: 40, tooManyPartsMessage: keyed('properties.maxImages', { max: MAX_PHOTOS }) },
  )
  if (parts.every((p) => p.bytes === null)) throw unsupportedType('errors.notAnImage')

  const written: string[] = []
  const photos: { key: string; thumb: string; size: number; outcome: FileOutcome }[] = []
  const outcomes: FileOutcome[] = []
  try {
    for (const part of parts) {
      const outcome: FileOutcome = { name: part.name, added: false, reason: null }
      outcomes.push(outcome)
      if (!part.bytes) {
        outcome.reason = NOT_AN_IMAGE
        continue
      }
      // The photos that fit are the first ones sent; the others are not even re-encoded.
      if (existing + photos.length >= max) {
        outcome.reason = limitMessage(max)
        continue
      }
      const processed = await processPhoto(part.bytes, { main: 1600, thumb: 400 })
      if (!processed) {
        outcome.reason = NOT_AN_IMAGE
        continue
      }
      const key = newKey('property-images', opts.propertyId, 'webp')
      const thumb = newKey('property-images', opts.propertyId, 'webp')
      written.push(key, thumb)
      await writeFile(key, processed.main)
      await writeFile(thumb, processed.thumb)
      photos.push({ key, thumb, size: processed.main.length, outcome })
    }
    if (photos.length === 0) throw unsupportedType('errors.notAnImage')

    let kept: typeof photos = []
    const row = await transaction(db, async (tx) => {
      const property = await findOwnedProperty(tx, opts.operatorId, opts.propertyId)
      // The plan and the count again, in the transaction that writes: either may have changed during the upload.
      const cap = (await limitsFor(tx, opts.operatorId)).maxPhotosPerProperty
      const room = cap - (await countMedia(tx, property.id, 'image'))
      if (room <= 0) throw tooMany(cap)
      // Another upload may have taken some of the room meanwhile: the first photos still fit, the others are left.
      for (const p of photos.slice(room)) p.outcome.reason = limitMessage(cap)
      kept = photos.slice(0, room)
      const start = await nextPosition(tx, property.id, 'image')
      await tx
        .insert(property_media)
        .values(
          kept.map((p, i) => ({
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
    for (const p of kept) p.outcome.added = true
    for (const p of photos.slice(kept.length)) for (const key of [p.key, p.thumb]) await removeFile(key)
    return {
      property: ownerView(row, await mediaOf(db, [row.id])),
      uploaded: kept.length,
      skipped: outcomes.filter((o) => o.reason === NOT_AN_IMAGE).length,
      over_limit: outcomes.filter((o) => !o.added && o.reason !== NOT_AN_IMAGE).length,
      files: outcomes,
    }
  } catch (error) {
    for (const key of written) await removeFile(key)
    throw error
  }
}
