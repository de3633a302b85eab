/**
 * One order everywhere: every paged or cut list comes out in the
 * same total order on SQLite and PostgreSQL, and paging through it finds each
 * row exactly once, even where the sort keys tie (same creation time, same
 * distance, same name, NULLs). Each test forces such ties, pages through the
 * list, and compares what was served with the list's rule applied here in
 * TypeScript: the rule ends with a unique key, places NULLs explicitly and
 * compares text by an explicit rule (ASCII letters folded, then code points).
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { eq, inArray } from 'drizzle-orm'
import { rowidSql } from '../db/dialect'
import { audit_logs, profiles, properties, referral_payments, referrals } from '../db/schema'
import { clock, HOUR } from '../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../test/setup'
import { insertProperty, insertReferral } from './admin/test-fixtures'
import { addProperty, uniqueCity } from './properties/property-fixtures'

setupTestDb()

type U = Awaited<ReturnType<typeof createUser>>
let admin: U

beforeAll(async () => {
  admin = await createUser({ roles: ['admin'] })
})

// ─── the rules, in TypeScript ────────────────────────────────────────────────

type Cmp<T> = (a: T, b: T) => number
/** Code point order (JS compares UTF-16 code units: the same for the text here). */
const byValue = <V extends string | number>(a: V, b: V) => (a < b ? -1 : a > b ? 1 : 0)
const asc = <T, V extends string | number>(key: (row: T) => V): Cmp<T> => (a, b) => byValue(key(a), key(b))
const desc = <T, V extends string | number>(key: (row: T) => V): Cmp<T> => (a, b) => byValue(key(b), key(a))
/** A nullable key: NULL after every value, whichever the direction. */
const nullsLast = <T, V extends string | number>(key: (row: T) => V | null, direction: 'asc' | 'desc'): Cmp<T> => (a, b) => {
  const x = key(a)
  const y = key(b)
  if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0)
  return direction === 'asc' ? byValue(x, y) : byValue(y, x)
}
const thenBy = <T>(...cmps: Cmp<T>[]): Cmp<T> => (a, b) => {
  for (const c of cmps) {
    const r = c(a, b)
    if (r !== 0) return r
  }
  return 0
}
/** Text by the app's rule (db/dialect.ts textOrder): ASCII letters folded to lower case, then code points. */
const folded = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())
const ms = (d: Date | null) => (d ? d.getTime() : null)

/**
 * Pages through a list until it says there is no more (has_more, or no
 * next_cursor); returns the ids in the order served.
 */
async function pageThrough(fetch: (page: number, cursor: string | null) => Promise<{ status: number; json: any }>) {
  const ids: string[] = []
  let cursor: string | null = null
  for (let page = 1; page < 500; page++) {
    const res = await fetch(page, cursor)
    expect(res.status).toBe(200)
    ids.push(...res.json.items.map((i: { id: string }) => i.id))
    cursor = res.json.next_cursor ?? null
    if (!(res.json.has_more ?? cursor)) return ids
  }
  throw new Error('the list never ended')
}

/** Each row exactly once (none repeated, none skipped), in the rule's order. */
function expectEachOnceInOrder(served: string[], expected: string[]) {
  const repeated = served.filter((id, i) => served.indexOf(id) !== i)
  const skipped = expected.filter((id) => !served.includes(id))
  expect({ repeated, skipped }).toEqual({ repeated: [], skipped: [] })
  expect(served).toEqual(expected)
}

const rowidsOf = async (ids: string[]) =>
  new Map((await db.select({ id: properties.id, rowid: rowidSql(properties) }).from(properties).where(inArray(properties.id, ids)).all()).map((r) => [r.id, r.rowid]))

// ─── property search ─────────────────────────────────────────────────────────

describe('GET /api/properties pages without skipping or repeating a home', () => {
  test('newest first: homes created at the same moment come in one order, the last inserted first (created_at, then rowid, both descending)', async () => {
    const city = uniqueCity('Tieville')
    const [a, b] = [await createUser({ roles: ['operator'], plan: 'premium' }), await createUser({ roles: ['operator'], plan: 'premium' })]
    const free = await createUser({ roles: ['operator'] })
    const at = clock.ms() - 10 * HOUR
    const homes: { id: string; created_at: number; visible: boolean }[] = []
    // 24 homes over three creation times, from two operators, interleaved.
    for (let i = 0; i < 24; i++) {
      const created = at - (i % 3) * 60_000
      const home = (await addProperty(i % 2 ? a.id : b.id, { city, created_at: new Date(created) }))!
      homes.push({ id: home.id, created_at: created, visible: true })
    }
    // A free operator shows only their oldest active home: three created at once, the smallest id is the oldest.
    const freeHomes = []
    for (let i = 0; i < 3; i++) freeHomes.push((await addProperty(free.id, { city, created_at: new Date(at) }))!)
    const shown = freeHomes.map((h) => h.id).sort()[0]
    for (const h of freeHomes) homes.push({ id: h.id, created_at: at, visible: h.id === shown })
    const rowids = await rowidsOf(homes.map((h) => h.id))
    const expected = homes
      .filter((h) => h.visible)
      .sort(thenBy(desc((h) => h.created_at), desc((h) => rowids.get(h.id)!)))
      .map((h) => h.id)
    const served = await pageThrough((page) => anonymous().get(`/api/properties?${new URLSearchParams({ city, per_page: '4', page: String(page) })}`))
    expectEachOnceInOrder(served, expected)
  })

  test('by radius: homes at one ZIP centroid (equal distances) come nearest first, then newest, then the last inserted; homes without a map position last', async () => {
    const city = uniqueCity('Centroid')
    const ops = [await createUser({ roles: ['operator'], plan: 'premium' }), await createUser({ roles: ['operator'], plan: 'premium' })]
    // Cheyenne WY 82001's centroid; a second spot about 3 miles north.
    const spots = [
      { latitude: 41.1437, longitude: -104.7962 },
      { latitude: 41.1875, longitude: -104.7962 },
    ]
    const at = clock.ms() - 5 * HOUR
    const homes: { id: string; spot: number; created_at: number }[] = []
    for (let i = 0; i < 20; i++) {
      // spot 2 = no map position (the ZIP did not geocode).
      const spot = i % 5 === 4 ? 2 : i % 5 === 3 ? 1 : 0
      const created = at - (i % 2) * 60_000
      const position = spot === 2 ? { latitude: null, longitude: null } : spots[spot]!
      const home = (await addProperty(ops[i % 2]!.id, { city, state: 'WY', zip_code: '82001', created_at: new Date(created), ...position }))!
      homes.push({ id: home.id, spot, created_at: created })
    }
    const rowids = await rowidsOf(homes.map((h) => h.id))
    const expected = homes.sort(thenBy(asc((h) => h.spot), desc((h) => h.created_at), desc((h) => rowids.get(h.id)!))).map((h) => h.id)
    const served = await pageThrough((page) =>
      anonymous().get(`/api/properties?${new URLSearchParams({ zip: '82001', radius: '10', city, per_page: '3', page: String(page) })}`),
    )
    expectEachOnceInOrder(served, expected)
  })
})

// ─── operator directory ──────────────────────────────────────────────────────

describe('GET /api/operators pages without skipping or repeating an operator', () => {
  test('alphabetically with ASCII case folded, then by code point, then by id: equal names, mixed case and accented letters', async () => {
    const city = uniqueCity('Directory')
    // [organization name, first name, last name]: the card's name is the organization's, else first + last.
    const names: [string | null, string, string][] = [
      ['Sunrise Care', 'A', 'A'],
      ['Sunrise Care', 'B', 'B'],
      ['sunrise care', 'C', 'C'],
      ['SUNRISE CARE', 'D', 'D'],
      ['  Sunrise Care  ', 'E', 'E'],
      [null, 'Sunrise', 'Care'],
      ['', 'Sunrise', 'Care'],
      ['Zeta Homes', 'F', 'F'],
      ['alpha', 'G', 'G'],
      ['Alpha', 'H', 'H'],
      ['_Underscore', 'I', 'I'],
      // Accented capitals are not folded (the rule folds ASCII only): 'Émile' sorts before 'éden'.
      ['Émile House', 'J', 'J'],
      ['éden House', 'K', 'K'],
      ['Éden House', 'L', 'L'],
      ['Ábaco', 'M', 'M'],
    ]
    const listed: { id: string; name: string }[] = []
    for (const [organization, first, last] of names) {
      const op = await createUser({ roles: ['operator'], plan: 'premium', first_name: first, last_name: last })
      await db.update(profiles).set({ organization_name: organization }).where(eq(profiles.id, op.id)).run()
      await addProperty(op.id, { city })
      listed.push({ id: op.id, name: organization?.trim() || `${first} ${last}` })
    }
    const expected = listed.sort(thenBy(asc((o) => folded(o.name)), asc((o) => o.id))).map((o) => o.id)
    const served = await pageThrough((page) => anonymous().get(`/api/operators?${new URLSearchParams({ city, per_page: '4', page: String(page) })}`))
    expectEachOnceInOrder(served, expected)
  })
})

// ─── admin lists ─────────────────────────────────────────────────────────────

describe('the admin lists that page find each row once', () => {
  test('GET /api/admin/properties: newest first, then by id (descending)', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const at = clock.ms() - 3 * HOUR
    const ids: { id: string; created_at: number }[] = []
    for (let i = 0; i < 17; i++) {
      const created = at - (i % 2) * 1000
      const home = (await insertProperty(op.id, { state: 'VT', created_at: new Date(created), is_active: i % 4 !== 0 }))!
      ids.push({ id: home.id, created_at: created })
    }
    const expected = ids.sort(thenBy(desc((h) => h.created_at), desc((h) => h.id))).map((h) => h.id)
    const served = await pageThrough((page) => admin.agent.get(`/api/admin/properties?state=VT&per_page=3&page=${page}`))
    expectEachOnceInOrder(served, expected)
  })

  test('GET /api/admin/audit-logs: newest first, then by id (descending), through the cursor', async () => {
    const at = clock.ms() + HOUR
    const values = Array.from({ length: 40 }, (_, i) => ({
      actor_label: 'cli',
      action: 'paging.test',
      resource_type: 'test',
      resource_id: String(i),
      created_at: new Date(at - (i % 3)),
    }))
    await db.insert(audit_logs).values(values).run()
    const all = await db.select({ id: audit_logs.id, created_at: audit_logs.created_at }).from(audit_logs).all()
    const expected = all.sort(thenBy(desc((r) => r.created_at.getTime()), desc((r) => r.id))).map((r) => r.id)
    const served = await pageThrough((_, cursor) => admin.agent.get(`/api/admin/audit-logs?limit=7${cursor ? `&before=${cursor}` : ''}`))
    expectEachOnceInOrder(served, expected)
  })
})

// ─── the marketplace ─────────────────────────────────────────────────────────

describe('GET /api/marketplace/referrals pages without skipping or repeating a referral', () => {
  test('urgent first, then newest, then by id (descending)', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const at = clock.ms() - 2 * HOUR
    for (let i = 0; i < 16; i++) await insertReferral({ is_urgent: i % 3 === 0, created_at: new Date(at - (i % 2) * 1000) })
    const pending = await db
      .select({ id: referrals.id, is_urgent: referrals.is_urgent, created_at: referrals.created_at })
      .from(referrals)
      .where(eq(referrals.status, 'pending'))
      .all()
    const expected = pending.sort(thenBy(desc((r) => (r.is_urgent ? 1 : 0)), desc((r) => r.created_at.getTime()), desc((r) => r.id))).map((r) => r.id)
    const served = await pageThrough((page) => op.agent.get(`/api/marketplace/referrals?per_page=3&page=${page}`))
    expectEachOnceInOrder(served, expected)
  })
})

// ─── escrow ──────────────────────────────────────────────────────────────────

describe('the escrow lists come in one order, NULLs last', () => {
  const payment = (referralId: string, operatorId: string, values: Partial<typeof referral_payments.$inferInsert>) => ({
    referral_id: referralId,
    operator_id: operatorId,
    amount_cents: 20000,
    provider: 'offline' as const,
    ...values,
  })

  test('GET /api/admin/escrow: soonest hold end first, then the earliest paid, then by id; a missing time after every known one', async () => {
    const op = await createUser({ roles: ['operator'] })
    const at = clock.ms()
    const holds = [at + HOUR, at + HOUR, at + 2 * HOUR, null]
    const paid = [at - HOUR, at - HOUR, null]
    for (let i = 0; i < 12; i++) {
      // One held payment per referral (the escrow slot).
      const referral = (await insertReferral())!
      const hold = holds[i % holds.length]!
      const paidAt = paid[i % paid.length]!
      await db
        .insert(referral_payments)
        .values(payment(referral.id, op.id, { status: 'held_in_escrow', escrow_hold_until: hold === null ? null : new Date(hold), paid_at: paidAt === null ? null : new Date(paidAt) }))
        .run()
    }
    const held = await db
      .select({ id: referral_payments.id, hold: referral_payments.escrow_hold_until, paid: referral_payments.paid_at })
      .from(referral_payments)
      .where(eq(referral_payments.status, 'held_in_escrow'))
      .all()
    const expected = held.sort(thenBy(nullsLast((p) => ms(p.hold), 'asc'), nullsLast((p) => ms(p.paid), 'asc'), asc((p) => p.id))).map((p) => p.id)
    const res = await admin.agent.get('/api/admin/escrow')
    expect(res.status).toBe(200)
    expectEachOnceInOrder(
      res.json.items.map((i: { id: string }) => i.id),
      expected,
    )
  })

  test('GET /api/admin/escrow?view=resolved: latest resolution first (none recorded: last), then the latest update, then by id; the 200 kept are the first 200 of that order', async () => {
    const op = await createUser({ roles: ['operator'] })
    const referral = (await insertReferral())!
    const at = new Date(clock.ms() - HOUR)
    // More than the history shows, all resolved and updated at the same moment, some without a resolution time.
    const values = Array.from({ length: 205 }, (_, i) =>
      payment(referral.id, op.id, { status: i % 2 ? 'released_to_referrer' : 'refunded', resolved_at: i % 7 === 0 ? null : at, updated_at: at }),
    )
    await db.insert(referral_payments).values(values).run()
    const resolved = await db
      .select({ id: referral_payments.id, resolved_at: referral_payments.resolved_at, updated_at: referral_payments.updated_at })
      .from(referral_payments)
      .where(inArray(referral_payments.status, ['released_to_referrer', 'refunded']))
      .all()
    const expected = resolved
      .sort(thenBy(nullsLast((p) => ms(p.resolved_at), 'desc'), desc((p) => p.updated_at.getTime()), desc((p) => p.id)))
      .slice(0, 200)
      .map((p) => p.id)
    const res = await admin.agent.get('/api/admin/escrow?view=resolved')
    expect(res.status).toBe(200)
    expectEachOnceInOrder(
      res.json.items.map((i: { id: string }) => i.id),
      expected,
    )
  })

  test("GET /api/referrals/:id/escrow: the referrer sees the payment held now, else the latest paid one (a payment never paid comes after)", async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const op = await createUser({ roles: ['operator'] })
    const referral = (await insertReferral({ referrer_user_id: referrer.id }))!
    const at = clock.ms() - HOUR
    const [, paidLatest] = await db
      .insert(referral_payments)
      .values([
        payment(referral.id, op.id, { status: 'refunded', paid_at: null }),
        payment(referral.id, op.id, { status: 'released_to_referrer', paid_at: new Date(at) }),
        payment(referral.id, op.id, { status: 'refunded', paid_at: new Date(at - HOUR) }),
      ])
      .returning()
      .all()
    const res = await referrer.agent.get(`/api/referrals/${referral.id}/escrow`)
    expect(res.status).toBe(200)
    expect(res.json.escrow.id).toBe(paidLatest!.id)
  })
})
