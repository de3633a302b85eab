import { databaseTarget } from '../boot'
import { closeHandle, isPostgresUrl, openDatabase, servingConnections } from '../db/client'
import { dataDir, env } from '../env'
import { moveFiles } from '../storage/move'
import { checkStorageReachable } from '../storage/storage-check'
import { folderStoreOf, storeFor } from '../storage/storage-config'
import { fail } from './output'
import { runningServerPid } from './server-lock'

/** Refuses while a server writes files: on SQLite its lock tells, on PostgreSQL its connections (as restore does). */
async function refuseWhileServing() {
  const pid = runningServerPid(dataDir())
  if (pid) throw new Error(`A Homeward server (pid ${pid}) is running on ${dataDir()}: stop it before moving the files`)
  const target = databaseTarget()
  if (!isPostgresUrl(target)) return
  const db = await openDatabase(target, { poolSize: 1 })
  try {
    if ((await servingConnections(db)) > 0) throw new Error('A Homeward server is running on the database: stop every instance before moving the files')
  } finally {
    await closeHandle(db)
  }
}

export async function move(to: string) {
  try {
    if (to !== 'folder' && !to.startsWith('s3://')) throw new Error('--to takes s3://bucket/prefix or "folder"')
    await refuseWhileServing()
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
