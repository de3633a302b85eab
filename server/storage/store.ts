import { configuredStore } from './storage-config'

/**
 * Where uploads live (ADR 025): one interface, two implementations — the
 * data folder (DATA_DIR/uploads, the default) and an S3-compatible bucket
 * (STORAGE_URL=s3://bucket/prefix). The implementation is chosen once, at
 * composition (server/composition.ts), from the configuration; features only
 * ever call storage/files.ts, which asks fileStore().
 *
 * Keys are the ones storage/files.ts generates (`<area>/<owner>/<random>.<ext>`),
 * the same in both places, so a move between them (`homeward storage move`)
 * copies key for key. What a store holds is already what may leave the
 * process: private files arrive here sealed (ADR 013).
 */
export interface FileStore {
  readonly kind: 'folder' | 's3'
  /** Where the files are, for messages: a folder path or s3://bucket/prefix (never a credential). */
  readonly location: string
  /** Moves a finished file of the in-progress folder to `key`: `key` holds all of it or nothing; the local file is gone after. */
  place(localPath: string, key: string): Promise<void>
  /** Writes `data` whole under `key` (small files: re-encoded photos). */
  write(key: string, data: Uint8Array): Promise<void>
  /** Writes another store's file under `key`, streamed (storage move, restore): whole or not at all. */
  copyIn(key: string, source: Blob): Promise<void>
  /** The stored file, to read, stream or slice (a Blob: Bun.file or an S3 file); check size() first, it may be missing. */
  blob(key: string): Blob
  /** Its size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>
  /** Removes a file; a missing one is already gone. */
  remove(key: string): Promise<void>
  /** Removes every file under `<area>/<owner>/`. */
  removeOwner(prefix: string): Promise<void>
  /**
   * Every stored file, in no particular order, streamed: a folder is walked
   * one directory at a time, a bucket listed one page (1,000 keys) at a time,
   * so a big store is never held in memory.
   */
  list(): AsyncIterable<StoredEntry>
  /**
   * A public file's answer with `headers`, its type from its name, and one
   * Range honoured (video seeking); null when there is no such file.
   */
  serve(key: string, range: string | undefined, headers: Record<string, string>): Promise<Response | null>
  /** Throws when the storage does not answer (health, start-up). */
  ping(): Promise<void>
}

/** A stored file as a listing gives it: `modifiedMs` is NaN when the store does not say (never taken as old). */
export type StoredEntry = { key: string; size: number; modifiedMs: number }

let current: FileStore | null = null

/** The store the process uses: the one composition.ts chose (or, for a script that skips it, the configured one). */
export function fileStore(): FileStore {
  current ??= configuredStore()
  return current
}

/** Chooses the store (composition; tests that run against a bucket or another folder). */
export function useFileStore(store: FileStore) {
  current = store
}
