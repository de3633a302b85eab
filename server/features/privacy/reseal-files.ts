import fs from 'node:fs'
import type { Executor } from '../../db/client'
import { license_proofs, referral_documents } from '../../db/schema'
import { decryptBytes, encryptBytes, isEncryptedBytes } from '../../lib/crypto'
import { filePath } from '../../storage/files'

/** The storage keys of every file sealed on disk (ADR 013): referral documents and licence proofs. */
const sealedFileKeys = async (db: Executor) => [
  ...(await db.select({ key: referral_documents.storage_key }).from(referral_documents)),
  ...(await db.select({ key: license_proofs.storage_key }).from(license_proofs)),
]

/** `homeward keys rotate`: re-encrypts every sealed file with the current key. Returns how many. */
export async function resealFiles(db: Executor) {
  let n = 0
  for (const { key } of await sealedFileKeys(db)) {
    const file = filePath(key)
    if (!fs.existsSync(file)) continue
    const bytes = new Uint8Array(fs.readFileSync(file))
    const plain = isEncryptedBytes(bytes) ? decryptBytes(bytes) : bytes
    fs.writeFileSync(`${file}.tmp`, encryptBytes(plain))
    fs.renameSync(`${file}.tmp`, file) // atomic: a crash leaves the old or the new file, never half
    n++
  }
  return n
}
