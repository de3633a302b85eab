import { describe, expect, test } from 'bun:test'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import fs from 'node:fs'
import { closeDatabase, ENGINE, openDatabase, useDatabase } from '../../db/client'
import { row } from '../../db/raw'
import { jobs, notifications, outbox, referral_payments, referral_waitlist, referrals } from '../../db/schema'
import { env } from '../../env'
import { clock, DAY, HOUR, MINUTE } from '../../lib/clock'
import { runDueJobs } from '../../jobs'
import { db, setupTestDb } from '../../test/setup'
import { isEncrypted } from '../../lib/crypto'
import { createSession, SESSION_COOKIE } from '../auth/session'
import { joinWaitlist } from './join-waitlist'
import { entryJobKey, turnJobKey } from './job-keys'
import { cancelCheckout, insertReferral, payment, premiumOperator, referrer, unlockAndPay } from './test-fixtures'

const t = setupTestDb()

const active = async (referralId: string) =>
  db
    .select()
    .from(referral_waitlist)
    .where(and(eq(referral_waitlist.referral_id, referralId), inArray(referral_waitlist.status, ['waiting', 'notified'])))
    .orderBy(asc(referral_waitlist.position))
    .all()

const positionsOf = async (referralId: string) => (await active(referralId)).map((e) => e.position)

/** A referral whose slot is taken by a pending checkout of a fresh operator. */
async function heldReferral() {
  const owner = await referrer()
  const r = await insertReferral(owner.id)
  const holder = await premiumOperator()
  const unlock = await holder.agent.post(`/api/referrals/${r.id}/unlock`)
  return { owner, r, holder, paymentId: unlock.json.payment_id as string }
}

describe('join and leave', () => {
  test('first come: positions 1, 2, 3 with the server message; joining again keeps the place', async () => {
    const { r } = await heldReferral()
    const [a, b, c] = await Promise.all([premiumOperator(), premiumOperator(), premiumOperator()])
    const ra = await a.agent.post(`/api/referrals/${r.id}/waitlist`)
    expect(ra.status).toBe(200)
    expect(ra.json).toMatchObject({ position: 1, status: 'waiting', message: 'Added to waitlist! You are #1 in line.' })
    expect((await b.agent.post(`/api/referrals/${r.id}/waitlist`)).json.position).toBe(2)
    expect((await c.agent.post(`/api/referrals/${r.id}/waitlist`)).json.position).toBe(3)
    clock.advance(DAY)
    const again = await b.agent.post(`/api/referrals/${r.id}/waitlist`)
    expect(again.json).toMatchObject({ position: 2, message: 'You are already on the waitlist (#2 in line).' })
    // Renewed for another WAITLIST_EXPIRY_DAYS from now.
    expect(Math.abs(Date.parse(again.json.expires_at) - (clock.ms() + env.WAITLIST_EXPIRY_DAYS * DAY))).toBeLessThan(2000)
    expect(await positionsOf(r.id)).toEqual([1, 2, 3])
    const card = (await c.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my
    expect(card).toMatchObject({ action: 'waitlisted', waitlist: { position: 3, status: 'waiting' }, interested: true })
    // While others wait, a newcomer cannot take the slot either.
    const d = await premiumOperator()
    expect((await d.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my.action).toBe('slot_full')
  })

  test('leaving compacts the positions; leaving twice is a 404', async () => {
    const { r } = await heldReferral()
    const ops = await Promise.all(Array.from({ length: 4 }, () => premiumOperator()))
    for (const op of ops) await op.agent.post(`/api/referrals/${r.id}/waitlist`)
    const left = await ops[1]!.agent.delete(`/api/referrals/${r.id}/waitlist`)
    expect(left.status).toBe(200)
    expect(left.json.message).toBe('Removed from waitlist')
    expect((await active(r.id)).map((e) => [e.operator_id, e.position])).toEqual([
      [ops[0]!.id, 1],
      [ops[2]!.id, 2],
      [ops[3]!.id, 3],
    ])
    const twice = await ops[1]!.agent.delete(`/api/referrals/${r.id}/waitlist`)
    expect(twice.status).toBe(404)
    // Rejoining goes to the end of the line.
    expect((await ops[1]!.agent.post(`/api/referrals/${r.id}/waitlist`)).json.position).toBe(4)
  })

  test('concurrent joins and leaves keep positions 1..n, unique, in arrival order', async () => {
    const { r } = await heldReferral()
    const ops = await Promise.all(Array.from({ length: 30 }, () => premiumOperator()))
    const joins = await Promise.all(ops.map((op) => op.agent.post(`/api/referrals/${r.id}/waitlist`)))
    expect(joins.every((j) => j.status === 200)).toBe(true)
    expect(new Set(joins.map((j) => j.json.position)).size).toBe(30)
    expect(await positionsOf(r.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    // Half leave while new operators join and some of those who stay join again (a renewal) at the same time.
    const newcomers = await Promise.all(Array.from({ length: 10 }, () => premiumOperator()))
    const results = await Promise.all([
      ...ops.filter((_, i) => i % 2 === 0).map((op) => op.agent.delete(`/api/referrals/${r.id}/waitlist`)),
      ...newcomers.map((op) => op.agent.post(`/api/referrals/${r.id}/waitlist`)),
      ...ops.filter((_, i) => i % 2 === 1 && i % 3 === 1).map((op) => op.agent.post(`/api/referrals/${r.id}/waitlist`)),
    ])
    expect(results.every((res) => res.status === 200)).toBe(true)
    const entries = await active(r.id)
    expect(entries).toHaveLength(15 + 10)
    expect(entries.map((e) => e.position)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    // Those who stayed kept their relative order: the order their concurrent joins were given (arrival, not array order).
    const stayed = ops
      .map((op, i) => ({ id: op.id, i, position: joins[i]!.json.position as number }))
      .filter((o) => o.i % 2 === 1)
      .sort((a, b) => a.position - b.position)
      .map((o) => o.id)
    const order = entries.map((e) => e.operator_id).filter((id) => stayed.includes(id))
    expect(order).toEqual(stayed)
  }, 60_000)

  test('joining is refused to the operator holding the slot, and to one who already unlocked', async () => {
    const { r, holder } = await heldReferral()
    const res = await holder.agent.post(`/api/referrals/${r.id}/waitlist`)
    expect(res.status).toBe(409)
    expect(res.json.error.code).toBe('checkout_in_progress')
    const other = await insertReferral((await referrer()).id)
    await unlockAndPay(holder.agent, other.id)
    expect((await holder.agent.post(`/api/referrals/${other.id}/waitlist`)).json.error.code).toBe('already_unlocked')
    expect(await active(r.id)).toHaveLength(0)
  })

  test('with the slot free and nobody ahead, the turn starts at once', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    const res = await op.agent.post(`/api/referrals/${r.id}/waitlist`)
    expect(res.json).toMatchObject({ position: 1, status: 'notified', message: "It's your turn! You can pay now to unlock this referral." })
    expect(Math.abs(Date.parse(res.json.notification_expires_at) - (clock.ms() + env.WAITLIST_NOTIFY_HOURS * HOUR))).toBeLessThan(2000)
  })
})

describe('hand-over', () => {
  test('the slot frees → the first in line is notified (in-app and e-mail) and may pay; the others may not', async () => {
    const { r, paymentId } = await heldReferral()
    const [a, b] = await Promise.all([premiumOperator(), premiumOperator()])
    await a.agent.post(`/api/referrals/${r.id}/waitlist`)
    await b.agent.post(`/api/referrals/${r.id}/waitlist`)
    clock.advance(env.CHECKOUT_HOLD_MINUTES * MINUTE + 1)
    await runDueJobs(db)
    expect((await payment(paymentId)).status).toBe('expired')
    const [first, second] = await active(r.id)
    expect(first).toMatchObject({ operator_id: a.id, status: 'notified', position: 1 })
    expect(first!.notification_expires_at!.getTime() - first!.notified_at!.getTime()).toBe(48 * HOUR)
    expect(second).toMatchObject({ operator_id: b.id, status: 'waiting', position: 2 })
    expect(await db.select().from(outbox).where(and(eq(outbox.referral_id, r.id), eq(outbox.type, 'waitlist_turn'))).all()).toHaveLength(1)
    expect(await db.select().from(notifications).where(and(eq(notifications.user_id, a.id), eq(notifications.type, 'waitlist_turn'))).all()).toHaveLength(1)

    const aState = (await a.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my
    expect(aState).toMatchObject({ action: 'your_turn', waitlist: { position: 1, status: 'notified' } })
    expect(aState.waitlist.notification_expires_at).toBe(first!.notification_expires_at!.toISOString())
    expect((await b.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my.action).toBe('waitlisted')

    // b is behind a; an outsider is behind everyone.
    const outsider = await premiumOperator()
    for (const op of [b, outsider]) {
      const refused = await op.agent.post(`/api/referrals/${r.id}/unlock`)
      expect(refused.status).toBe(409)
      expect(refused.json.error.code).toBe('escrow_slot_full')
    }
    // a pays ("Pay Now (Time Limited)") even though b waits; the entry is converted and b moves up.
    const pid = await unlockAndPay(a.agent, r.id)
    expect((await payment(pid)).status).toBe('held_in_escrow')
    expect((await active(r.id)).map((e) => [e.operator_id, e.position, e.status])).toEqual([[b.id, 1, 'waiting']])
    expect((await db.select().from(referral_waitlist).where(eq(referral_waitlist.operator_id, a.id)).get())!.status).toBe('converted')
  })

  test('a turn not used within 48 hours passes to the next; positions compact', async () => {
    const { r, paymentId } = await heldReferral()
    const ops = await Promise.all([premiumOperator(), premiumOperator(), premiumOperator()])
    for (const op of ops) await op.agent.post(`/api/referrals/${r.id}/waitlist`)
    await cancelCheckout(paymentId)
    expect((await active(r.id))[0]).toMatchObject({ operator_id: ops[0]!.id, status: 'notified' })
    clock.advance(env.WAITLIST_NOTIFY_HOURS * HOUR - MINUTE)
    await runDueJobs(db)
    expect((await active(r.id))[0]!.operator_id).toBe(ops[0]!.id)
    clock.advance(2 * MINUTE)
    await runDueJobs(db)
    expect((await active(r.id)).map((e) => [e.operator_id, e.position, e.status])).toEqual([
      [ops[1]!.id, 1, 'notified'],
      [ops[2]!.id, 2, 'waiting'],
    ])
    expect((await db.select().from(referral_waitlist).where(eq(referral_waitlist.operator_id, ops[0]!.id)).get())!.status).toBe('expired')
    // The skipped operator can no longer pay.
    expect((await ops[0]!.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(409)
    // Leaving during one's turn passes it on at once.
    await ops[1]!.agent.delete(`/api/referrals/${r.id}/waitlist`)
    expect((await active(r.id)).map((e) => [e.operator_id, e.position, e.status])).toEqual([[ops[2]!.id, 1, 'notified']])
  })

  test('an abandoned checkout of the notified operator: their turn goes on until it ends', async () => {
    const { r, paymentId } = await heldReferral()
    const [a, b] = await Promise.all([premiumOperator(), premiumOperator()])
    await a.agent.post(`/api/referrals/${r.id}/waitlist`)
    await b.agent.post(`/api/referrals/${r.id}/waitlist`)
    await cancelCheckout(paymentId)
    const mine = await a.agent.post(`/api/referrals/${r.id}/unlock`)
    expect(mine.status).toBe(201)
    await a.agent.post(`/api/pay/offline/unlock/${mine.json.payment_id}/cancel`)
    expect((await active(r.id))[0]).toMatchObject({ operator_id: a.id, status: 'notified' })
    expect((await a.agent.post(`/api/referrals/${r.id}/unlock`)).status).toBe(201)
  })

  test('entries expire after WAITLIST_EXPIRY_DAYS unless renewed', async () => {
    const { r } = await heldReferral()
    const [a, b] = await Promise.all([premiumOperator(), premiumOperator()])
    await a.agent.post(`/api/referrals/${r.id}/waitlist`)
    await b.agent.post(`/api/referrals/${r.id}/waitlist`)
    // The slot stays held (a paid escrow is not subject to the checkout hold).
    const holder = (await db.select().from(referral_payments).where(eq(referral_payments.referral_id, r.id)).get())!
    await db.update(referral_payments).set({ status: 'held_in_escrow', paid_at: clock.now() }).where(eq(referral_payments.id, holder.id)).run()
    clock.advance((env.WAITLIST_EXPIRY_DAYS - 10) * DAY)
    // b renews (their browser session is long gone: straight through the service).
    expect((await joinWaitlist(db, { referralId: r.id, operatorId: b.id })).message).toBe('You are already on the waitlist (#2 in line).')
    clock.advance(10 * DAY + MINUTE)
    await runDueJobs(db)
    expect((await active(r.id)).map((e) => [e.operator_id, e.position])).toEqual([[b.id, 1]])
    clock.advance((env.WAITLIST_EXPIRY_DAYS - 10) * DAY)
    await runDueJobs(db)
    expect(await active(r.id)).toHaveLength(0)
  })
})

/** What the client would need from the home, and renewing an entry. */
describe('needs and renewal', () => {
  const rawNeeds = async (entryId: string) => (await row<{ needs: string | null }>(db, sql`SELECT needs FROM referral_waitlist WHERE id = ${entryId}`))!.needs
  const expiryJobs = async (entryId: string) =>
    (await db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'marketplace.waitlist-entry-expiry'))
      .all())
      .filter((j) => j.payload.entry_id === entryId)

  test('the operator may note what the client would need from them: stored sealed, shown only to them', async () => {
    const { r } = await heldReferral()
    const [a, b] = await Promise.all([premiumOperator(), premiumOperator()])
    const joined = await a.agent.post(`/api/referrals/${r.id}/waitlist`, { needs: '  A ground-floor room and help with insulin  ' })
    expect(joined.status).toBe(200)
    expect(joined.json).toMatchObject({ position: 1, needs: 'A ground-floor room and help with insulin' })
    const raw = await rawNeeds(joined.json.id)
    expect(isEncrypted(raw)).toBe(true)
    expect(raw).not.toContain('insulin')
    expect((await a.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my.waitlist).toMatchObject({ id: joined.json.id, needs: 'A ground-floor room and help with insulin' })
    // Another operator in the same line sees their own entry, never this note.
    await b.agent.post(`/api/referrals/${r.id}/waitlist`)
    const theirs = await b.agent.get(`/api/marketplace/referrals/${r.id}`)
    expect(theirs.json.my.waitlist).toMatchObject({ position: 2, needs: null })
    expect(theirs.text).not.toContain('insulin')
    expect((await b.agent.get('/api/marketplace/referrals')).text).not.toContain('insulin')
    // Joining again with a new note replaces it; without one keeps it.
    await a.agent.post(`/api/referrals/${r.id}/waitlist`, { needs: 'Only a private room' })
    await a.agent.post(`/api/referrals/${r.id}/waitlist`)
    expect((await a.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my.waitlist.needs).toBe('Only a private room')
  })

  test.each([
    [{ needs: 'n'.repeat(501) }, 'Needs must be less than 500 characters'],
    [{ needs: 42 }, 'Needs must be text'],
    [{ needs: ['a list'] }, 'Needs must be text'],
  ])('refuses %p with 422 and writes nothing', async (body, message) => {
    const { r } = await heldReferral()
    const op = await premiumOperator()
    const res = await op.agent.post(`/api/referrals/${r.id}/waitlist`, body)
    expect(res.status).toBe(422)
    expect(res.json.error).toMatchObject({ message, fields: { needs: message } })
    expect(await active(r.id)).toHaveLength(0)
  })

  test('a blank note or none at all is no note; exactly 500 characters is allowed', async () => {
    const { r } = await heldReferral()
    const [a, b, c] = await Promise.all([premiumOperator(), premiumOperator(), premiumOperator()])
    expect((await a.agent.post(`/api/referrals/${r.id}/waitlist`, { needs: '   ' })).json.needs).toBeNull()
    expect((await b.agent.post(`/api/referrals/${r.id}/waitlist`)).json.needs).toBeNull()
    expect((await c.agent.post(`/api/referrals/${r.id}/waitlist`, { needs: 'n'.repeat(500) })).json.needs).toHaveLength(500)
  })

  test('renew restarts the 90 days from now and moves the persisted expiry job with it', async () => {
    const { r, holder } = await heldReferral()
    await db.update(referral_payments).set({ status: 'held_in_escrow', paid_at: clock.now() }).where(eq(referral_payments.operator_id, holder.id)).run()
    const op = await premiumOperator()
    const joined = (await op.agent.post(`/api/referrals/${r.id}/waitlist`)).json
    const firstExpiry = Date.parse(joined.expires_at)
    expect((await expiryJobs(joined.id)).map((j) => [j.status, j.run_at.getTime()])).toEqual([['pending', firstExpiry]])

    clock.advance((env.WAITLIST_EXPIRY_DAYS - 5) * DAY)
    // Months later the operator signs in again (sessions last 30 days at most).
    const signIn = async () => (op.agent.cookie = `${SESSION_COOKIE}=${(await createSession(db, { userId: op.id, isAdmin: false })).token}`)
    await signIn()
    const renewed = await op.agent.post(`/api/waitlist/${joined.id}/renew`)
    expect(renewed.status).toBe(200)
    expect(renewed.json).toMatchObject({ id: joined.id, position: 1, status: 'waiting', message: `Waitlist entry renewed for ${env.WAITLIST_EXPIRY_DAYS} days.` })
    const newExpiry = Date.parse(renewed.json.expires_at)
    expect(Math.abs(newExpiry - (clock.ms() + env.WAITLIST_EXPIRY_DAYS * DAY))).toBeLessThan(2000)
    // One pending expiry job, due when the entry now expires; the old one is cancelled.
    const after = await expiryJobs(joined.id)
    expect(after.filter((j) => j.status === 'pending').map((j) => j.run_at.getTime())).toEqual([newExpiry])
    expect(after.filter((j) => j.status === 'cancelled').map((j) => j.run_at.getTime())).toEqual([firstExpiry])
    // The card shows the new expiry.
    expect((await op.agent.get(`/api/marketplace/referrals/${r.id}`)).json.my.waitlist.expires_at).toBe(renewed.json.expires_at)

    // Past the old expiry the entry is still in line; past the new one the job expires it.
    clock.advance(10 * DAY)
    await runDueJobs(db)
    expect((await active(r.id)).map((e) => e.id)).toEqual([joined.id])
    clock.set(new Date(newExpiry + MINUTE))
    await runDueJobs(db)
    expect(await active(r.id)).toHaveLength(0)
    expect((await expiryJobs(joined.id)).filter((j) => j.status === 'done')).toHaveLength(1)
    // Expired: it can no longer be renewed.
    await signIn()
    const late = await op.agent.post(`/api/waitlist/${joined.id}/renew`)
    expect(late.status).toBe(409)
    expect(late.json.error.code).toBe('waitlist_entry_inactive')
    clock.reset()
  })

  test('joining again renews the same way (one pending expiry job)', async () => {
    const { r } = await heldReferral()
    const op = await premiumOperator()
    const joined = (await op.agent.post(`/api/referrals/${r.id}/waitlist`)).json
    clock.advance(DAY)
    const again = (await op.agent.post(`/api/referrals/${r.id}/waitlist`)).json
    expect((await expiryJobs(joined.id)).filter((j) => j.status === 'pending').map((j) => j.run_at.toISOString())).toEqual([again.expires_at])
    clock.reset()
  })

  test('only the entry’s own operator renews it, only while it is active and its referral open', async () => {
    const { r, owner } = await heldReferral()
    const op = await premiumOperator()
    const entry = (await op.agent.post(`/api/referrals/${r.id}/waitlist`)).json
    const before = (await db.select().from(referral_waitlist).where(eq(referral_waitlist.id, entry.id)).get())!.expires_at.getTime()
    clock.advance(DAY)
    const other = await premiumOperator()
    const refused = await other.agent.post(`/api/waitlist/${entry.id}/renew`)
    expect(refused.status).toBe(404)
    expect(refused.json.error.message).toBe('Waitlist entry not found')
    expect((await owner.agent.post(`/api/waitlist/${entry.id}/renew`)).status).toBe(403)
    expect((await op.agent.post('/api/waitlist/not-an-entry/renew')).status).toBe(404)
    expect((await db.select().from(referral_waitlist).where(eq(referral_waitlist.id, entry.id)).get())!.expires_at.getTime()).toBe(before)

    // Left the line: 409, nothing renewed.
    await op.agent.delete(`/api/referrals/${r.id}/waitlist`)
    const left = await op.agent.post(`/api/waitlist/${entry.id}/renew`)
    expect(left.status).toBe(409)
    expect(left.json.error.message).toBe('This waitlist entry is no longer active: join the waitlist again from the referral')

    // A referral that closed: 409.
    const rejoined = (await op.agent.post(`/api/referrals/${r.id}/waitlist`)).json
    await db.update(referrals).set({ status: 'cancelled' }).where(eq(referrals.id, r.id)).run()
    const closed = await op.agent.post(`/api/waitlist/${rejoined.id}/renew`)
    expect(closed.status).toBe(409)
    expect(closed.json.error.code).toBe('referral_closed')
    clock.reset()
  })
})

describe('scheduler', () => {
  test('expiry and hand-over fire exactly once, across a restart and overlapping runners', async () => {
    const { r, paymentId } = await heldReferral()
    const ops = await Promise.all([premiumOperator(), premiumOperator(), premiumOperator()])
    for (const op of ops) await op.agent.post(`/api/referrals/${r.id}/waitlist`)

    // Downtime: the server is stopped past the checkout hold and past the first turn.
    await closeDatabase()
    clock.advance(env.CHECKOUT_HOLD_MINUTES * MINUTE + 1)
    useDatabase(await openDatabase(t.target))
    if (ENGINE === 'sqlite') expect(fs.existsSync(t.file)).toBe(true)

    // Two runners overlap: one claims a due job and dies before finishing it.
    const claimed = await db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, locked_until: new Date(clock.ms() + 5 * MINUTE) })
      .where(eq(jobs.key, `unlock-checkout:${paymentId}`))
      .returning({ id: jobs.id })
      .get()
    expect(claimed).toBeTruthy()
    await runDueJobs(db) // the second runner leaves the claimed job alone
    expect((await payment(paymentId)).status).toBe('pending')
    // Its lock runs out; catch-up takes it over, and a third run finds nothing.
    clock.advance(5 * MINUTE + 1)
    await runDueJobs(db)
    await runDueJobs(db)
    expect((await payment(paymentId)).status).toBe('expired')
    const turnMails = async () => db.select().from(outbox).where(and(eq(outbox.referral_id, r.id), eq(outbox.type, 'waitlist_turn'))).all()
    expect(await turnMails()).toHaveLength(1)

    // Restart again (re-open the database) and run twice after the turn window.
    await closeDatabase()
    clock.advance(env.WAITLIST_NOTIFY_HOURS * HOUR + 1)
    useDatabase(await openDatabase(t.target))
    await runDueJobs(db)
    await runDueJobs(db)
    expect((await active(r.id)).map((e) => [e.operator_id, e.position, e.status])).toEqual([
      [ops[1]!.id, 1, 'notified'],
      [ops[2]!.id, 2, 'waiting'],
    ])
    expect(await turnMails()).toHaveLength(2)
    expect((await turnMails()).map((m) => m.to_email).sort()).toEqual([ops[0]!.email, ops[1]!.email].sort())
    const turnJob = (await db.select().from(jobs).where(eq(jobs.key, turnJobKey((await active(r.id))[0]!.id))).get())!
    expect(turnJob.status).toBe('pending')
    const doneTurns = await db.select().from(jobs).where(and(eq(jobs.kind, 'marketplace.waitlist-turn-expiry'), eq(jobs.status, 'done'))).all()
    const firstEntry = (await db.select().from(referral_waitlist).where(eq(referral_waitlist.operator_id, ops[0]!.id)).get())!
    expect(doneTurns.filter((j) => j.payload.entry_id === firstEntry.id)).toHaveLength(1)
    // Each entry has one pending 90-day expiry job.
    const entry = (await active(r.id))[1]!
    expect((await db.select().from(jobs).where(eq(jobs.key, entryJobKey(entry.id, entry.expires_at))).get())!.status).toBe('pending')
  })
})
