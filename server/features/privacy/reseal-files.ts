import type { Executor } from '../../db/client'
import { license_proofs, referral_documents } from '../../db/schema'
import { isCurrentFile, isSealedFile, openFileBytes, placeOf, sealFileBytes } from '../../lib/sealed-file'
import { storedFile, storedSize, writeFile } from '../../storage/files'

/** The storage keys of every file sealed at rest (ADR 013): referral documents and licence proofs. */
const sealedFileKeys = async (db: Executor) => [
  ...(await db.select({ key: referral_documents.storage_key }).from(referral_documents)),
  ...(await db.select({ key: license_proofs.storage_key }).from(license_proofs)),
]

/** `homeward keys rotate`: re-encrypts every sealed file with the current key, wherever it is stored. Returns how many. */
export async function resealFiles(db: Executor) {
  let n = 0
  for (const { key } of await sealedFileKeys(db)) {
    if ((await storedSize(key)) === null) continue
    const bytes = await storedFile(key).bytes()
    const plain = isSealedFile(bytes) ? await openFileBytes(placeOf(key), bytes) : bytes
    // Written whole, then in place (a rename in the folder, one PUT in a bucket): a crash leaves the old or the new file, never half.
    await writeFile(key, sealFileBytes(placeOf(key), plain))
    n++
  }
  return n
}

/**
 * `homeward keys reseal`: rewrites every sealed file still in an older form —
 * sealed whole ("hw1", no place) or, before sealing, in clear — in the
 * chunked form bound to its key ("hw2", lib/sealed-file.ts), under the key
 * it already has; files already in that form are left as they are (only
 * their first bytes are read), so a run cut short is simply run again.
 * Beside a running server: an upload always writes a new key, never an
 * existing one, and each file is replaced whole at once (a rename, one PUT),
 * so a download reads the old file or the new one, never half. Returns how
 * many files were rewritten and how many were already current.
 */
export async function resealOldFiles(db: Executor) {
  let files = 0
  let current = 0
  for (const { key } of await sealedFileKeys(db)) {
    if ((await storedSize(key)) === null) continue
    const head = new Uint8Array(await storedFile(key).slice(0, 4).arrayBuffer())
    if (isCurrentFile(head)) {
      current++
      continue
    }
    const bytes = await storedFile(key).bytes()
    const plain = isSealedFile(bytes) ? await openFileBytes(placeOf(key), bytes) : bytes
    await writeFile(key, sealFileBytes(placeOf(key), plain))
    files++
  }
  return { files, current }
}
