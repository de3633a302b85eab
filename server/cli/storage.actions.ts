import { databaseTarget } from '../boot'
import { closeHandle, isPostgresUrl, migrateDatabase, openDatabase, servingConnections } from '../db/client'
import { dataDir, env } from '../env'
import { moveFiles, movedNote } from '../storage/move'
import { sweepOrphans } from '../storage/orphans'
import { checkStorageReachable } from '../storage/storage-check'
import { folderStoreOf, storeFor } from '../storage/storage-config'
import { fail } from './output'
import { runningServerPid } from './server-lock'

/** Refuses while a server writes files: on SQLite its lock tells, on PostgreSQL its connections (as restore does). */
async function refuseWhileServing(doing: string) {
  const pid = runningServerPid(dataDir())
  if (pid) throw new Error(`A Homeward server (pid ${pid}) is running on ${dataDir()}: stop it before ${doing}`)
  const target = databaseTarget()
  if (!isPostgresUrl(target)) return
  const db = await openDatabase(target, { poolSize: 1 })
  try {
    if ((await servingConnections(db)) > 0) throw new Error(`A Homeward server is running on the database: stop every instance before ${doing}`)
  } finally {
    await closeHandle(db)
  }
}

export async function move(to: string) {
  try {
    if (to !== 'folder' && !to.startsWith('s3://')) throw new Error('--to takes s3://bucket/prefix or "folder"')
    await refuseWhileServing('moving the files')
    const from = storeFor(env.STORAGE_URL)
    const target = to === 'folder' ? folderStoreOf(dataDir) : storeFor(to)
    await checkStorageReachable(from)
    await checkStorageReachable(target)
    console.log(`Moving the files from ${from.location} to ${target.location}…`)
    const result = await moveFiles(from, target, (p) => {
      if (p.copied) console.log(`  copied and verified ${p.key} (${p.size} bytes)`)
    })
    const mb = (result.bytes / 1024 / 1024).toFixed(1)
    console.log(`${result.files} files (${mb} MB) are in ${target.location}, each verified by size and SHA-256 (${result.copied} copied now, ${result.kept} already there).`)
    console.log(to === 'folder' ? 'Start every instance without STORAGE_URL.' : `Start every instance with STORAGE_URL=${to}.`)
    console.log(`${from.location} is retired (a server started on it refuses) and can be deleted once the site runs.`)
  } catch (error) {
    fail(error)
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * `homeward storage sweep`: the scheduled orphan sweep (storage/orphans.ts), now. Any age is safe beside
 * running servers except 0, which would take a file an upload in progress is about to name.
 */
export async function sweep(opts: { dryRun?: boolean; olderThan: string }) {
  try {
    const hours = Number(opts.olderThan)
    if (opts.olderThan.trim() === '' || !Number.isFinite(hours) || hours < 0) throw new Error('--older-than takes a number of hours, 0 or more')
    if (hours === 0 && !opts.dryRun) await refuseWhileServing('removing every file no row names (--older-than 0)')
    const store = storeFor(env.STORAGE_URL)
    await checkStorageReachable(store)
    const retired = await movedNote(store)
    if (retired) throw new Error(`The files in ${store.location} were moved to ${retired.to} on ${retired.at}: set STORAGE_URL to where they are`)
    const db = await openDatabase(databaseTarget(), { poolSize: 1 })
    try {
      await migrateDatabase(db)
      const verb = opts.dryRun ? 'would remove' : 'removed'
      const result = await sweepOrphans(db, store, {
        olderThanMs: hours * 3_600_000,
        dryRun: opts.dryRun,
        onOrphan: (file) => console.log(`  ${verb} ${file.key} (${file.size} bytes)`),
      })
      const age = hours === 0 ? '' : `, older than ${hours} h`
      const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`
      console.log(
        `${files(result.orphans)} no row names${age} (${megabytes(result.bytes)}) ${opts.dryRun ? 'would be removed' : 'removed'} from ${store.location}; ` +
          `${files(result.checked)} checked, ${result.young} too recent to judge.`,
      )
    } finally {
      await closeHandle(db)
    }
  } catch (error) {
    fail(error)
  }
}
