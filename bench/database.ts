import postgres from 'postgres'

/**
 * The database a benchmark runs on: SQLite in its temporary DATA_DIR, or, when
 * BENCH_POSTGRES_URL names a PostgreSQL server (a user who may create
 * databases), a scratch database created for the run and dropped after it.
 */
export async function benchDatabase(): Promise<{ engine: 'sqlite' | 'postgres'; env: Record<string, string>; drop: () => Promise<void> }> {
  const server = process.env.BENCH_POSTGRES_URL
  if (!server) return { engine: 'sqlite', env: {}, drop: async () => {} }
  const name = `hw_bench_${process.pid}_${Date.now().toString(36)}`
  const admin = () => postgres(server, { max: 1, onnotice: () => {} })
  const create = admin()
  await create.unsafe(`CREATE DATABASE "${name}"`)
  await create.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    engine: 'postgres',
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const sql = admin()
      await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await sql.end()
    },
  }
}
