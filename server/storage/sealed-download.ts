import { openStoredFile, placeOf } from '../lib/sealed-file'
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
 * our origin. Opened as a stream, chunk by chunk, each chunk proven before
 * it is sent (lib/sealed-file.ts), so memory stays flat however large the
 * file and however many downloads run at once; the first chunk is proven
 * before the answer starts, so a file moved under another key, or sealed
 * with a key that is missing, is an error answer. A later chunk that fails
 * (a damaged or cut file) aborts the body: the browser sees a failed
 * download, never a whole-looking one.
 */
export async function sealedFileDownload(file: PrivateFile): Promise<Response> {
  const body = await openStoredFile(placeOf(file.key), storedFile(file.key).stream())
  return new Response(body, {
    headers: {
      'Content-Type': file.file_type,
      'Content-Disposition': contentDisposition(file.file_name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
