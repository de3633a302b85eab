import fs from 'node:fs'
import { db } from '../../db/client'
import { referral_documents } from '../../db/schema'
import { decryptBytes, encryptBytes, isEncryptedBytes } from '../../lib/crypto'
import { filePath } from '../../storage/files'

/** Re-encrypts every stored referral document with the current key. Returns how many. */
export function resealDocuments() {
  let n = 0
  for (const doc of db.select({ key: referral_documents.storage_key }).from(referral_documents).all()) {
    const file = filePath(doc.key)
    if (!fs.existsSync(file)) continue
    const bytes = new Uint8Array(fs.readFileSync(file))
    const plain = isEncryptedBytes(bytes) ? decryptBytes(bytes) : bytes
    fs.writeFileSync(`${file}.tmp`, encryptBytes(plain))
    fs.renameSync(`${file}.tmp`, file) // atomic: a crash leaves the old or the new file, never half
    n++
  }
  return n
}
