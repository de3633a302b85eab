import fs from 'node:fs'
import { db } from '../../db/client'
import { license_proofs } from '../../db/schema'
import { decryptBytes, encryptBytes, isEncryptedBytes } from '../../lib/crypto'
import { filePath } from '../../storage/files'

/** `homeward keys rotate`: re-encrypts every stored license proof with the current key. Returns how many. */
export function resealLicenseProofs() {
  let n = 0
  for (const proof of db.select({ key: license_proofs.storage_key }).from(license_proofs).all()) {
    const file = filePath(proof.key)
    if (!fs.existsSync(file)) continue
    const bytes = new Uint8Array(fs.readFileSync(file))
    const plain = isEncryptedBytes(bytes) ? decryptBytes(bytes) : bytes
    fs.writeFileSync(`${file}.tmp`, encryptBytes(plain))
    fs.renameSync(`${file}.tmp`, file) // atomic: a crash leaves the old or the new file, never half
    n++
  }
  return n
}
