import { decryptBytes, isEncryptedBytes } from '../lib/crypto'
import { storedFile } from './files'

/** A private file its service has cleared the caller to download: its storage key, and the name and type it was uploaded with. */
export type PrivateFile = { key: string; file_name: string; file_type: string }

/** RFC 6266 filename parameters: an ASCII fallback and the exact UTF-8 name. */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * The answer of a private file download (referral documents, license proofs):
 * the file read from the store (the data folder or the bucket, where it is
 * only ever ciphertext) and opened here, and only here (sealed at rest, ADR
 * 013; a file stored before sealing is served as it is), as an attachment
 * under its uploaded name that the browser may neither sniff, keep nor run in
 * our origin. AES-GCM proves the file whole only at its end, so it is opened
 * whole (documents are at most a few MB) before a byte is sent.
 */
export async function sealedFileDownload(file: PrivateFile): Promise<Response> {
  const stored = await storedFile(file.key).bytes()
  const body = isEncryptedBytes(stored) ? decryptBytes(stored) : stored
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': file.file_type,
      'Content-Disposition': contentDisposition(file.file_name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
