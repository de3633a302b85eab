import { Database } from 'bun:sqlite'
import { writerOf, type Conn, type DB } from './client'
import { sqliteConn } from './sqlite'

/**
 * Runs `read` inside one read-only transaction, so everything it reads is one
 * consistent state of the database while other processes keep writing (a
 * backup reads every table this way).
 *
 * - SQLite: a connection of its own on the database file, `BEGIN` … `COMMIT`;
 *   in WAL mode the first read fixes the snapshot and writers carry on.
 * - PostgreSQL: a reserved pool connection whose transaction is made
 *   `REPEATABLE READ, READ ONLY` before its first query (one snapshot for
 *   every statement), then rolled back.
 */
export async function snapshot<T>(db: DB, read: (conn: Conn) => Promise<T>): Promise<T> {
  const writer = writerOf(db)
  if (writer.engine === 'postgres') {
    const opened = await writer.begin()
    try {
      // Allowed as the transaction's first statement: the isolation level and mode of the whole transaction.
      await opened.conn.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
      return await read(opened.conn)
    } finally {
      await opened.rollback()
    }
  }
  const client = new Database(writer.location, { create: false, strict: true })
  try {
    client.exec('PRAGMA busy_timeout = 5000')
    client.exec('PRAGMA query_only = ON')
    client.exec('BEGIN')
    try {
      return await read(sqliteConn(client))
    } finally {
      client.exec('COMMIT')
    }
  } finally {
    client.close()
  }
}
