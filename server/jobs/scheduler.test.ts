import { expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { database } from '../db/client'
import { jobs, outbox } from '../db/schema'
import { transaction } from '../db/unit-of-work'
import { clock, HOUR } from '../lib/clock'
import { enqueueEmail } from '../mail/outbox'
import '../mail/mail.jobs'
import { eventually, nextTurn } from '../test/eventually'
import { db, setupTestDb } from '../test/setup'
import { defineJob, runDueJobs, scheduleJob, startScheduler, stopScheduler } from './scheduler'

setupTestDb()

test('runners working at once take different jobs: each due job runs exactly once', async () => {
  const ran: string[] = []
  const kind = defineJob('test.count-once', async ({ key }) => {
    await nextTurn() // a handler that yields, so the runners interleave
    ran.push(key)
  })
  const keys = Array.from({ length: 24 }, (_, i) => `count-once-${i}`)
  await transaction(database(), async (tx) => {
    for (const key of keys) await scheduleJob(tx, { kind, key, runAt: new Date(clock.ms() - 1000) })
  })
  // Four runners at once (on PostgreSQL each claims on its own pooled connection).
  const counts = await Promise.all([runDueJobs(database()), runDueJobs(database()), runDueJobs(database()), runDueJobs(database())])
  expect(counts.reduce((a, b) => a + b, 0)).toBe(keys.length)
  expect([...ran].sort()).toEqual([...keys].sort())
  const done = await db.select({ key: jobs.key }).from(jobs).where(eq(jobs.status, 'done')).all()
  expect(done.filter((j) => j.key.startsWith('count-once-'))).toHaveLength(keys.length)
})

test('an e-mail queued while the scheduler runs is sent right after the commit, not at the next round', async () => {
  // A round an hour away: only runSoon() (after the commit) can send it during this test.
  startScheduler(database(), HOUR)
  try {
    const queued = await transaction(database(), (tx) => enqueueEmail(tx, { to: 'soon@example.com', type: 'test_soon', subject: 'Soon', text: 'Sent at once.' }))
    const status = async () => (await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, queued.id)).get())?.status
    expect(await eventually('the e-mail to be sent', async () => (await status()) === 'sent')).toBe(true)
  } finally {
    await stopScheduler()
  }
})
