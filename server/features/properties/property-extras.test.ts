import { describe, expect, test } from 'bun:test'
import { eq, sql, type SQL } from 'drizzle-orm'
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core'
import { CARE_LEVELS, FUNDING_SOURCES, properties } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { boundingBox } from '../geo/distance'
import { addProperty, uniqueCity } from './property-fixtures'
import { newestFirstSql, operatorVisibilitySql, radiusCandidatesSql } from './search-properties'
import { inJsonArraySql, latitudeBand } from '../../db/dialect'
import { connOf, ENGINE } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { bindPlaceholders, row, rows } from '../../db/raw'
import { sqliteClientOf } from '../../db/sqlite'

/** Property extras: levels of care, funding accepted, room types, nearby services, house rules. */
setupTestDb()

const valid = {
  name: 'Cedar House',
  address: '12 Main Street',
  city: 'Austin',
  state: 'TX',
  zip_code: '78704',
  description: 'A calm family-style home.',
  total_beds: 4,
  available_beds: 2,
  monthly_fee: 3200,
}

const extras = {
  // Out of list order and with a repeat: stored once each, in the list's order.
  care_levels: ['skilled', 'assisted', 'skilled'],
  funding_accepted: ['va', 'private_pay', 'medicaid_waiver'],
  room_types: ['shared', 'private'],
  nearby_services: ['pharmacy', 'hospital', 'transit'],
  house_rules: '  Quiet hours 10 pm to 7 am. Visitors welcome until 8 pm.  ',
}
const stored = {
  care_levels: ['assisted', 'skilled'],
  funding_accepted: ['private_pay', 'medicaid_waiver', 'va'],
  room_types: ['private', 'shared'],
  nearby_services: ['hospital', 'pharmacy', 'transit'],
  house_rules: 'Quiet hours 10 pm to 7 am. Visitors welcome until 8 pm.',
}

const rowOf = async (id: string) => (await db.select().from(properties).where(eq(properties.id, id)).get())!

describe('editing a property\'s extras', () => {
  test('create stores them; the owner, the property page and the search cards show them', async () => {
    const owner = await createUser({ plan: 'premium' })
    const res = await owner.agent.post('/api/my/properties', { ...valid, city: uniqueCity('Extraville'), ...extras })
    expect(res.status).toBe(201)
    expect(res.json.property).toMatchObject(stored)
    const mine = await owner.agent.get('/api/my/properties')
    expect(mine.json.items[0]).toMatchObject(stored)
    const page = await anonymous().get(`/api/properties/${res.json.property.id}`)
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject(stored)
    const cards = await anonymous().get(`/api/properties?city=${encodeURIComponent(res.json.property.city)}`)
    expect(cards.json.items[0]).toMatchObject(stored)
    const near = await anonymous().get(`/api/properties?zip=78704&radius=10&city=${encodeURIComponent(res.json.property.city)}`)
    expect(near.json.items[0]).toMatchObject(stored)
  })

  test('without extras a home declares nothing; a patch changes only what it names; blank house rules clear them', async () => {
    const owner = await createUser({ plan: 'premium' })
    const created = await owner.agent.post('/api/my/properties', valid)
    expect(created.json.property).toMatchObject({ care_levels: [], funding_accepted: [], room_types: [], nearby_services: [], house_rules: null })
    const id = created.json.property.id
    const first = await owner.agent.patch(`/api/my/properties/${id}`, { care_levels: ['supervised'], house_rules: 'No smoking indoors.' })
    expect(first.status).toBe(200)
    expect(first.json.property).toMatchObject({ care_levels: ['supervised'], funding_accepted: [], house_rules: 'No smoking indoors.' })
    const second = await owner.agent.patch(`/api/my/properties/${id}`, { funding_accepted: ['ssi_ssdi'], house_rules: '   ' })
    expect(second.json.property).toMatchObject({ care_levels: ['supervised'], funding_accepted: ['ssi_ssdi'], house_rules: null })
    const cleared = await owner.agent.patch(`/api/my/properties/${id}`, { care_levels: [] })
    expect(cleared.json.property.care_levels).toEqual([])
  })

  test('house rules: 2000 characters are accepted, 2001 are not', async () => {
    const owner = await createUser({ plan: 'premium' })
    const ok = await owner.agent.post('/api/my/properties', { ...valid, house_rules: 'r'.repeat(2000) })
    expect(ok.status).toBe(201)
    expect(ok.json.property.house_rules).toHaveLength(2000)
    const tooLong = await owner.agent.patch(`/api/my/properties/${ok.json.property.id}`, { house_rules: 'r'.repeat(2001) })
    expect(tooLong.status).toBe(422)
    expect(tooLong.json.error.message).toBe('House rules must be 2000 characters or less')
    expect((await rowOf(ok.json.property.id)).house_rules).toHaveLength(2000)
  })

  test.each([
    ['care_levels', ['assisted', 'hospital'], 'Please choose levels of care from the list'],
    ['care_levels', 'all of them', 'Please choose levels of care from the list'],
    ['funding_accepted', ['cash'], 'Please choose funding sources from the list'],
    ['funding_accepted', { private_pay: true }, 'Please choose funding sources from the list'],
    ['room_types', ['penthouse'], 'Please choose room types from the list'],
    ['nearby_services', ['casino'], 'Please choose nearby services from the list'],
    ['house_rules', 42, 'House rules must be text'],
  ])('%s = %p is refused with 422 "%s", on create and on edit, and nothing changes', async (field, value, message) => {
    const owner = await createUser({ plan: 'premium' })
    const create = await owner.agent.post('/api/my/properties', { ...valid, [field]: value })
    expect(create.status).toBe(422)
    expect(create.json.error.message).toBe(message)
    expect(create.json.error.fields[field]).toBe(message)
    const home = await owner.agent.post('/api/my/properties', { ...valid, ...extras })
    const before = await rowOf(home.json.property.id)
    const edit = await owner.agent.patch(`/api/my/properties/${home.json.property.id}`, { [field]: value, name: 'Renamed House' })
    expect(edit.status).toBe(422)
    expect(edit.json.error.message).toBe(message)
    expect(await rowOf(home.json.property.id)).toEqual(before)
  })

  test('the database refuses unknown list values and over-long house rules too (CHECK constraints)', async () => {
    const owner = await createUser()
    const home = await addProperty(owner.id)
    const set = (assignments: string) => rows(db, sql`UPDATE properties SET ${sql.raw(assignments)} WHERE id = ${home.id}`)
    await expect(set(`care_levels = '["assisted","nursing"]'`)).rejects.toThrow(/CHECK constraint failed/)
    // Not JSON at all: PostgreSQL's CHECK fails already reading it as jsonb, with its own error.
    await expect(set(`care_levels = 'assisted'`)).rejects.toThrow(ENGINE === 'postgres' ? /invalid input syntax for type json/ : /CHECK constraint failed/)
    await expect(set(`funding_accepted = '["private_pay",1]'`)).rejects.toThrow(/CHECK constraint failed/)
    await expect(set(`room_types = '[["private"]]'`)).rejects.toThrow(/CHECK constraint failed/)
    await expect(set(`nearby_services = '["hospital","spa"]'`)).rejects.toThrow(/CHECK constraint failed/)
    await expect(set(`house_rules = '${'x'.repeat(2001)}'`)).rejects.toThrow(/CHECK constraint failed/)
    await set(`care_levels = '["independent","skilled"]', funding_accepted = '[]', room_types = '["private_bath"]', nearby_services = '["place_of_worship"]'`)
    expect(await rowOf(home.id)).toMatchObject({ care_levels: ['independent', 'skilled'], room_types: ['private_bath'], nearby_services: ['place_of_worship'] })
  })
})

describe('/browse filters by level of care and funding accepted', () => {
  test('the filter masks follow the lists: bit i is value i (db/enums.ts order)', async () => {
    const owner = await createUser()
    const home = await addProperty(owner.id)
    const masks = async () => (await row<{ c: number; f: number }>(db, sql`SELECT care_levels_mask AS c, funding_mask AS f FROM properties WHERE id = ${home.id}`))!
    expect(await masks()).toEqual({ c: 0, f: 0 })
    for (const [i, level] of CARE_LEVELS.entries()) {
      await db.update(properties).set({ care_levels: [level] }).where(eq(properties.id, home.id)).run()
      expect((await masks()).c).toBe(1 << i)
    }
    for (const [i, source] of FUNDING_SOURCES.entries()) {
      await db.update(properties).set({ funding_accepted: [source] }).where(eq(properties.id, home.id)).run()
      expect((await masks()).f).toBe(1 << i)
    }
    await db.update(properties).set({ care_levels: [...CARE_LEVELS], funding_accepted: [...FUNDING_SOURCES] }).where(eq(properties.id, home.id)).run()
    expect(await masks()).toEqual({ c: (1 << CARE_LEVELS.length) - 1, f: (1 << FUNDING_SOURCES.length) - 1 })
    // A new row gets its masks at once; nobody can write a mask out of step with its list.
    const fresh = await addProperty(owner.id, { care_levels: ['skilled'], funding_accepted: ['va', 'other'] })
    expect(await row(db, sql`SELECT care_levels_mask AS c, funding_mask AS f FROM properties WHERE id = ${fresh.id}`)).toEqual({ c: 8, f: 48 })
    await expect(rows(db, sql`UPDATE properties SET care_levels_mask = 1 WHERE id = ${fresh.id}`)).rejects.toThrow(/follow care_levels/)
    await expect(rows(db, sql`UPDATE properties SET funding_mask = 0 WHERE id = ${fresh.id}`)).rejects.toThrow(/follow care_levels/)
  })

  /** Four homes near Austin in a city of their own, so other tests' homes never show up. */
  async function fourHomes() {
    const owner = await createUser({ plan: 'premium' })
    const city = uniqueCity('Filterton')
    const a = await addProperty(owner.id, { city, name: 'Assisted Medicaid Home', care_levels: ['assisted', 'skilled'], funding_accepted: ['private_pay', 'medicaid_waiver'] })
    const b = await addProperty(owner.id, { city, name: 'Assisted Private Home', care_levels: ['assisted'], funding_accepted: ['private_pay'] })
    const c = await addProperty(owner.id, { city, name: 'Independent Medicaid Home', care_levels: ['independent'], funding_accepted: ['medicaid_waiver'] })
    const d = await addProperty(owner.id, { city, name: 'Undeclared Home' })
    return { city: encodeURIComponent(city), a: a.id, b: b.id, c: c.id, d: d.id }
  }
  const ids = (res: { json: { items: Array<{ id: string }> } }) => res.json.items.map((i) => i.id).sort()

  test('inside the radius search (nearest first) and without a location (newest first)', async () => {
    const h = await fourHomes()
    for (const where of [`zip=78704&radius=25&city=${h.city}`, `state=TX&city=${h.city}`]) {
      const get = (filters: string) => anonymous().get(`/api/properties?${where}${filters}`)
      expect(ids(await get(''))).toEqual([h.a, h.b, h.c, h.d].sort())
      expect(ids(await get('&care_level=assisted'))).toEqual([h.a, h.b].sort())
      expect(ids(await get('&funding=medicaid_waiver'))).toEqual([h.a, h.c].sort())
      expect(ids(await get('&care_level=assisted&funding=medicaid_waiver'))).toEqual([h.a])
      expect(ids(await get('&care_level=skilled&funding=private_pay'))).toEqual([h.a])
      expect(ids(await get('&care_level=supervised'))).toEqual([])
      // A cleared select sends an empty value: no filter.
      expect(ids(await get('&care_level=&funding='))).toEqual([h.a, h.b, h.c, h.d].sort())
    }
  })

  test('a home that starts accepting the funding shows at once (the search cache is never stale)', async () => {
    const h = await fourHomes()
    const url = `/api/properties?zip=78704&radius=25&city=${h.city}&funding=va`
    expect(ids(await anonymous().get(url))).toEqual([])
    await db.update(properties).set({ funding_accepted: ['va'] }).where(eq(properties.id, h.d)).run()
    expect(ids(await anonymous().get(url))).toEqual([h.d])
  })

  test.each([
    ['care_level=hospital', 'Please choose a level of care from the list'],
    ['care_level=Assisted', 'Please choose a level of care from the list'],
    ['funding=cash', 'Please choose a funding source from the list'],
    ['zip=78704&funding=medicaid', 'Please choose a funding source from the list'],
  ])('%s is refused with 422 "%s"', async (query, message) => {
    const res = await anonymous().get(`/api/properties?${query}`)
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe(message)
  })

  // SQLite's query plan: PostgreSQL plans its own way.
  test.if(ENGINE === 'sqlite')('the radius prefilter with both filters reads the box from the covering properties_geo_idx, and the homes without a position through it (SQLite only: its query plan; PostgreSQL plans its own way)', () => {
    const box = boundingBox(30.24, -97.77, 50)
    const inBox = [
      inJsonArraySql(latitudeBand('p.latitude'), [29, 30, 31]),
      sql`p.latitude BETWEEN ${box.minLat} AND ${box.maxLat}`,
      sql`p.longitude BETWEEN ${box.minLng} AND ${box.maxLng}`,
    ]
    const where = [sql`p.available_beds > 0`, sql`(p.care_levels_mask & ${4}) != 0`, sql`(p.funding_mask & ${16}) != 0`]
    const query = new SQLiteSyncDialect().sqlToQuery(radiusCandidatesSql(inBox, where, [sql`p.state = ${'TX'}`]))
    const plan = sqliteClientOf(db).query(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.params as never[])) as { detail: string }[]
    const scans = plan.map((p) => p.detail).filter((d) => /^(SCAN|SEARCH) p\b/.test(d))
    expect(scans).toHaveLength(2)
    expect(scans[0]).toContain('USING COVERING INDEX properties_geo_idx')
    // The coordinate-less rows: found through the index (their latitude band is NULL), then their state read from the table.
    expect(scans[1]).toMatch(/^SEARCH p USING INDEX properties_geo_idx \(<expr>=\?\)/)
  })

  /**
   * PostgreSQL's plans, as EXPLAIN gives them for the statements the search sends (rendered by the
   * PostgreSQL dialect, parameters bound). The test database holds a few homes, where a sequential scan
   * is cheapest; with sequential scans priced out, a plan that still scans the table would mean the
   * index cannot serve the query (an index expression that does not match the query's, a column it lacks).
   */
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] }
  async function postgresPlan(query: SQL, values: Record<string, unknown> = {}): Promise<PlanNode[]> {
    const { text, params } = bindPlaceholders('postgres', query, values)
    const [found] = await transaction(db, async (tx) => {
      await connOf(tx).exec('SET LOCAL enable_seqscan = off')
      return connOf(tx).all<{ 'QUERY PLAN': string | { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${text}`, params)
    })
    const plan = found!['QUERY PLAN']
    const nodes: PlanNode[] = []
    const walk = (node: PlanNode) => {
      nodes.push(node)
      for (const child of node.Plans ?? []) walk(child)
    }
    walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan)
    return nodes
  }
  /** The plan's reads of the properties table: "<node type> <index>". */
  const scansOf = (nodes: PlanNode[]) =>
    nodes.filter((n) => n['Relation Name'] === 'properties' || n['Index Name']?.startsWith('properties_')).map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim())

  test.if(ENGINE === 'postgres')('PostgreSQL: the radius prefilter with both filters reads properties_geo_idx in both branches (its latitude band is the index expression)', async () => {
    const box = boundingBox(30.24, -97.77, 50)
    const inBox = [
      inJsonArraySql(latitudeBand('p.latitude'), [29, 30, 31]),
      sql`p.latitude BETWEEN ${box.minLat} AND ${box.maxLat}`,
      sql`p.longitude BETWEEN ${box.minLng} AND ${box.maxLng}`,
    ]
    const where = [sql`p.available_beds > 0`, sql`(p.care_levels_mask & ${4}) != 0`, sql`(p.funding_mask & ${16}) != 0`]
    const scans = scansOf(await postgresPlan(radiusCandidatesSql(inBox, where)))
    expect(scans).toHaveLength(2)
    for (const scan of scans) expect(scan).toMatch(/^(Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan) properties_geo_idx$/)
  })

  test("an operator's visibility is read by keys on both engines: the account, its roles, its subscription, its first active home without a sort", async () => {
    const values = { ids: ['one', 'two'], now: Date.now() }
    if (ENGINE === 'sqlite') {
      const query = bindPlaceholders('sqlite', operatorVisibilitySql(), values)
      const plan = sqliteClientOf(db).query(`EXPLAIN QUERY PLAN ${query.text}`).all(...(query.params as never[])) as { detail: string }[]
      const reads = plan.map((p) => p.detail).filter((d) => /^(SCAN|SEARCH) (u|r|s|f)\b/.test(d))
      expect(reads).toHaveLength(4)
      for (const read of reads) expect(read).toStartWith('SEARCH')
      // The first active home: the operator's homes walked oldest first in the index, no sort.
      expect(reads.find((d) => d.startsWith('SEARCH f '))).toContain('properties_operator_idx')
      expect(plan.map((p) => p.detail).join('\n')).not.toContain('TEMP B-TREE')
    } else {
      const nodes = await postgresPlan(operatorVisibilitySql(), values)
      const tables = nodes.filter((n) => n['Relation Name'])
      expect(tables.map((n) => n['Relation Name']).sort()).toEqual(['operator_subscriptions', 'properties', 'user_roles', 'users'])
      for (const n of tables) expect(n['Node Type']).not.toBe('Seq Scan')
      expect(scansOf(nodes)).toEqual(['Index Scan properties_operator_idx'])
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort')
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Incremental Sort')
    }
  })

  test.if(ENGINE === 'sqlite')('newest first walks properties_newest_idx in the order asked, created_at then rowid, with no sort of its own (SQLite only: its query plan)', () => {
    const query = bindPlaceholders('sqlite', newestFirstSql([sql`p.available_beds > 0`]), { now: Date.now(), limit: 21, offset: 20 })
    const plan = sqliteClientOf(db).query(`EXPLAIN QUERY PLAN ${query.text}`).all(...(query.params as never[])) as { parent: number; detail: string }[]
    // The outer query's own steps (a subquery's rows have a parent): the index walk, and no temporary B-tree to sort.
    const outer = plan.filter((p) => p.parent === 0 && !p.detail.startsWith('CORRELATED'))
    expect(outer.map((p) => p.detail)).toEqual(['SEARCH p USING INDEX properties_newest_idx (is_active=?)'])
  })
})
