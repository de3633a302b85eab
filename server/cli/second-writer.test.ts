/**
 * A second writer process is ordinary (ADR 020): the real
 * bin/homeward writes to the database in a loop while the API takes writes
 * on the same database. On SQLite, before BEGIN IMMEDIATE, a transaction
 * that read first and then wrote failed at once with SQLITE_BUSY ("database
 * is locked") whenever the other process held the write lock: 500s in the
 * API, failed commands. On PostgreSQL the same work interleaves row by row
 * (row locks, the pool): it must give no 5xx and no failed command either.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { closeDatabase, ENGINE, openDatabase, useDatabase } from '../db/client'
import { dataDir as testDataDir } from '../env'
import { currentKeyId } from '../lib/crypto'
import { createUser, newTestDatabase, removeTestDatabase } from '../test/setup'
import { eventually, nextTurn } from '../test/eventually'

const bin = path.resolve(import.meta.dir, '../../bin/homeward')
const dataDir = path.join(testDataDir(), `second-writer-${crypto.randomUUID()}`)
const SLOW = 120_000
/** The database both processes write: DATA_DIR/homeward.db on SQLite, a database of this file on PostgreSQL. */
let target = ''

async function homeward(args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', SCHEDULER: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'warn' }
  // This process's DATABASE_URL names the run's template: the command gets this file's database, or none (SQLite).
  delete env.DATABASE_URL
  if (ENGINE === 'postgres') env.DATABASE_URL = target
  const proc = Bun.spawn([bin, ...args], { env, stdout: 'pipe', stderr: 'pipe' })
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()])
  return { code, stderr }
}

beforeAll(async () => {
  // The CLI opens the same database as this process's app, with the same care-data key ring.
  currentKeyId()
  fs.mkdirSync(dataDir, { recursive: true })
  fs.copyFileSync(path.join(testDataDir(), 'keys.json'), path.join(dataDir, 'keys.json'))
  if (ENGINE === 'postgres') target = await newTestDatabase()
  else {
    target = path.join(dataDir, 'homeward.db')
    fs.copyFileSync(process.env.HOMEWARD_TEMPLATE_DB!, target)
  }
  useDatabase(await openDatabase(target))
})

afterAll(async () => {
  await closeDatabase()
  if (ENGINE === 'postgres') await removeTestDatabase(target)
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test(
  'bin/homeward writing in a loop beside the API: no 5xx answer, no failed command',
  async () => {
    const admin = await createUser({ roles: ['admin'] })
    const operators = await Promise.all([1, 2, 3, 4].map(() => createUser({ roles: ['operator'] })))
    const granted = await createUser({ roles: ['operator'] })
    const statuses: number[] = []
    const failures: string[] = []
    let running = true

    // The CLI grants and revokes complimentary Premium, one process after another.
    let commands = 0
    const cli = (async () => {
      while (running) {
        const result = await homeward(['premium', commands % 2 ? 'revoke' : 'grant', granted.email])
        if (result.code !== 0) failures.push(result.stderr.trim())
        commands++
      }
    })()

    // Meanwhile each operator edits their profile, and the admin grants Premium through the API.
    const api = async (work: (i: number) => Promise<{ status: number }>) => {
      for (let i = 0; running; i++) {
        statuses.push((await work(i)).status)
        // app.request() on SQLite can finish within microtasks: yield so the timers (and the CLI's pipes) run.
        await nextTurn()
      }
    }
    const writers = [
      ...operators.map((o) => api((i) => o.agent.patch('/api/my/profile', { bio: `Edit ${i} beside the CLI` }))),
      api((i) => admin.agent.post('/api/admin/subscriptions/complimentary', { email: operators[i % 4]!.email, grant: i % 2 === 0 })),
    ]
    // Both sides keep writing until each has done enough work to have met the other many times over.
    await eventually('six commands and fifty API writes side by side', () => commands >= 6 && statuses.length > 50, SLOW - 30_000)
    running = false
    await Promise.all([...writers, cli])

    expect(failures).toEqual([])
    expect(commands).toBeGreaterThanOrEqual(6)
    expect(statuses.length).toBeGreaterThan(50)
    expect(statuses.filter((s) => s >= 500)).toEqual([])
    expect(statuses.filter((s) => s !== 200)).toEqual([])
  },
  SLOW,
)
