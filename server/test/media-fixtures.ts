import sharp from 'sharp'

/**
 * Small real media files for upload tests: a JPEG carrying EXIF GPS, files
 * whose name lies about their bytes, and the first bytes of real video containers.
 */
export async function jpegWithGps(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#88aa33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' },
    })
    .toBuffer()
}

export async function png(width = 32, height = 32) {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer()
}

export const HTML_BYTES = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>')
export const SVG_BYTES = new TextEncoder().encode(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
)
export const TEXT_BYTES = new TextEncoder().encode('just some text pretending to be a video '.repeat(200))

/** An ISO BMFF header (ftyp isom) followed by padding: file-type reads it as video/mp4. */
export function mp4Bytes(size = 8192) {
  const bytes = new Uint8Array(size)
  const header = [0, 0, 0, 0x20, ...'ftypisom'.split('').map((c) => c.charCodeAt(0)), 0, 0, 2, 0, ...'isomiso2avc1mp41'.split('').map((c) => c.charCodeAt(0))]
  bytes.set(header)
  return bytes
}

/** An EBML header with DocType "webm". */
export function webmBytes(size = 8192) {
  const bytes = new Uint8Array(size)
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02])
  return bytes
}

export function formWith(files: Array<{ name?: string; bytes: Uint8Array; filename: string; type?: string }>) {
  const form = new FormData()
  for (const f of files) form.append(f.name ?? 'files', new File([f.bytes as BlobPart], f.filename, { type: f.type ?? 'application/octet-stream' }))
  return form
}

/**
 * A multipart body of `size` bytes of one file part, generated as it is read
 * (never held in memory): for the 100 MB limit test.
 */
export function streamedUpload(size: number, head: Uint8Array, filename = 'big.mp4') {
  const boundary = `----hwtest${crypto.randomUUID().replace(/-/g, '')}`
  const enc = new TextEncoder()
  const start = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`)
  const end = enc.encode(`\r\n--${boundary}--\r\n`)
  const chunk = new Uint8Array(1024 * 1024)
  let sent = 0
  let stage = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 0) {
        controller.enqueue(start)
        controller.enqueue(head)
        sent = head.length
        stage = 1
      } else if (stage === 1) {
        const n = Math.min(chunk.length, size - sent)
        if (n <= 0) stage = 2
        else {
          controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n))
          sent += n
        }
      } else {
        controller.enqueue(end)
        controller.close()
      }
    },
  })
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}
