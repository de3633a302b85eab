import { env } from '../env'

export type Engine = 'sqlite' | 'postgres'

/**
 * The engine the environment asks for: PostgreSQL when DATABASE_URL is set,
 * SQLite in DATA_DIR otherwise (ADR 021). It decides which database start-up
 * opens (and which engine the tests run on); once a database is open, its
 * handle is the one source for what differs (engineOf, and the dialect that
 * renders every statement: engine-sql.ts), never this constant.
 */
export const ENGINE: Engine = env.DATABASE_URL ? 'postgres' : 'sqlite'
