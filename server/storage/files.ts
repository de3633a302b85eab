import fs from 'node:fs'
import path from 'node:path'
import { dataDir } from '../env'
import { badRequest } from '../errors'

/**
 * Private file storage under DATA_DIR/uploads/<area>/<owner>/<random>.<ext>.
 * The database keeps only keys generated here; no path ever comes from a user.
 */
/**
 * `incoming`: uploads still arriving (removed at start when a crash left them; storage/data-folder.ts).
 * `license-proofs`: operators' license proof, sealed like referral documents (features/verification).
 */
export const AREAS = ['operator-profiles', 'property-images', 'property-videos', 'referral-documents', 'incoming', 'license-proofs'] as const
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

export async function writeFile(key: string, data: Blob | Uint8Array | ArrayBuffer | ReadableStream | Response) {
  const file = filePath(key)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  await Bun.write(file, data as Blob)
  return file
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
