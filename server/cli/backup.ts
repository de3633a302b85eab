import { Database } from 'bun:sqlite'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pkg from '../../package.json'
import { databaseTarget } from '../boot'
import { closeHandle, isEmpty, isPostgresUrl, migrateDatabase, openDatabase, refreshPlannerStatistics, servingConnections, type Conn, type DB, type Engine } from '../db/client'
import { snapshot } from '../db/snapshot'
import {
  closeAsOneFile,
  databaseOf,
  dumpTable,
  foreignKeyProblems,
  inOneTransaction,
  loadRows,
  parseDump,
  resetIdentities,
  sha256,
  TABLES,
  tableSpec,
  truncateAll,
} from '../db/table-rows'
import { dataDir } from '../env'
import { clock } from '../lib/clock'
import { UPLOADS_IN_PROGRESS_DIR } from '../storage/files'
import { storedFiles } from '../storage/move'
import { sweepOrphans } from '../storage/orphans'
import { checkStorageReachable } from '../storage/storage-check'
import { fileStore, type FileStore } from '../storage/store'
import { LOCK_FILE, runningServerPid } from './server-lock'

/**
 * Backup and restore of a whole Homeward agency in one .tar.gz that does not
 * depend on the engine (a SQLite backup restores into PostgreSQL and back:
 * that is how an agency moves, README "Running on PostgreSQL"):
 *
 *   manifest.json        format, version 2, app version, time, source engine,
 *                        and per table its columns, row count and SHA-256
 *   tables/<name>.jsonl  every row of the table, one JSON array of values per
 *                        line in the manifest's column order, sorted by
 *                        primary key (server/db/table-rows.ts)
 *   files/…              every file of DATA_DIR: uploads, the care-data key
 *                        ring keys.json, outbox .eml files; with a bucket
 *                        (STORAGE_URL, ADR 025) its objects are files/uploads/…
 *                        as if they were in the folder, so an archive restores
 *                        into either storage
 *
 * The rows are read in one read transaction (server/db/snapshot.ts), so the
 * backup is consistent while the server keeps writing; they are read before
 * the files are copied, so every file a row refers to is in the archive
 * (uploads are write-once).
 *
 * The archive holds the encryption keys and personal data: it is written
 * with owner-only permissions and must be stored as carefully as the data.
 */
export class BackupError extends Error {}

export const BACKUP_FORMAT = 'homeward-backup'
export const BACKUP_VERSION = 2
const DB_NAME = 'homeward.db'
const SQLITE_FILES = [DB_NAME, `${DB_NAME}-wal`, `${DB_NAME}-shm`, `${DB_NAME}-journal`]
/**
 * Never archived: the live SQLite files (the table files replace them), the
 * server lock, unpacked migrations, and files still being written (an upload
 * in progress is partial: it gets its place in uploads/ only once whole).
 */
const SKIP = new Set([...SQLITE_FILES, LOCK_FILE, '.migrations', UPLOADS_IN_PROGRESS_DIR])
/** Where older versions kept uploads still arriving: partial files too (the server empties it at start). */
const SKIP_NESTED = ['uploads/incoming']

export type TableEntry = { columns: string[]; rows: number; sha256: string }
export type Manifest = {
  format: string
  version: number
  app_version: string
  created_at: string
  source_engine: Engine
  tables: Record<string, TableEntry>
}
/** Version 1 archives held a SQLite snapshot (homeward.db) and a row count per table. */
type ManifestV1 = { format: string; version: 1; app_version: string; created_at: string; tables: Record<string, number> }

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

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

/** Every table's rows into `folder`, read in one snapshot; returns the manifest's `tables`. */
async function writeTables(db: DB, folder: string) {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
  return snapshot(db, async (conn) => {
    const tables: Record<string, TableEntry> = {}
    for (const spec of [...TABLES].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const dump = await dumpTable(conn, spec.name, spec.columns)
      fs.writeFileSync(path.join(folder, `${spec.name}.jsonl`), dump.text, { mode: 0o600 })
      tables[spec.name] = { columns: spec.columns, rows: dump.rows, sha256: dump.sha256 }
    }
    return tables
  })
}

/**
 * A bucket's objects, each streamed to `folder`/files/uploads/<key> (0600)
 * for tar to read: never whole in memory. Read after the rows, like the
 * folder's files, so every object a row names is there (objects are
 * write-once). Returns `folder`.
 */
async function stageObjects(store: FileStore, folder: string) {
  const uploads = path.join(folder, 'files', 'uploads')
  fs.mkdirSync(uploads, { recursive: true, mode: 0o700 })
  for await (const { key } of storedFiles(store)) {
    const file = path.join(uploads, ...key.split('/'))
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    fs.closeSync(fs.openSync(file, 'wx', 0o600))
    await Bun.write(file, store.blob(key))
  }
  return folder
}

/**
 * With a bucket, the archive's uploads go to it (streamed from the unpacked
 * archive, each whole or not at all) and leave the unpacked files, so they
 * do not land in DATA_DIR. Before the rows: a failed restore leaves objects
 * no row names, never a row without its file.
 */
async function restoreObjects(store: FileStore, incoming: string) {
  const uploads = path.join(incoming, 'uploads')
  if (store.kind === 'folder' || !fs.existsSync(uploads)) return
  for (const entry of fs.readdirSync(uploads, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    await store.copyIn(path.relative(uploads, file).split(path.sep).join('/'), Bun.file(file))
  }
  fs.rmSync(uploads, { recursive: true, force: true })
}

/** Writes a backup of the database and DATA_DIR (and the bucket's objects, with one) to `file` (a .tar.gz). */
export async function createBackup(file: string) {
  const dir = dataDir()
  const target = databaseTarget()
  if (!isPostgresUrl(target) && !fs.existsSync(target)) throw new BackupError(`No Homeward database in ${dir}`)
  const out = path.resolve(file)
  if (fs.existsSync(out) && fs.statSync(out).isDirectory()) throw new BackupError(`${out} is a folder: give a file name such as backup.tar.gz`)
  fs.mkdirSync(path.dirname(out), { recursive: true })
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-backup-'))
  const partial = `${out}.partial`
  const db = await openDatabase(target, { poolSize: 1 })
  try {
    await migrateDatabase(db)
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      app_version: pkg.version,
      created_at: clock.now().toISOString(),
      source_engine: databaseOf(db).engine,
      tables: await writeTables(db, path.join(stage, 'tables')),
    }
    fs.writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: 0o600 })

    // files/ is DATA_DIR itself: tar reads `files/<entry>` through the link and stores that name.
    fs.mkdirSync(dir, { recursive: true })
    fs.symlinkSync(path.resolve(dir), path.join(stage, 'files'))
    const store = fileStore()
    const inDir = (entry: string) => path.resolve(dir, entry)
    const entries = fs
      .readdirSync(dir)
      .filter((e) => !SKIP.has(e) && !e.startsWith('.restore-') && !e.endsWith('.partial'))
      // With a bucket the uploads are its objects: a folder left from before a move is not the site's.
      .filter((e) => store.kind === 'folder' || e !== 'uploads')
      // Never archive the archive itself when it is written inside DATA_DIR.
      .filter((e) => inDir(e) !== out && !out.startsWith(`${inDir(e)}${path.sep}`))
    const objects = store.kind === 'folder' ? null : await stageObjects(store, path.join(stage, 'objects'))
    const { code, stderr } = await tar([
      '-czf',
      partial,
      ...SKIP_NESTED.map((p) => `--exclude=files/${p}`),
      '-C',
      stage,
      'manifest.json',
      'tables',
      ...entries.map((e) => `files/${e}`),
      ...(objects ? ['-C', objects, 'files/uploads'] : []),
    ])
    // GNU tar exits 1 when a file changed while it was read (an upload in progress): no row refers to it yet.
    if (code !== 0 && !(code === 1 && /changed as we read it|file removed before we read it/i.test(stderr))) {
      throw new BackupError(`tar failed: ${stderr || `exit code ${code}`}`)
    }
    fs.chmodSync(partial, 0o600)
    fs.renameSync(partial, out)
    return { file: out, bytes: fs.statSync(out).size, manifest }
  } finally {
    await closeHandle(db)
    fs.rmSync(stage, { recursive: true, force: true })
    fs.rmSync(partial, { force: true })
  }
}

/** `PRAGMA integrity_check` and row counts of a version-1 archive's SQLite snapshot. */
function checkV1Database(file: string) {
  let database: Database | null = null
  try {
    database = new Database(file, { readonly: true })
    const rows = database.query('PRAGMA integrity_check').all() as { integrity_check: string }[]
    if (rows.length !== 1 || rows[0]!.integrity_check !== 'ok') {
      throw new BackupError(`The backup's database failed the integrity check: ${rows.map((r) => r.integrity_check).join('; ')}`)
    }
    const names = database.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]
    const counts: Record<string, number> = {}
    for (const { name } of names) counts[name] = (database.query(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n
    return counts
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`The backup's database failed the integrity check: ${message(error)}`)
  } finally {
    database?.close()
  }
}

/**
 * A version-1 archive (unpacked in `unpacked`) brought to the version-2
 * layout: its SQLite snapshot is checked against its manifest, migrated to
 * this version's schema in a copy, and its rows written as table files; its
 * other entries move under files/.
 */
async function upgradeV1(unpacked: string, v1: ManifestV1, scratch: string): Promise<Manifest> {
  const snapshotFile = path.join(unpacked, DB_NAME)
  if (!fs.existsSync(snapshotFile)) throw new BackupError('The backup has no database')
  const counts = checkV1Database(snapshotFile)
  if (!('users' in counts)) throw new BackupError('The backup database is not a Homeward database')
  const mismatch = Object.keys(v1.tables ?? {}).find((t) => counts[t] !== v1.tables[t])
  if (mismatch) throw new BackupError(`The backup's database does not match its manifest (table ${mismatch})`)

  const copy = path.join(scratch, DB_NAME)
  fs.renameSync(snapshotFile, copy)
  fs.rmSync(path.join(unpacked, 'manifest.json'))
  const files = path.join(scratch, 'files')
  fs.mkdirSync(files)
  for (const entry of fs.readdirSync(unpacked)) fs.renameSync(path.join(unpacked, entry), path.join(files, entry))
  fs.renameSync(files, path.join(unpacked, 'files'))

  const db = await openDatabase(copy, { poolSize: 1 })
  try {
    await migrateDatabase(db)
    const tables = await writeTables(db, path.join(unpacked, 'tables'))
    return { format: BACKUP_FORMAT, version: BACKUP_VERSION, app_version: v1.app_version, created_at: v1.created_at, source_engine: 'sqlite', tables }
  } finally {
    await closeHandle(db)
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(copy + suffix, { force: true })
  }
}

/**
 * The unpacked archive's manifest, after checking every table file against
 * it (present, row count, SHA-256) and every table and column against this
 * version's schema: nothing is touched before this passes.
 */
async function readArchive(unpacked: string, scratch: string): Promise<Manifest> {
  let manifest: Manifest | ManifestV1
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'))
  } catch {
    throw new BackupError('This archive is not a Homeward backup (no manifest.json)')
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError('This archive is not a Homeward backup')
  if (manifest.version === 1) return upgradeV1(unpacked, manifest as ManifestV1, scratch)
  if (manifest.version !== BACKUP_VERSION) throw new BackupError(`This backup has format version ${manifest.version}; this Homeward reads versions 1 and 2`)
  const tables = (manifest as Manifest).tables ?? {}
  if (!tables.users) throw new BackupError('The backup has no users table: it is not a Homeward backup')
  for (const [name, entry] of Object.entries(tables)) {
    const spec = tableSpec(name)
    if (!spec) throw new BackupError(`The backup has a table this version does not know (${name}): restore it with a newer Homeward`)
    const unknown = entry.columns.find((c) => !spec.columns.includes(c))
    if (unknown) throw new BackupError(`The backup's table ${name} has a column this version does not know (${unknown}): restore it with a newer Homeward`)
    const file = path.join(unpacked, 'tables', `${name}.jsonl`)
    if (!fs.existsSync(file)) throw new BackupError(`The backup is incomplete: tables/${name}.jsonl is missing`)
    const text = fs.readFileSync(file, 'utf8')
    const lines = text === '' ? 0 : text.split('\n').length - 1
    if (lines !== entry.rows || sha256(text) !== entry.sha256) {
      throw new BackupError(`The backup is damaged: tables/${name}.jsonl does not match its manifest (row count or checksum)`)
    }
  }
  return manifest as Manifest
}

/**
 * Loads every table of the archive, parents first, on a transaction's
 * connection; then checks references, and reads every table back: what the
 * database now holds must give the manifest's row counts and checksums.
 */
async function loadTables(conn: Conn, engine: Engine, manifest: Manifest, folder: string) {
  for (const spec of TABLES) {
    const entry = manifest.tables[spec.name]
    if (!entry) continue
    try {
      const rows = parseDump(fs.readFileSync(path.join(folder, `${spec.name}.jsonl`), 'utf8'), entry.columns.length, spec.name)
      await loadRows(conn, spec.name, entry.columns, rows)
    } catch (error) {
      throw new BackupError(`Loading table ${spec.name} failed: ${message(error)}`)
    }
  }
  await resetIdentities(conn, engine)
  const orphans = await foreignKeyProblems(conn, engine)
  if (orphans.length) throw new BackupError(`The restored rows refer to rows that are not there: ${orphans.join(', ')}`)
  for (const [name, entry] of Object.entries(manifest.tables)) {
    const back = await dumpTable(conn, name, entry.columns)
    if (back.rows !== entry.rows || back.sha256 !== entry.sha256) {
      throw new BackupError(`Table ${name} read back from the restored database does not match the backup (${back.rows} rows, ${entry.rows} expected, or different values)`)
    }
  }
}

/** Does the database hold any user? A database not migrated yet holds none. */
async function holdsUsers(db: DB) {
  try {
    return !(await isEmpty(db))
  } catch (error) {
    if (/no such table|does not exist/i.test(message(error))) return false
    throw error
  }
}

/**
 * Moves what `dir` holds aside (except `keep`) and `incoming`'s entries in;
 * returns how to undo it. Renames only: same file system.
 */
function swapIn(dir: string, incoming: string, aside: string, keep: (entry: string) => boolean) {
  fs.mkdirSync(aside)
  const moved: string[] = []
  const placed: string[] = []
  const undo = () => {
    for (const entry of placed) fs.rmSync(path.join(dir, entry), { recursive: true, force: true })
    for (const entry of moved) fs.renameSync(path.join(aside, entry), path.join(dir, entry))
  }
  try {
    for (const entry of fs.readdirSync(dir).filter((e) => !e.startsWith('.restore-') && !keep(e))) {
      fs.renameSync(path.join(dir, entry), path.join(aside, entry))
      moved.push(entry)
    }
    for (const entry of fs.existsSync(incoming) ? fs.readdirSync(incoming) : []) {
      fs.renameSync(path.join(incoming, entry), path.join(dir, entry))
      placed.push(entry)
    }
  } catch (error) {
    undo()
    throw error
  }
  return undo
}

/** What the sweep after a restore removed, or why it could not finish (the restore itself succeeded). */
export type Swept = { orphans: number; problem?: string }

/**
 * After the restored rows are committed, the store keeps only the files they
 * name: a bucket still holds the previous data's objects (restoreObjects
 * only adds), and an archive may carry orphans. The sweep with no age limit
 * (storage/orphans.ts) is safe here: restore refuses while any server runs,
 * so no upload is on its way to a row, and every key a committed row names is
 * kept. A failure leaves unreachable files only: reported, not undone.
 */
async function keepOnlyNamedFiles(db: DB): Promise<Swept> {
  try {
    return { orphans: (await sweepOrphans(db, fileStore(), { olderThanMs: 0 })).orphans }
  } catch (error) {
    return { orphans: 0, problem: message(error) }
  }
}

/**
 * Restores a backup into the engine this process runs on: PostgreSQL when
 * DATABASE_URL is set, else SQLite in DATA_DIR; the files go to DATA_DIR,
 * the uploads to the bucket when STORAGE_URL names one.
 * Refuses while a server runs on DATA_DIR, and (unless `force`) when the
 * database already has users. The archive is checked whole (every table's
 * row count and checksum) before anything changes, and the restored tables
 * are read back and compared before it reports success; on any failure the
 * previous data stays as it was. Then the store keeps only the files the
 * restored rows name (keepOnlyNamedFiles).
 */
export async function restoreBackup(file: string, opts: { force?: boolean } = {}) {
  const dir = dataDir()
  const source = path.resolve(file)
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`No backup file at ${source}`)
  const pid = runningServerPid(dir)
  if (pid) throw new BackupError(`A Homeward server (pid ${pid}) is running on ${dir}: stop it before restoring`)
  // A bucket answers before anything changes: the objects go there, and the sweep after the rows (a folder is made as it goes).
  if (fileStore().kind !== 'folder') await checkStorageReachable(fileStore())
  const target = databaseTarget()
  const postgres = isPostgresUrl(target)

  // PostgreSQL: the database restored into. SQLite: the current file, opened only to see whether it has users.
  let db: DB | null = postgres || (!opts.force && fs.existsSync(target)) ? await openDatabase(target, { poolSize: 1 }) : null
  if (postgres && db) {
    if ((await servingConnections(db)) > 0) {
      const location = databaseOf(db).location
      await closeHandle(db)
      throw new BackupError(`A Homeward server is running on ${location}: stop every instance before restoring`)
    }
  }
  fs.mkdirSync(dir, { recursive: true })
  let swept: Swept = { orphans: 0 }
  const stage = fs.mkdtempSync(path.join(dir, '.restore-'))
  const aside = path.join(dir, `.restore-previous-${process.pid}`)
  try {
    if (db && !opts.force && (await holdsUsers(db))) {
      throw new BackupError(
        postgres
          ? `The PostgreSQL database ${databaseOf(db).location} already has data: pass --force to replace everything in it with the backup`
          : `${dir} already has a database: pass --force to replace everything in it with the backup`,
      )
    }
    if (!postgres && db) {
      await closeHandle(db)
      db = null
    }

    // Unpack next to the data (same file system, so the final moves are renames) and check everything.
    const unpacked = path.join(stage, 'archive')
    fs.mkdirSync(unpacked)
    const { code, stderr } = await tar(['-xzf', source, '-C', unpacked])
    if (code !== 0) throw new BackupError(`This is not a readable backup archive: ${stderr || `tar exit code ${code}`}`)
    const manifest = await readArchive(unpacked, stage)
    const tablesFolder = path.join(unpacked, 'tables')
    const incoming = path.join(unpacked, 'files')
    await restoreObjects(fileStore(), incoming)

    // The archive being restored stays where it is, even inside the data folder.
    const archiveEntry = source.startsWith(`${dir}${path.sep}`) ? path.relative(dir, source).split(path.sep)[0] : null
    if (postgres) {
      // SQLite files a moving agency leaves in DATA_DIR are not PostgreSQL's: they stay where they are.
      const keep = (e: string) => e === archiveEntry || SQLITE_FILES.includes(e)
      await migrateDatabase(db!)
      // The files move in just before the commit, and back out if the commit fails.
      const swap: { undo?: () => void } = {}
      try {
        await inOneTransaction(db!, async (conn, engine) => {
          if (opts.force) await truncateAll(conn)
          await loadTables(conn, engine, manifest, tablesFolder)
          swap.undo = swapIn(dir, incoming, aside, keep)
        })
      } catch (error) {
        swap.undo?.()
        throw error
      }
      swept = await keepOnlyNamedFiles(db!)
      await refreshPlannerStatistics(db!)
    } else {
      // A new database file built beside the files, then moved in with them (a stale lock and old -wal/-shm
      // files move aside too: SQLite would replay them into the restored database).
      fs.mkdirSync(incoming, { recursive: true })
      const builtFile = path.join(incoming, DB_NAME)
      const built = await openDatabase(builtFile, { poolSize: 1 })
      try {
        await migrateDatabase(built)
        await inOneTransaction(built, (conn, engine) => loadTables(conn, engine, manifest, tablesFolder))
      } finally {
        closeAsOneFile(built)
      }
      fs.chmodSync(builtFile, 0o600)
      swapIn(dir, incoming, aside, (e) => e === archiveEntry)
      swept = await openDatabase(target, { poolSize: 1 }).then(
        async (restored) => {
          try {
            return await keepOnlyNamedFiles(restored)
          } finally {
            closeAsOneFile(restored)
          }
        },
        (error): Swept => ({ orphans: 0, problem: message(error) }),
      )
    }
    const tables = Object.fromEntries(Object.entries(manifest.tables).map(([name, t]) => [name, t.rows]))
    return { dir, where: postgres ? `${databaseOf(db!).location} (files in ${dir})` : dir, manifest, tables, swept }
  } finally {
    if (db) await closeHandle(db)
    fs.rmSync(stage, { recursive: true, force: true })
    fs.rmSync(aside, { recursive: true, force: true })
  }
}
