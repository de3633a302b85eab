import { beforeAll, describe, expect, test } from 'bun:test'
import { audit_logs, conversations } from '../../db/schema'
import { writeAudit } from '../../lib/audit'
import { AUDIT_ACTIONS, actionsOfArea } from '../../lib/audit-actions'
import { clock, DAY } from '../../lib/clock'
import { createUser, db, setupTestDb } from '../../test/setup'
import { insertHeldPayment, insertProperty, insertReferral } from './test-fixtures'

setupTestDb()

type U = Awaited<ReturnType<typeof createUser>>
let admin: U
let operator: U

beforeAll(async () => {
  admin = await createUser({ roles: ['admin'], first_name: 'Avery', last_name: 'Admin' })
  operator = await createUser({ roles: ['operator'], first_name: 'Omar', last_name: 'Operator' })
})

type Item = { id: string; client_initials: string; referrer_email: string }
const ids = (res: { json: { items: Item[] } }) => res.json.items.map((r) => r.id)

describe('admin referrals: search and paging', () => {
  test('finds by referrer e-mail or name, id start, city, state, matched home and client initials; pages; never leaks a name', async () => {
    const home = await insertProperty(operator.id, { name: 'Juniper Cottage' })
    const a = await insertReferral({ referrer_name: 'Quincy Searchable', referrer_email: 'quincy.search@agency.test', preferred_state: 'OR', preferred_cities: ['Bend'] })
    const b = await insertReferral({ client_first_name: 'Zelda', client_last_name: 'Quark', preferred_state: 'WA', preferred_cities: ['Spokane Valley'] })
    const c = await insertReferral({ matched_property_id: home.id, status: 'placed', referral_fee_paid: true })
    const get = (q: string, extra = '') => admin.agent.get(`/api/admin/referrals?q=${encodeURIComponent(q)}${extra}`)

    expect(ids(await get('QUINCY.SEARCH@'))).toEqual([a.id])
    expect(ids(await get('quincy searchable'))).toEqual([a.id])
    expect(ids(await get(a.id.slice(0, 8)))).toEqual([a.id])
    // The id matches from its start only (the list shows its first characters).
    expect(ids(await get(a.id.slice(3, 11)))).not.toContain(a.id)
    expect(ids(await get('spokane'))).toEqual([b.id])
    expect(ids(await get('juniper'))).toEqual([c.id])
    expect(ids(await get('juniper', '&status=pending'))).toEqual([])
    // Initials are sealed at rest: the server opens them to compare, and only initials come back.
    for (const q of ['Z. Q.', 'zq', 'Z Q']) {
      const res = await get(q)
      expect(ids(res)).toEqual([b.id])
      expect(res.json.items[0].client_initials).toBe('Z. Q.')
      expect(res.text).not.toContain('Zelda')
    }
    // LIKE wildcards are text.
    expect(ids(await get('%'))).toEqual([])
    expect(ids(await get('_'))).toEqual([])
    expect((await get('x'.repeat(101))).status).toBe(422)
  })

  test('pages newest first, with and without a search', async () => {
    const made = []
    for (let i = 0; i < 5; i++) made.push(await insertReferral({ referrer_name: 'Paging Pam', created_at: new Date(clock.ms() + 1000 * DAY + i) }))
    const newest = made.map((r) => r.id).reverse()
    const first = await admin.agent.get('/api/admin/referrals?q=paging%20pam&per_page=2')
    expect(first.json).toMatchObject({ page: 1, per_page: 2, has_more: true })
    const second = await admin.agent.get('/api/admin/referrals?q=paging%20pam&per_page=2&page=2')
    const third = await admin.agent.get('/api/admin/referrals?q=paging%20pam&per_page=2&page=3')
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(newest)
    expect(third.json.has_more).toBe(false)
    const all = await admin.agent.get('/api/admin/referrals?per_page=2')
    expect(ids(all)).toEqual(newest.slice(0, 2))
    expect((await admin.agent.get('/api/admin/referrals?per_page=0')).status).toBe(422)
  })
})

describe('admin audit log: filters', () => {
  test('by action, area, actor and UTC date range, paged; bad filters are 422', async () => {
    const day = Date.parse('2031-04-10T12:00:00Z')
    const write = async (at: number, action: (typeof AUDIT_ACTIONS)[number], label: string) => {
      clock.set(new Date(at))
      await writeAudit(db, { id: null, label, ip: null }, { action, resource_type: 'test', resource_id: `${action}@${at}` })
    }
    try {
      await write(day - DAY, 'escrow.released', 'filter-carla@ops.test')
      await write(day, 'escrow.placement_confirmed', 'filter-carla@ops.test')
      await write(day + 60_000, 'referral.view', 'filter-dev@ops.test') // a minute later: the order is the time's, not the random id's
      await write(day + DAY, 'escrow.refunded', 'filter-dev@ops.test')
    } finally {
      clock.reset()
    }
    type Entry = { action: string; actor_label: string; resource_type: string }
    const get = async (query: string) => {
      const res = await admin.agent.get(`/api/admin/audit-logs?${query}`)
      expect(res.status).toBe(200)
      return (res.json.items as Entry[]).filter((e) => e.resource_type === 'test').map((e) => `${e.action} ${e.actor_label}`)
    }
    expect(await get('action=referral.view')).toEqual(['referral.view filter-dev@ops.test'])
    expect(await get('area=escrow&actor=FILTER-')).toEqual([
      'escrow.refunded filter-dev@ops.test',
      'escrow.placement_confirmed filter-carla@ops.test',
      'escrow.released filter-carla@ops.test',
    ])
    expect(await get('actor=filter-carla')).toEqual(['escrow.placement_confirmed filter-carla@ops.test', 'escrow.released filter-carla@ops.test'])
    expect(await get('from=2031-04-10&to=2031-04-10')).toEqual(['referral.view filter-dev@ops.test', 'escrow.placement_confirmed filter-carla@ops.test'])
    expect(await get('from=2031-04-11')).toEqual(['escrow.refunded filter-dev@ops.test'])
    // Paging keeps the filter.
    const page1 = await admin.agent.get('/api/admin/audit-logs?area=escrow&actor=filter-&limit=2')
    expect(page1.json.items).toHaveLength(2)
    const page2 = await admin.agent.get(`/api/admin/audit-logs?area=escrow&actor=filter-&limit=2&before=${page1.json.next_cursor}`)
    expect(page2.json.items.map((e: Entry) => e.action)).toEqual(['escrow.released'])
    expect(page2.json.next_cursor).toBeNull()
    for (const bad of ['action=made_up', 'area=nowhere', 'from=2031-13-01', 'from=yesterday', 'from=2031-04-11&to=2031-04-10', `actor=${'x'.repeat(201)}`]) {
      expect((await admin.agent.get(`/api/admin/audit-logs?${bad}`)).status).toBe(422)
    }
  })

  test('every action belongs to one area', () => {
    const grouped = new Set(['referrals', 'escrow', 'disputes', 'subscriptions', 'verification', 'accounts', 'systems'].flatMap((a) => actionsOfArea(a as never)))
    expect([...grouped].sort()).toEqual([...AUDIT_ACTIONS].sort())
    expect(audit_logs).toBeTruthy()
  })
})

describe('admin escrow: the placed home and the conversation', () => {
  test('a held payment names the matched home and its conversation', async () => {
    const home = await insertProperty(operator.id, { name: 'Placed Pines' })
    const r = await insertReferral({ matched_property_id: home.id })
    const p = await insertHeldPayment({ referralId: r.id, operatorId: operator.id })
    const conversation = await db.insert(conversations).values({ referral_id: r.id, operator_id: operator.id, opened_by: 'unlock' }).returning().get()
    const other = await insertHeldPayment({ referralId: (await insertReferral()).id, operatorId: operator.id })
    const items = (await admin.agent.get('/api/admin/escrow')).json.items as { id: string }[]
    expect(items.find((i) => i.id === p.id)).toMatchObject({ matched_property_id: home.id, matched_property_name: 'Placed Pines', conversation_id: conversation.id })
    expect(items.find((i) => i.id === other.id)).toMatchObject({ matched_property_id: null, matched_property_name: null, conversation_id: null })
  })
})
