import fs from 'node:fs'
import path from 'node:path'
import { dataDir } from '../env'
import { badRequest } from '../errors'
import { fileStore } from './store'

/**
 * Stored files under <area>/<owner>/<random>.<ext>, in the store chosen at
 * composition (storage/store.ts: DATA_DIR/uploads or a bucket, ADR 025).
 * The database keeps only keys generated here; no path ever comes from a user.
 *
 * Every file is written whole before it gets its place: first into
 * DATA_DIR/uploads-in-progress (0600, sealed as it arrives when it is a
 * private upload), then placed — renamed into uploads/ (same file system),
 * or written once to the bucket — so a key only ever holds a complete file. Backups leave the
 * in-progress folder out (server/cli/backup.ts), so a backup taken during an
 * upload never carries a partial file; the server empties it at start.
 */
/**
 * `incoming`: where older versions kept uploads still arriving (emptied at start; storage/data-folder.ts).
 * `license-proofs`: operators' license proof, sealed like referral documents (features/verification).
 */
export const AREAS = ['operator-profiles', 'property-images', 'property-videos', 'referral-documents', 'incoming', 'license-proofs'] as const
/** The folder of DATA_DIR that holds files still being written; never archived by a backup. */
export const UPLOADS_IN_PROGRESS_DIR = 'uploads-in-progress'
export type Area = (typeof AREAS)[number]

const root = () => path.join(dataDir(), 'uploads')
const SAFE = /^[a-z0-9-]+\/[A-Za-z0-9-]+\/[A-Za-z0-9-]+\.[a-z0-9]+$/

export function newKey(area: Area, ownerId: string, ext: string) {
  return keyAt(newPlace(area, ownerId), ext)
}

/**
 * A new key without its extension: what a sealed private file is bound to
 * (lib/sealed-file.ts `placeOf`), chosen before its bytes arrive; the
 * extension, chosen from the bytes, completes it (`keyAt`).
 */
export const newPlace = (area: Area, ownerId: string) => `${area}/${ownerId.replace(/[^A-Za-z0-9-]/g, '')}/${crypto.randomUUID()}`

/** The key of a file at `place` (newPlace) with extension `ext`. */
export const keyAt = (place: string, ext: string) => `${place}.${ext.toLowerCase().replace(/[^a-z0-9]/g, '') || 'bin'}`

/** The key, when it is one we generated (an area, an owner, a random name); refuses anything else. */
export function checkKey(key: string) {
  if (!SAFE.test(key) || !AREAS.includes(key.split('/')[0] as Area)) throw badRequest('errors.invalidFileKey')
  return key
}

/** Where a key's file is in the data folder (folder storage; tests look there). */
export function filePath(key: string) {
  return path.join(root(), checkKey(key))
}

/** A new, unique path in the in-progress folder (created 0700 when missing) for a file about to be written. */
export function inProgressPath(ext = 'part') {
  const dir = path.join(dataDir(), UPLOADS_IN_PROGRESS_DIR)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  return path.join(dir, `${crypto.randomUUID()}.${ext.replace(/[^a-z0-9]/g, '') || 'part'}`)
}

/** Moves a finished file from the in-progress folder to `key`'s place in the store: whole or not at all (storage/store.ts). */
export async function placeFile(tempPath: string, key: string) {
  checkKey(key)
  await fileStore().place(tempPath, key)
}

/** Removes a file still in the in-progress folder (an upload that failed); a missing one is already gone. */
export function discardInProgress(tempPath: string | null | undefined) {
  if (tempPath) fs.rmSync(tempPath, { force: true })
}

/** Writes `data` whole under `key` (0600 in the folder): `key` never holds part of it. */
export async function writeFile(key: string, data: Uint8Array) {
  checkKey(key)
  await fileStore().write(key, data)
}

export async function removeFile(key: string | null | undefined) {
  if (!key) return
  try {
    await fileStore().remove(checkKey(key))
  } catch {
    // A missing file is already gone; a bad key was never stored.
  }
}

/** Removes everything an owner stored in an area (account or property deletion). */
export async function removeOwnerFolder(area: Area, ownerId: string) {
  await fileStore().removeOwner(`${area}/${ownerId.replace(/[^A-Za-z0-9-]/g, '')}/`)
}

/** The size of a stored file, or null when there is none (or the key is not one of ours). */
export async function storedSize(key: string) {
  try {
    checkKey(key)
  } catch {
    return null
  }
  return fileStore().size(key)
}

/** A stored file to read or stream (check storedSize first). */
export function storedFile(key: string) {
  return fileStore().blob(checkKey(key))
}
