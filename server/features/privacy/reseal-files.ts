import fs from 'node:fs'
import { db } from '../../db/client'
import { license_proofs, referral_documents } from '../../db/schema'
import { decryptBytes, encryptBytes, isEncryptedBytes } from '../../lib/crypto'
import { filePath } from '../../storage/files'

/** The storage keys of every file sealed on disk (ADR 013): referral documents and licence proofs. */
const sealedFileKeys = () => [
  ...db.select({ key: referral_documents.storage_key }).from(referral_documents).all(),
  ...db.select({ key: license_proofs.storage_key }).from(license_proofs).all(),
]

/** `homeward keys rotate`: re-encrypts every sealed file with the current key. Returns how many. */
export function resealFiles() {
  let n = 0
  for (const { key } of sealedFileKeys()) {
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
