import path from 'node:path'
import { dataDir, env } from './env'
import { holdsSealedData, isEmpty, migrateDatabase, openDatabase, useDatabase, type DB } from './db/client'
import { hasKey } from './lib/crypto'
import { securePrivateDataFolder } from './storage/data-folder'
import { sealClearValues } from './db/seal-columns'
import { log } from './lib/logger'

export const databaseFile = () => path.join(dataDir(), 'homeward.db')

/** Where the data lives: DATABASE_URL (PostgreSQL) or DATA_DIR/homeward.db (SQLite). */
export const databaseTarget = () => env.DATABASE_URL ?? databaseFile()

/**
 * Opens the database, applies pending migrations and makes it the process
 * database. `serving`: this process is a server instance (its PostgreSQL
 * connections say so, for `restore`).
 */
export async function boot({ serving = false } = {}): Promise<{ database: DB; fresh: boolean }> {
  securePrivateDataFolder(dataDir())
  const database = await openDatabase(databaseTarget(), { serving })
  await migrateDatabase(database)
  useDatabase(database)
  const fresh = await isEmpty(database)
  if (!fresh && !hasKey() && (await holdsSealedData(database))) throw new Error(MISSING_KEY)
  const sealedNow = await sealClearValues(database)
  if (sealedNow && Object.keys(sealedNow).length) log.info('sealed values an older version kept in clear', sealedNow)
  return { database, fresh }
}

export const MISSING_KEY =
  'No encryption key: this database holds sealed care data, but HOMEWARD_SECRET_KEY is not set and DATA_DIR/keys.json is missing. ' +
  'Restore keys.json from your backup (or set HOMEWARD_SECRET_KEY to the key in use); Homeward does not start without it.'
