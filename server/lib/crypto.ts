import { decodeBase64, encodeBase64 } from '@oslojs/encoding'
import type * as NodeCrypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { dataDir, env } from '../env'

/**
 * AES-256-GCM for care data at rest. Ciphertexts carry the id of the key that
 * made them ("hw1:<keyId>:<iv>:<ciphertext+tag>"), so `homeward keys rotate`
 * can re-encrypt everything under a new key while old rows stay readable.
 *
 * Keys: HOMEWARD_SECRET_KEY (32 bytes, base64 or hex) or, without it, a key
 * file DATA_DIR/keys.json created with 0600 permissions on first use.
 */
type KeyRing = { current: string; keys: Record<string, string> } // id → base64 key

// node:crypto pulls in Node's stream layer (~10 ms at start): loaded on the first seal or open.
let nodeCrypto: typeof NodeCrypto | undefined
export const lib = () => (nodeCrypto ??= require('node:crypto') as typeof NodeCrypto)

const PREFIX = 'hw1'
let ring: KeyRing | null = null

const keyFile = () => path.join(dataDir(), 'keys.json')
const keyId = (key: Uint8Array) => lib().createHash('sha256').update(key).digest('hex').slice(0, 12)

function parseKey(value: string): Uint8Array {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64')
  if (bytes.length !== 32) throw new Error('HOMEWARD_SECRET_KEY must be 32 bytes (base64 or hex)')
  return new Uint8Array(bytes)
}

function loadRing(): KeyRing {
  if (ring) return ring
  const file = keyFile()
  let stored: KeyRing = { current: '', keys: {} }
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as KeyRing
  if (env.HOMEWARD_SECRET_KEY) {
    const key = parseKey(env.HOMEWARD_SECRET_KEY)
    const id = keyId(key)
    stored.keys[id] = encodeBase64(key)
    stored.current = id
    ring = stored
    return ring
  }
  ring = stored.current ? stored : createRing()
  return ring
}

/** Writes the ring to a temporary file of its own (0600) and returns its path. */
function writeTemporary(value: KeyRing) {
  const file = keyFile()
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${encodeBase64(lib().randomBytes(6)).replace(/[^a-z0-9]/gi, '')}.tmp`
  fs.writeFileSync(temporary, JSON.stringify(value, null, 2), { mode: 0o600, flag: 'wx' })
  fs.chmodSync(temporary, 0o600)
  return temporary
}

/**
 * The first key of a new data folder. Instances starting together on one
 * shared folder must all end up with the same key: the file is published with
 * link(), which fails when it already exists, and a loser reads the winner's.
 */
function createRing(): KeyRing {
  const key = new Uint8Array(lib().randomBytes(32))
  const id = keyId(key)
  const created: KeyRing = { current: id, keys: { [id]: encodeBase64(key) } }
  const temporary = writeTemporary(created)
  try {
    fs.linkSync(temporary, keyFile())
    return created
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return JSON.parse(fs.readFileSync(keyFile(), 'utf8')) as KeyRing
  } finally {
    fs.rmSync(temporary, { force: true })
  }
}

/** Replaces the ring file at once (rename): another instance never reads half of it. */
function saveRing(value: KeyRing) {
  fs.renameSync(writeTemporary(value), keyFile())
}

/** The key `id` of the ring (read again once from the shared file when unknown). */
export function keyBytes(id: string) {
  let b64 = loadRing().keys[id]
  if (!b64 && !env.HOMEWARD_SECRET_KEY) {
    // Another instance on the shared folder may have rotated: read the file again once.
    ring = null
    b64 = loadRing().keys[id]
  }
  if (!b64) throw new Error(`Unknown encryption key ${id}`)
  return decodeBase64(b64)
}

export const currentKeyId = () => loadRing().current

/** Is a key at hand (HOMEWARD_SECRET_KEY or DATA_DIR/keys.json)? Without one, a new key would be made and old rows lost. */
export const hasKey = () => Boolean(env.HOMEWARD_SECRET_KEY) || fs.existsSync(keyFile())

/**
 * A sealed value that cannot be opened: its key is not in the ring, or the
 * key or data is wrong. Names the column and the key id only — never the
 * ciphertext or the plaintext — so it is safe to log.
 */
export class SealedDataError extends Error {
  constructor(
    public column: string,
    public keyId: string,
    cause: unknown,
  ) {
    super(`Sealed ${column} could not be opened with key ${keyId} (${cause instanceof Error && /key/i.test(cause.message) ? 'key missing from the ring' : 'wrong key or damaged data'})`)
    this.name = 'SealedDataError'
  }
}

export const SEALED_DATA_UNAVAILABLE =
  "This record's protected details cannot be opened: the encryption key they were sealed with is missing from this server. An administrator has been told (restore keys.json from a backup)."

export function isEncrypted(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${PREFIX}:`)
}

export function encrypt(plaintext: string): string {
  const id = currentKeyId()
  const iv = lib().randomBytes(12)
  const cipher = lib().createCipheriv('aes-256-gcm', keyBytes(id), iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${PREFIX}:${id}:${iv.toString('base64')}:${body.toString('base64')}`
}

export function decrypt(value: string): string {
  const [prefix, id, iv, body] = value.split(':')
  if (prefix !== PREFIX || !id || !iv || !body) throw new Error('Not a Homeward ciphertext')
  const data = Buffer.from(body, 'base64')
  const decipher = lib().createDecipheriv('aes-256-gcm', keyBytes(id), Buffer.from(iv, 'base64'))
  decipher.setAuthTag(data.subarray(data.length - 16))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
}

/**
 * A file sealed whole in the first format ("hw1:<keyId>:" + iv + ciphertext + tag,
 * no associated data): still read, written no more (sealed-file.ts writes "hw2:").
 */
export function decryptBytes(data: Uint8Array): Uint8Array {
  const buf = Buffer.from(data)
  const headerEnd = buf.indexOf(0x3a, PREFIX.length + 1) + 1 // after "hw1:<id>:"
  const [prefix, id] = buf.subarray(0, headerEnd - 1).toString('utf8').split(':')
  if (prefix !== PREFIX || !id) throw new Error('Not a Homeward encrypted file')
  try {
    const iv = buf.subarray(headerEnd, headerEnd + 12)
    const tag = buf.subarray(buf.length - 16)
    const decipher = lib().createDecipheriv('aes-256-gcm', keyBytes(id), iv)
    decipher.setAuthTag(tag)
    return new Uint8Array(Buffer.concat([decipher.update(buf.subarray(headerEnd + 12, buf.length - 16)), decipher.final()]))
  } catch (error) {
    throw new SealedDataError('document file', id, error)
  }
}

export const isEncryptedBytes = (data: Uint8Array) => Buffer.from(data.subarray(0, 4)).toString('utf8') === `${PREFIX}:`

/** Adds a new current key (rotation). Old keys stay in the ring to read old rows. */
export function addKey(): string {
  if (env.HOMEWARD_SECRET_KEY) throw new Error('Keys come from HOMEWARD_SECRET_KEY: change it and keep the old value in keys.json to rotate')
  const current = loadRing()
  const key = new Uint8Array(lib().randomBytes(32))
  const id = keyId(key)
  const next = { current: id, keys: { ...current.keys, [id]: encodeBase64(key) } }
  saveRing(next)
  ring = next
  return id
}
