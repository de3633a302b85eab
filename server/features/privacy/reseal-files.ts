import type { Executor } from '../../db/client'
import { license_proofs, referral_documents } from '../../db/schema'
import { decryptBytes, encryptBytes, isEncryptedBytes } from '../../lib/crypto'
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
    const plain = isEncryptedBytes(bytes) ? decryptBytes(bytes) : bytes
    // Written whole, then in place (a rename in the folder, one PUT in a bucket): a crash leaves the old or the new file, never half.
    await writeFile(key, encryptBytes(plain))
    n++
  }
  return n
}
