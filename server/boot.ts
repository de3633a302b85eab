import path from 'node:path'
import { dataDir } from './env'
import { isEmpty, migrateDatabase, openDatabase, useDatabase, type DB } from './db/client'

export const databaseFile = () => path.join(dataDir(), 'homeward.db')

/** Opens DATA_DIR/homeward.db, applies pending migrations and makes it the process database. */
export function boot(): { database: DB; fresh: boolean } {
  const database = openDatabase(databaseFile())
  migrateDatabase(database)
  useDatabase(database)
  return { database, fresh: isEmpty(database) }
}
