import fs from 'node:fs'
import path from 'node:path'
import { log } from '../lib/logger'
import { UPLOADS_IN_PROGRESS_DIR } from './files'

/**
 * The data folder is private (ADR 013): the database, its WAL and SHM, the
 * key ring, uploads, the outbox and backups are readable by this user only.
 *
 * The process umask is set to 077, so everything Homeward creates from here on
 * is 0600 (folders 0700) whatever the umask it was started with; SQLite gives
 * the WAL and SHM files the database file's mode. A folder left looser by an
 * older version or by hand is tightened once, with a log line.
 */
export function securePrivateDataFolder(dir: string) {
  process.umask(0o077)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  // The folder and its top level tell: everything below was created with them (a full walk only when one is loose).
  const loose = (entry: string) => (fs.lstatSync(entry).mode & 0o077) !== 0
  if (!loose(dir) && !fs.readdirSync(dir).some((name) => loose(path.join(dir, name)))) return
  let tightened = 0
  const tighten = (entry: string) => {
    const stat = fs.lstatSync(entry)
    if (stat.isSymbolicLink()) return
    const mode = stat.isDirectory() ? 0o700 : 0o600
    if ((stat.mode & 0o777) !== mode) {
      fs.chmodSync(entry, mode)
      tightened++
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) tighten(path.join(entry, name))
  }
  tighten(dir)
  log.warn('data folder permissions tightened: folders 0700, files 0600', { dir, entries: tightened })
}

/**
 * Files being written live in DATA_DIR/uploads-in-progress until they are
 * complete (storage/files.ts); what is left there at start was interrupted (a
 * crash, a kill). Sealed already, but useless: removed, with what an older
 * version left in uploads/incoming. Only the server does this, never a CLI
 * command that could run beside it.
 *
 * Several instances may share the folder (PostgreSQL): another one may be
 * writing an upload right now, so only files untouched for `olderThanMs` are
 * taken as interrupted (0: one server, everything there was interrupted).
 */
export function removeInterruptedUploads(dir: string, olderThanMs = 0) {
  const cutoff = Date.now() - olderThanMs
  let count = 0
  for (const folder of [path.join(dir, UPLOADS_IN_PROGRESS_DIR), path.join(dir, 'uploads', 'incoming')]) {
    if (!fs.existsSync(folder)) continue
    if (olderThanMs === 0) {
      count += fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      fs.rmSync(folder, { recursive: true, force: true })
      continue
    }
    for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const file = path.join(entry.parentPath, entry.name)
      try {
        if (fs.statSync(file).mtimeMs >= cutoff) continue
        fs.rmSync(file, { force: true })
        count++
      } catch {
        // Completed (moved) or removed by another instance meanwhile.
      }
    }
  }
  if (count) log.info('removed interrupted uploads', { count })
}
