import { env } from '../env'

export type Engine = 'sqlite' | 'postgres'

/**
 * The engine this process runs on, fixed at start: PostgreSQL when
 * DATABASE_URL is set, SQLite in DATA_DIR otherwise (ADR 021). The SQL that
 * differs between the two (server/db/dialect.ts) is chosen by it.
 */
export const ENGINE: Engine = env.DATABASE_URL ? 'postgres' : 'sqlite'
