import fs from 'node:fs'
import path from 'node:path'
import { dataDir } from '../env'
import { badRequest } from '../errors'

/**
 * Private file storage under DATA_DIR/uploads/<area>/<owner>/<random>.<ext>.
 * The database keeps only keys generated here; no path ever comes from a user.
 *
 * Every file is written whole before it gets its place: first into
 * DATA_DIR/uploads-in-progress (0600, sealed as it arrives when it is a
 * private upload), then renamed into uploads/ — a rename on the same file
 * system, so uploads/ only ever holds complete files. Backups leave the
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
  const cleanExt = ext.toLowerCase().replace(/[^a-z0-9]/g, '') || 'bin'
  return `${area}/${ownerId.replace(/[^A-Za-z0-9-]/g, '')}/${crypto.randomUUID()}.${cleanExt}`
}

/** Absolute path of a stored key; refuses anything that is not a key we generated. */
export function filePath(key: string) {
  if (!SAFE.test(key) || !AREAS.includes(key.split('/')[0] as Area)) throw badRequest('Invalid file key')
  return path.join(root(), key)
}

/** A new, unique path in the in-progress folder (created 0700 when missing) for a file about to be written. */
export function inProgressPath(ext = 'part') {
  const dir = path.join(dataDir(), UPLOADS_IN_PROGRESS_DIR)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  return path.join(dir, `${crypto.randomUUID()}.${ext.replace(/[^a-z0-9]/g, '') || 'part'}`)
}

/** Moves a finished file from the in-progress folder to `key`'s place (atomic: same file system). */
export function placeFile(tempPath: string, key: string) {
  const file = filePath(key)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.renameSync(tempPath, file)
  return file
}

/** Removes a file still in the in-progress folder (an upload that failed); a missing one is already gone. */
export function discardInProgress(tempPath: string | null | undefined) {
  if (tempPath) fs.rmSync(tempPath, { force: true })
}

/** Writes `data` whole (0600) in the in-progress folder, then moves it to `key`: `key` never holds part of it. */
export async function writeFile(key: string, data: Blob | Uint8Array | ArrayBuffer | ReadableStream | Response) {
  const temp = inProgressPath()
  try {
    fs.closeSync(fs.openSync(temp, 'wx', 0o600)) // owner-only from its first byte, whatever the umask
    await Bun.write(temp, data as Blob)
    return placeFile(temp, key)
  } catch (error) {
    discardInProgress(temp)
    throw error
  }
}

export function removeFile(key: string | null | undefined) {
  if (!key) return
  try {
    fs.rmSync(filePath(key), { force: true })
  } catch {
    // A missing file is already gone.
  }
}

/** Removes everything an owner stored in an area (account or property deletion). */
export function removeOwnerFolder(area: Area, ownerId: string) {
  fs.rmSync(path.join(root(), area, ownerId.replace(/[^A-Za-z0-9-]/g, '')), { recursive: true, force: true })
}

export function fileExists(key: string) {
  return fs.existsSync(filePath(key))
}
