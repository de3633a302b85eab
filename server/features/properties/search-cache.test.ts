import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { closeHandle, openDatabase } from '../../db/client'
import { operator_subscriptions, profiles, properties, users } from '../../db/schema'
import { witnessedSql } from '../../db/dialect'
import { rows } from '../../db/raw'
import { transaction } from '../../db/unit-of-work'
import { clock, DAY } from '../../lib/clock'
import { anonymous, createUser, db, setPlan, setupTestDb } from '../../test/setup'
import { searchPropertiesQuery } from './browse.schemas'
import { addMedia, addProperty, uniqueCity } from './property-fixtures'
import { boundedFacts, cachedSearch, searchBody, type Witness } from './search-cache'
import { searchProperties } from './search-properties'

const t = setupTestDb()

// 78704 (Austin) is at 30.2428, -97.7658 in the packaged ZIP dataset.
const near = (city: string, dLat: number) => ({ city, latitude: 30.2428 + dLat, longitude: -97.7658 })
/** The same query string every time: the cached path answers repeats. */
const ids = async (city: string) => {
  const res = await anonymous().get(`/api/properties?zip=78704&radius=50&city=${encodeURIComponent(city)}`)
  expect(res.status).toBe(200)
  return res.json.items.map((i: { id: string }) => i.id) as string[]
}

describe('the cached public search is never stale', () => {
  test('a commit of the writer shows at once (insert, update, delete)', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const city = uniqueCity()
    const a = await addProperty(op.id, near(city, 0.1))
    expect(await ids(city)).toEqual([a.id])
    expect(await ids(city)).toEqual([a.id])
    const b = await addProperty(op.id, near(city, 0.05))
    expect(await ids(city)).toEqual([b.id, a.id])
    await db.update(properties).set({ available_beds: 0 }).where(eq(properties.id, b.id)).run()
    expect(await ids(city)).toEqual([a.id])
    await db.delete(properties).where(eq(properties.id, a.id)).run()
    expect(await ids(city)).toEqual([])
  })

  test('a downgrade shows at once, and so does a period end reached by the clock', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const city = uniqueCity()
    const first = await addProperty(op.id, near(city, 0.2)) // the older one: what a free plan shows
    const second = await addProperty(op.id, near(city, 0.1))
    expect(await ids(city)).toEqual([second.id, first.id])
    // Set to lapse at the period end (30 days ahead): premium until then.
    await db.update(operator_subscriptions).set({ cancel_at_period_end: true }).where(eq(operator_subscriptions.user_id, op.id)).run()
    expect(await ids(city)).toEqual([second.id, first.id])
    expect(await ids(city)).toEqual([second.id, first.id])
    clock.advance(31 * DAY) // no write: only the clock moves
    try {
      expect(await ids(city)).toEqual([first.id])
    } finally {
      clock.reset()
    }
    expect(await ids(city)).toEqual([second.id, first.id])
  })

  test('a commit by another connection shows at once', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const city = uniqueCity()
    const a = await addProperty(op.id, near(city, 0.1))
    expect(await ids(city)).toEqual([a.id])
    expect(await ids(city)).toEqual([a.id])
    const other = await openDatabase(t.target)
    try {
      await transaction(other, (tx) => tx.update(properties).set({ is_active: false }).where(eq(properties.id, a.id)))
    } finally {
      await closeHandle(other)
    }
    expect(await ids(city)).toEqual([])
  })

  test('a search inside a transaction sees its writes and caches nothing; the read handle never sees them; a rollback leaves nothing behind', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const city = uniqueCity()
    const a = await addProperty(op.id, near(city, 0.1))
    expect(await ids(city)).toEqual([a.id])
    const key = `zip=78704&radius=50&city=${encodeURIComponent(city)}`
    const query = searchPropertiesQuery.parse({ zip: '78704', radius: '50', city })
    const rolledBack = transaction(t.db, async (tx) => {
      await tx.update(properties).set({ is_active: false }).where(eq(properties.id, a.id))
      expect(JSON.parse(await searchBody(tx, key, () => searchProperties(tx, query))).items).toEqual([])
      expect((await cachedSearch(tx, key)).body).toBeUndefined()
      // Uncommitted: the public search (the read handle) still answers as before.
      expect(await ids(city)).toEqual([a.id])
      throw new Error('roll back')
    })
    await expect(rolledBack).rejects.toThrow('roll back')
    expect(await ids(city)).toEqual([a.id])
  })

  test('a commit that lands while the search computes is not cached', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id, near(uniqueCity(), 0.1))
    // Nothing moved: the body is kept.
    await searchBody(t.db, 'quiet', async () => ({ n: 1 }))
    expect((await cachedSearch(t.db, 'quiet')).body).toBe('{"n":1}')
    // The writer commits between the generation check and the store: the body is not kept.
    const body = await searchBody(t.db, 'busy', async () => {
      await db.update(properties).set({ available_beds: 1 }).where(eq(properties.id, home.id)).run()
      return { n: 2 }
    })
    expect(body).toBe('{"n":2}')
    expect((await cachedSearch(t.db, 'busy')).body).toBeUndefined()
  })

  test('a commit between a miss and the computation is not cached', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id, near(uniqueCity(), 0.1))
    const missed = await cachedSearch(t.db, 'late')
    expect(missed.body).toBeUndefined()
    await db.update(properties).set({ available_beds: 2 }).where(eq(properties.id, home.id)).run()
    expect(await searchBody(t.db, 'late', async () => ({ n: 3 }), { missed })).toBe('{"n":3}')
    expect((await cachedSearch(t.db, 'late')).body).toBeUndefined()
    // Without a commit in between, the body computed after a miss is kept.
    const again = await cachedSearch(t.db, 'late')
    const witnessed = async (w: Witness) => {
      w.saw(await rows(t.db, witnessedSql(sql`SELECT 1 AS rid`)))
      return { n: 4 }
    }
    await searchBody(t.db, 'late', witnessed, { missed: again })
    expect((await cachedSearch(t.db, 'late')).body).toBe('{"n":4}')
  })

  // A miss of a key the cache does not hold reads no counters: the statements' own (witnessedSql) decide.
  test('a computation is kept only if its statements saw one version of the data', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id, near(uniqueCity(), 0.1))
    const look = () => rows<{ rid: number | null }>(t.db, witnessedSql(sql`SELECT p.rowid AS rid FROM properties p WHERE p.id = ${home.id}`))
    const split = async (w: Witness) => {
      w.saw(await look())
      await db.update(properties).set({ available_beds: 3 }).where(eq(properties.id, home.id)).run()
      w.saw(await look())
      return { n: 5 }
    }
    expect(await searchBody(t.db, 'split', split, { missed: await cachedSearch(t.db, 'split') })).toBe('{"n":5}')
    expect((await cachedSearch(t.db, 'split')).body).toBeUndefined()
    const whole = async (w: Witness) => {
      w.saw(await look())
      w.saw(await look())
      return { n: 6 }
    }
    await searchBody(t.db, 'whole', whole, { missed: await cachedSearch(t.db, 'whole') })
    expect((await cachedSearch(t.db, 'whole')).body).toBe('{"n":6}')
    // A statement that found nothing still says what it saw: one row of NULLs but the version.
    const none = await rows<{ rid: number | null }>(t.db, witnessedSql(sql`SELECT p.rowid AS rid FROM properties p WHERE p.id = ${'no-such-home'}`))
    expect(none.filter((r) => r.rid !== null)).toEqual([])
  })
})

/** A radius search's ids, each call with a query string of its own: the body cache never answers, the generation's facts may. */
let perPage = 10
const idsAnew = async (city: string) => {
  perPage = perPage === 50 ? 10 : perPage + 1
  const res = await anonymous().get(`/api/properties?zip=78704&radius=50&per_page=${perPage}&city=${encodeURIComponent(city)}`)
  expect(res.status).toBe(200)
  return res.json.items as { id: string; name: string; images: string[]; operator: { name: string; premium: boolean } }[]
}

describe('the radius search decides what each operator shows, from facts shared across queries yet never stale', () => {
  test('a free operator shows its first active home with one photo, a premium one all, a deleted account none', async () => {
    const op = await createUser({ roles: ['operator'] })
    const city = uniqueCity()
    const first = await addProperty(op.id, near(city, 0.2))
    const second = await addProperty(op.id, near(city, 0.1))
    await addMedia(first.id, 'image', 3)
    const free = await idsAnew(city)
    expect(free.map((i) => i.id)).toEqual([first.id])
    expect(free[0]!.images).toHaveLength(1)
    expect(free[0]!.operator.premium).toBe(false)
    await setPlan(op.id, 'premium')
    const premium = await idsAnew(city)
    expect(premium.map((i) => i.id)).toEqual([second.id, first.id])
    expect(premium[1]!.images).toHaveLength(3)
    expect(premium[1]!.operator.premium).toBe(true)
    await setPlan(op.id, 'free')
    await db.update(properties).set({ is_active: false }).where(eq(properties.id, first.id)).run()
    expect((await idsAnew(city)).map((i) => i.id)).toEqual([second.id])
    await db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, op.id)).run()
    expect(await idsAnew(city)).toEqual([])
  })

  test('a home, its operator\'s name and the plan rule change at once for every query, and when the clock ends a period', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const city = uniqueCity()
    const first = await addProperty(op.id, near(city, 0.2))
    const second = await addProperty(op.id, near(city, 0.1))
    expect((await idsAnew(city)).map((i) => i.name)).toEqual([second.name, first.name])
    await db.update(properties).set({ name: 'Renamed Home' }).where(eq(properties.id, second.id)).run()
    expect((await idsAnew(city)).map((i) => i.name)).toEqual(['Renamed Home', first.name])
    await db.update(profiles).set({ organization_name: 'Renamed Homes LLC' }).where(eq(profiles.id, op.id)).run()
    expect((await idsAnew(city)).map((i) => i.operator.name)).toEqual(['Renamed Homes LLC', 'Renamed Homes LLC'])
    await db.update(operator_subscriptions).set({ cancel_at_period_end: true }).where(eq(operator_subscriptions.user_id, op.id)).run()
    expect((await idsAnew(city)).map((i) => i.id)).toEqual([second.id, first.id])
    clock.advance(31 * DAY) // no write: only the clock moves
    try {
      expect((await idsAnew(city)).map((i) => i.id)).toEqual([first.id])
    } finally {
      clock.reset()
    }
  })

  test('a search of a known generation reads only its candidates: the operators and the homes are facts of the generation', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const city = uniqueCity()
    const home = await addProperty(op.id, near(city, 0.1))
    /** One computation through searchBody (fresh key), counting the statements it runs. */
    const statements = async (perPage: number) => {
      let count = 0
      const query = searchPropertiesQuery.parse({ zip: '78704', radius: '50', per_page: String(perPage), city })
      const key = `statements ${perPage} ${city}`
      const counting = (w: Witness): Witness => ({
        saw: (found) => {
          count++
          w.saw(found)
        },
        facts: w.facts,
      })
      const body = await searchBody(t.db, key, (w) => searchProperties(t.db, query, counting(w)), { missed: await cachedSearch(t.db, key) })
      expect(JSON.parse(body).items.map((i: { id: string }) => i.id)).toEqual([home.id])
      return count
    }
    // The first search of a version reads the candidates, the operator and the page, then starts the generation;
    // the next fills its facts; later ones read the candidates only, until a commit ends the generation.
    expect([await statements(10), await statements(11), await statements(12), await statements(13)]).toEqual([3, 3, 1, 1])
    await db.update(properties).set({ available_beds: 1 }).where(eq(properties.id, home.id)).run()
    expect([await statements(14), await statements(15), await statements(16)]).toEqual([3, 3, 1])
  })
})

test('the facts keep within their weight: the oldest go first, a fact set again counts once', () => {
  const facts = boundedFacts(1_000)
  facts.set('a', 1, 400)
  facts.set('b', 2, 400)
  facts.set('a', 3, 400) // replaced: a is now the newest
  facts.set('c', 4, 400) // 1,200 > 1,000: b, the oldest, goes
  expect([facts.get('a'), facts.get('b'), facts.get('c')]).toEqual([3, undefined, 4])
  facts.set('d', 5, 900) // only d fits
  expect([facts.get('a'), facts.get('c'), facts.get('d')]).toEqual([undefined, undefined, 5])
})
