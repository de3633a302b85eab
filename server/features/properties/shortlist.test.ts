import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { properties, shortlist_items } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { addProperty } from './property-fixtures'
import { SHORTLIST_FULL, SHORTLIST_MAX } from './shortlist-rules'

setupTestDb()

type Item = { property_id: string; home: { id: string; name: string; care_levels: string[] } | null }

describe('a shortlist of homes to compare', () => {
  test('save, list (oldest first, as the public sees each home), save again (no change), remove; only your own', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const a = await addProperty(op.id, { name: 'Alder Home', care_levels: ['assisted'] })
    const b = await addProperty(op.id, { name: 'Beech Home' })
    const me = await createUser({ roles: ['referrer'] })
    const other = await createUser({ roles: ['referrer'] })
    expect((await me.agent.request('PUT', `/api/my/shortlist/${a.id}`)).json).toEqual({ added: true })
    expect((await me.agent.request('PUT', `/api/my/shortlist/${b.id}`)).json).toEqual({ added: true })
    expect((await me.agent.request('PUT', `/api/my/shortlist/${a.id}`)).json).toEqual({ added: false })
    const list = await me.agent.get('/api/my/shortlist')
    expect(list.status).toBe(200)
    expect(list.json.max).toBe(SHORTLIST_MAX)
    expect(list.json.items.map((i: Item) => i.home?.name)).toEqual(['Alder Home', 'Beech Home'])
    expect(list.json.items[0].home.care_levels).toEqual(['assisted'])
    // Per account.
    expect((await other.agent.get('/api/my/shortlist')).json.items).toEqual([])
    expect((await other.agent.delete(`/api/my/shortlist/${a.id}`)).json).toEqual({ removed: false })
    expect((await me.agent.delete(`/api/my/shortlist/${a.id}`)).json).toEqual({ removed: true })
    expect((await me.agent.get('/api/my/shortlist')).json.items.map((i: Item) => i.property_id)).toEqual([b.id])
  })

  test('a home the public cannot see cannot be saved; one that stops being public is listed without its details', async () => {
    const free = await createUser({ roles: ['operator'] })
    const first = await addProperty(free.id)
    const hidden = await addProperty(free.id) // a free operator's second home: not public
    const me = await createUser({ roles: ['referrer'] })
    const refused = await me.agent.request('PUT', `/api/my/shortlist/${hidden.id}`)
    expect(refused.status).toBe(404)
    expect(refused.json.error.message).toBe('Property not found')
    expect((await me.agent.request('PUT', '/api/my/shortlist/no-such-home')).status).toBe(404)
    expect((await me.agent.request('PUT', `/api/my/shortlist/${'x'.repeat(101)}`)).status).toBe(422)
    expect(await db.select().from(shortlist_items).where(eq(shortlist_items.user_id, me.id)).all()).toHaveLength(0)
    await me.agent.request('PUT', `/api/my/shortlist/${first.id}`)
    await db.update(properties).set({ is_active: false }).where(eq(properties.id, first.id)).run()
    expect((await me.agent.get('/api/my/shortlist')).json.items).toEqual([{ property_id: first.id, saved_at: expect.any(String), home: null }])
  })

  test(`at most ${SHORTLIST_MAX} homes: the next is a 409 and nothing is written`, async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const me = await createUser({ roles: ['referrer'] })
    for (let i = 0; i < SHORTLIST_MAX; i++) expect((await me.agent.request('PUT', `/api/my/shortlist/${(await addProperty(op.id)).id}`)).status).toBe(200)
    const full = await me.agent.request('PUT', `/api/my/shortlist/${(await addProperty(op.id)).id}`)
    expect(full.status).toBe(409)
    expect(full.json.error).toMatchObject({ code: 'shortlist_full', message: SHORTLIST_FULL })
    expect(await db.select().from(shortlist_items).where(eq(shortlist_items.user_id, me.id)).all()).toHaveLength(SHORTLIST_MAX)
  })

  test('signed out: 401', async () => {
    expect((await anonymous().get('/api/my/shortlist')).status).toBe(401)
    expect((await anonymous().request('PUT', '/api/my/shortlist/x')).status).toBe(401)
  })
})
