import type { FileStore } from './store'

/**
 * `homeward storage move` (ADR 025): every stored file copied from one store
 * to the other (the data folder ⇄ a bucket), each verified by size and
 * SHA-256 read back from the target, and only then the switch: the source
 * gets a note saying where the files went, and a server configured with it
 * refuses to start (storage-check.ts) — no instance can go on writing where
 * nobody reads any more.
 *
 * Resumable: a file the target already holds with the same size and
 * checksum (an earlier run cut short) is not copied again; a run stopped at
 * any point leaves the source untouched and current.
 */
export class MoveError extends Error {}

/** The note a retired store holds: not a key (keys never start with a dot), never listed as a file. */
export const MOVED_NOTE = '.homeward-moved-to'

export type MovedNote = { to: string; at: string }

/** SHA-256 of a stored file, read as a stream (never whole in memory). */
export async function sha256Of(file: Blob) {
  const hasher = new Bun.CryptoHasher('sha256')
  const reader = file.stream().getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) hasher.update(read.value)
  return hasher.digest('hex')
}

/** The files of a store, without its notes. */
export async function* storedFiles(store: FileStore) {
  for await (const file of store.list()) if (!file.key.split('/').some((part) => part.startsWith('.'))) yield file
}

/** Where a retired store's files went, or null when it is current. */
export async function movedNote(store: FileStore): Promise<MovedNote | null> {
  if ((await store.size(MOVED_NOTE)) === null) return null
  return JSON.parse(await store.blob(MOVED_NOTE).text()) as MovedNote
}

export type MoveProgress = { key: string; size: number; copied: boolean }

export async function moveFiles(from: FileStore, to: FileStore, onFile: (p: MoveProgress) => void = () => {}) {
  if (from.location === to.location) throw new MoveError(`The files are already in ${to.location}`)
  // A copy into a prefix of its own bucket would list itself as it goes.
  for (const [outer, inner] of [[from, to], [to, from]] as const) {
    if (inner.location.startsWith(`${outer.location}/`)) throw new MoveError(`${inner.location} is inside ${outer.location}: choose a place outside it`)
  }
  const retired = await movedNote(from)
  if (retired) throw new MoveError(`The files in ${from.location} were moved to ${retired.to} on ${retired.at}: set STORAGE_URL to where they are`)
  let copied = 0
  let kept = 0
  let bytes = 0
  for await (const { key, size } of storedFiles(from)) {
    const sum = await sha256Of(from.blob(key))
    const already = (await to.size(key)) === size && (await sha256Of(to.blob(key))) === sum
    if (!already) {
      await to.copyIn(key, from.blob(key))
      const got = await to.size(key)
      if (got !== size) throw new MoveError(`${key}: ${got ?? 'no'} bytes in ${to.location} after the copy, ${size} in ${from.location}. Nothing was switched: run the move again`)
      if ((await sha256Of(to.blob(key))) !== sum) throw new MoveError(`${key}: the copy in ${to.location} has another checksum than the file in ${from.location}. Nothing was switched: run the move again`)
    }
    if (already) kept++
    else copied++
    bytes += size
    onFile({ key, size, copied: !already })
  }
  // Every file is there and verified: the target becomes current (a note from an earlier move away from it goes), the source retires.
  await to.remove(MOVED_NOTE)
  const note: MovedNote = { to: to.location, at: new Date().toISOString() }
  await from.write(MOVED_NOTE, new TextEncoder().encode(JSON.stringify(note)))
  return { copied, kept, bytes, files: copied + kept }
}
