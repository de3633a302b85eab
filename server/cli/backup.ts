import { Database } from 'bun:sqlite'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pkg from '../../package.json'
import { databaseFile } from '../boot'
import { dataDir } from '../env'
import { clock } from '../lib/clock'
import { UPLOADS_IN_PROGRESS_DIR } from '../storage/files'
import { LOCK_FILE, runningServerPid } from './server-lock'

/**
 * Backup and restore of a whole Homeward data folder in one .tar.gz:
 *
 *   manifest.json   format, app version, time, row count per table
 *   homeward.db     a consistent snapshot (VACUUM INTO: one read transaction,
 *                   so it is safe while the server keeps writing)
 *   uploads/ ...    every other file of the data folder (uploads, the care-data
 *                   key ring keys.json, outbox .eml files)
 *
 * The snapshot is taken before the files are copied, so every file the
 * snapshot refers to is in the archive (uploads are write-once).
 *
 * The archive holds the encryption keys and personal data: it is written
 * with owner-only permissions and must be stored as carefully as the data.
 */
export class BackupError extends Error {}

export const BACKUP_FORMAT = 'homeward-backup'
const DB_NAME = 'homeward.db'
/**
 * Never archived: the live database files (the snapshot replaces them), the server lock, unpacked migrations,
 * and files still being written (an upload in progress is partial: it gets its place in uploads/ only once whole).
 */
const SKIP = new Set([DB_NAME, `${DB_NAME}-wal`, `${DB_NAME}-shm`, `${DB_NAME}-journal`, LOCK_FILE, '.migrations', UPLOADS_IN_PROGRESS_DIR])

export type Manifest = { format: string; version: number; app_version: string; created_at: string; tables: Record<string, number> }

function tableCounts(database: Database) {
  const tables = database
    .query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as { name: string }[]
  return Object.fromEntries(
    tables.map(({ name }) => [name, (database.query(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n]),
  )
}

/** `PRAGMA integrity_check` of a database file: 'ok' or the problems found. */
export function integrityCheck(file: string) {
  const database = new Database(file, { readonly: true })
  try {
    const rows = database.query('PRAGMA integrity_check').all() as { integrity_check: string }[]
    return { ok: rows.length === 1 && rows[0]!.integrity_check === 'ok', result: rows.map((r) => r.integrity_check).join('; '), database }
  } catch (error) {
    database.close()
    return { ok: false, result: error instanceof Error ? error.message : String(error), database: null }
  }
}

async function tar(args: string[]) {
  let proc: Bun.Subprocess<'ignore', 'ignore', 'pipe'>
  try {
    proc = Bun.spawn(['tar', ...args], { stdin: 'ignore', stdout: 'ignore', stderr: 'pipe' })
  } catch {
    throw new BackupError('The tar program is needed for backups and was not found')
  }
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()])
  return { code, stderr: stderr.trim() }
}

/** Writes a backup of DATA_DIR to `file` (a .tar.gz). */
export async function createBackup(file: string) {
  const dir = dataDir()
  if (!fs.existsSync(databaseFile())) throw new BackupError(`No Homeward database in ${dir}`)
  const target = path.resolve(file)
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) throw new BackupError(`${target} is a folder: give a file name such as backup.tar.gz`)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-backup-'))
  const partial = `${target}.partial`
  try {
    const snapshot = path.join(stage, DB_NAME)
    const live = new Database(databaseFile())
    try {
      live.exec('PRAGMA busy_timeout = 5000')
      live.query('VACUUM INTO ?').run(snapshot)
    } finally {
      live.close()
    }
    const check = integrityCheck(snapshot)
    if (!check.ok) throw new BackupError(`The snapshot failed the integrity check: ${check.result}`)
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      app_version: pkg.version,
      created_at: clock.now().toISOString(),
      tables: tableCounts(check.database!),
    }
    check.database!.close()
    fs.writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2))

    const outside = (entry: string) => path.resolve(dir, entry)
    const entries = fs
      .readdirSync(dir)
      .filter((e) => !SKIP.has(e) && !e.startsWith('.restore-'))
      // Never archive the archive itself (or a previous partial one) when it is written inside DATA_DIR.
      .filter((e) => outside(e) !== target && outside(e) !== partial && !target.startsWith(`${outside(e)}${path.sep}`) && !e.endsWith('.partial'))
    const { code, stderr } = await tar(['-czf', partial, '-C', stage, 'manifest.json', DB_NAME, ...(entries.length ? ['-C', dir, ...entries] : [])])
    // GNU tar exits 1 when a file changed while it was read (an upload in progress): the snapshot does not refer to it yet.
    if (code !== 0 && !(code === 1 && /changed as we read it|file removed before we read it/i.test(stderr))) {
      throw new BackupError(`tar failed: ${stderr || `exit code ${code}`}`)
    }
    fs.chmodSync(partial, 0o600)
    fs.renameSync(partial, target)
    return { file: target, bytes: fs.statSync(target).size, manifest }
  } finally {
    fs.rmSync(stage, { recursive: true, force: true })
    fs.rmSync(partial, { force: true })
  }
}

/**
 * Replaces DATA_DIR with the contents of a backup. Refuses while a server runs
 * on that folder, when the archive is not a Homeward backup or its database
 * fails `PRAGMA integrity_check`, and (unless `force`) when the folder already
 * holds a database. The previous contents are kept aside until the new ones
 * are in place, and put back if anything fails.
 */
export async function restoreBackup(file: string, opts: { force?: boolean } = {}) {
  const dir = dataDir()
  const source = path.resolve(file)
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`No backup file at ${source}`)
  const pid = runningServerPid(dir)
  if (pid) throw new BackupError(`A Homeward server (pid ${pid}) is running on ${dir}: stop it before restoring`)
  if (fs.existsSync(databaseFile()) && !opts.force) {
    throw new BackupError(`${dir} already has a database: pass --force to replace everything in it with the backup`)
  }
  fs.mkdirSync(dir, { recursive: true })
  // Unpack next to the data (same file system, so the final moves are renames).
  const stage = fs.mkdtempSync(path.join(dir, '.restore-'))
  const aside = path.join(dir, `.restore-previous-${process.pid}`)
  try {
    const { code, stderr } = await tar(['-xzf', source, '-C', stage])
    if (code !== 0) throw new BackupError(`This is not a readable backup archive: ${stderr || `tar exit code ${code}`}`)
    let manifest: Manifest
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(stage, 'manifest.json'), 'utf8')) as Manifest
    } catch {
      throw new BackupError('This archive is not a Homeward backup (no manifest.json)')
    }
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError('This archive is not a Homeward backup')
    const restoredDb = path.join(stage, DB_NAME)
    if (!fs.existsSync(restoredDb)) throw new BackupError('The backup has no database')
    const check = integrityCheck(restoredDb)
    if (!check.ok) throw new BackupError(`The backup's database failed the integrity check: ${check.result}`)
    const tables = tableCounts(check.database!)
    check.database!.close()
    if (!('users' in tables)) throw new BackupError('The backup database is not a Homeward database')
    const mismatch = Object.keys(manifest.tables ?? {}).find((t) => tables[t] !== manifest.tables[t])
    if (mismatch) throw new BackupError(`The backup's database does not match its manifest (table ${mismatch})`)
    fs.rmSync(path.join(stage, 'manifest.json'))

    // Move everything there now aside (including a stale lock and old -wal/-shm files,
    // which SQLite would otherwise replay into the restored database), then move the backup in.
    // The archive being restored stays where it is, even inside the data folder.
    const keep = source.startsWith(`${dir}${path.sep}`) ? path.relative(dir, source).split(path.sep)[0] : null
    fs.mkdirSync(aside)
    const current = fs.readdirSync(dir).filter((e) => !e.startsWith('.restore-') && e !== keep)
    const moved: string[] = []
    const placed: string[] = []
    try {
      for (const entry of current) {
        fs.renameSync(path.join(dir, entry), path.join(aside, entry))
        moved.push(entry)
      }
      for (const entry of fs.readdirSync(stage)) {
        fs.renameSync(path.join(stage, entry), path.join(dir, entry))
        placed.push(entry)
      }
    } catch (error) {
      for (const entry of placed) fs.rmSync(path.join(dir, entry), { recursive: true, force: true })
      for (const entry of moved) fs.renameSync(path.join(aside, entry), path.join(dir, entry))
      throw error
    }
    return { dir, manifest, tables }
  } finally {
    fs.rmSync(stage, { recursive: true, force: true })
    fs.rmSync(aside, { recursive: true, force: true })
  }
}
