import { log } from '../lib/logger'

/**
 * Image handling for uploads (sharp and file-type load on the first upload,
 * not at start): the type comes from the bytes (never the name
 * or the browser's claim), and every accepted image is re-encoded by sharp,
 * which drops all metadata (EXIF, GPS, XMP) and bounds the size.
 */
export const IMAGE_MIME_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff'])
/** Largest image accepted before re-encoding. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** Decoding guard against decompression bombs (pixels). */
const MAX_INPUT_PIXELS = 80_000_000

/** The image's real type, or null when the bytes are not an image we accept. */
export async function sniffImage(bytes: Uint8Array) {
  const { fileTypeFromBuffer } = await import('file-type')
  const type = await fileTypeFromBuffer(bytes)
  return type && IMAGE_MIME_TYPES.has(type.mime) ? type : null
}

/**
 * Re-encodes to WebP with the longest side at most `maxSide` (never enlarged),
 * applying the EXIF orientation first. Throws when sharp cannot decode it.
 */
export async function reencodeImage(bytes: Uint8Array, maxSide: number, quality = 82) {
  const { default: sharp } = await import('sharp')
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer()
}

/** Formats kept as they are when only their metadata is removed (documents and licence proofs). */
export type MetadataFreeFormat = 'jpeg' | 'png'

/**
 * The image without its metadata (EXIF with the GPS position and the camera,
 * XMP, IPTC, comments), at full size and in its own format so a photographed
 * document stays legible: re-encoded by sharp, which writes none of it, after
 * turning the pixels by the EXIF orientation the copy no longer carries. Null
 * when the bytes cannot be decoded as an image.
 */
export async function stripImageMetadata(bytes: Uint8Array, format: MetadataFreeFormat) {
  const { default: sharp } = await import('sharp')
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate()
    const out = format === 'jpeg' ? image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }) : image.png()
    return new Uint8Array(await out.toBuffer())
  } catch (error) {
    log.warn('image could not be decoded', { error: error instanceof Error ? error.message : String(error) })
    return null
  }
}

/** A re-encoded image and its thumbnail, or null when the bytes cannot be decoded. */
export async function processPhoto(bytes: Uint8Array, sizes: { main: number; thumb: number }) {
  try {
    const main = await reencodeImage(bytes, sizes.main)
    const thumb = await reencodeImage(main, sizes.thumb, 75)
    return { main, thumb }
  } catch (error) {
    log.warn('image could not be decoded', { error: error instanceof Error ? error.message : String(error) })
    return null
  }
}
