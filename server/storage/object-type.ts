/**
 * The Content-Type a stored object is written with. A sealed object (a
 * referral document, a licence proof: encrypted before it leaves the process,
 * ADR 013) is opaque bytes whatever its key's extension says: a bucket, a
 * proxy or a browser handed it directly must not take it for a PDF or an
 * image. Public media keep the type of their extension (what /media serves).
 */
const SEALED_AREAS = new Set(['referral-documents', 'license-proofs'])

export const SEALED_OBJECT_TYPE = 'application/octet-stream'

export function objectType(key: string) {
  return SEALED_AREAS.has(key.split('/')[0]!) ? SEALED_OBJECT_TYPE : Bun.file(key).type
}
