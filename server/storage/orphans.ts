import { inArray, sql, type Column } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { rows } from '../db/raw'
import { license_proofs, profiles, property_media, referral_documents } from '../db/schema'
import { clock, DAY } from '../lib/clock'
import { checkKey } from './files'
import { storedFiles } from './move'
import type { FileStore } from './store'

/**
 * Orphan files (ADR 025): a file is written whole before the row that names
 * it is committed (storage/files.ts), so a crash or a failed transaction
 * between the two leaves a file no row names and no one can reach. The sweep
 * lists the store, streamed, and removes each such file once it is older
 * than a safety age: an upload in progress writes its file first and names
 * it a moment later, so a young file without a row may be about to get one.
 *
 * Only keys Homeward generates are considered (`<area>/<owner>/<random>.<ext>`,
 * storage/files.ts); anything else in the folder or under the prefix was not
 * put there by Homeward and is left alone, and so are the store's notes
 * (`.homeward-moved-to`).
 */

/** Every column that names a stored file. A new one must be added here, or its files are swept (orphans.test.ts checks the schema). */
export const FILE_COLUMNS: Column[] = [
  property_media.storage_key,
  property_media.thumb_key,
  profiles.profile_photo,
  profiles.intro_video_key,
  referral_documents.storage_key,
  license_proofs.storage_key,
]

/** The safety age of the scheduled sweep and of `homeward storage sweep` by default. */
export const ORPHAN_AGE_MS = DAY

/** Keys checked per query: one query per batch whatever the number of columns; far below either engine's limit on parameters. */
const BATCH = 500

/** Which of `keys` a row names: one query over every column (each an IN list, UNION ALL). */
export async function namedAmong(db: Executor, keys: string[]) {
  if (!keys.length) return new Set<string>()
  const selects = FILE_COLUMNS.map((column) => sql`SELECT ${column} AS file_key FROM ${column.table} WHERE ${inArray(column, keys)}`)
  const named = await rows<{ file_key: string }>(db, sql.join(selects, sql` UNION ALL `))
  return new Set(named.map((r) => r.file_key))
}

export type SweepOptions = {
  /** Only files last written longer ago than this go; 0 only with no server running (restore). */
  olderThanMs: number
  /** Count and report, remove nothing. */
  dryRun?: boolean
  onOrphan?: (file: { key: string; size: number }) => void
  /** Keys per query (tests make it small to cross batch boundaries). */
  batchSize?: number
}

export type SweepResult = { checked: number; young: number; orphans: number; bytes: number }

const isOurKey = (key: string) => {
  try {
    checkKey(key)
    return true
  } catch {
    return false
  }
}

/** Removes (or with dryRun only counts) the files of `store` that no row of `db` names and that are older than the safety age. */
export async function sweepOrphans(db: Executor, store: FileStore, opts: SweepOptions): Promise<SweepResult> {
  const cutoff = clock.now().getTime() - opts.olderThanMs
  const result: SweepResult = { checked: 0, young: 0, orphans: 0, bytes: 0 }
  let batch: { key: string; size: number }[] = []
  const settle = async () => {
    const named = await namedAmong(
      db,
      batch.map((f) => f.key),
    )
    for (const file of batch) {
      if (named.has(file.key)) continue
      // The row check came first: a key named by then stays; a young file never gets here.
      if (!opts.dryRun) await store.remove(file.key)
      result.orphans++
      result.bytes += file.size
      opts.onOrphan?.(file)
    }
    batch = []
  }
  for await (const file of storedFiles(store)) {
    if (!isOurKey(file.key)) continue
    result.checked++
    // An unknown date (NaN) is never taken as old.
    if (opts.olderThanMs > 0 && !(file.modifiedMs < cutoff)) {
      result.young++
      continue
    }
    batch.push(file)
    if (batch.length >= (opts.batchSize ?? BATCH)) await settle()
  }
  if (batch.length) await settle()
  return result
}
