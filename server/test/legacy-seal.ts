import { currentKeyId, keyBytes, lib } from '../lib/crypto'

/**
 * A file sealed in the first format ("hw1:<keyId>:" + iv + ciphertext + tag,
 * one GCM over the whole file, no associated data), as files were stored
 * before lib/sealed-file.ts: for the tests that such files are still read
 * and that `keys reseal` and `keys rotate` rewrite them.
 */
export function legacySealedFile(data: Uint8Array): Uint8Array {
  const id = currentKeyId()
  const iv = lib().randomBytes(12)
  const cipher = lib().createCipheriv('aes-256-gcm', keyBytes(id), iv)
  return new Uint8Array(Buffer.concat([Buffer.from(`hw1:${id}:`, 'utf8'), iv, cipher.update(data), cipher.final(), cipher.getAuthTag()]))
}
