import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { type properties, users } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { addProperty } from './property-fixtures'

setupTestDb()

// 82001 (Cheyenne, WY) is at 41.1437, -104.7962 in the packaged ZIP dataset; no other test file lists homes here.
const CHEYENNE = { latitude: 41.1437, longitude: -104.7962 }
const at = (dLat: number, extra: Partial<typeof properties.$inferInsert> = {}) => ({
  city: 'Cheyenne',
  state: 'WY',
  zip_code: '82001',
  latitude: CHEYENNE.latitude + dLat,
  longitude: CHEYENNE.longitude,
  ...extra,
})
const nearby = (id: string) => anonymous().get(`/api/properties/${id}/nearby`)
type Item = { id: string; distance_miles: number | null }

describe('GET /api/properties/:id/nearby', () => {
  test("up to 4 other homes, nearest first, distances from this home; browse's visibility holds", async () => {
    const premium = await createUser({ roles: ['operator'], plan: 'premium' })
    const free = await createUser({ roles: ['operator'] })
    const deleted = await createUser({ roles: ['operator'], plan: 'premium' })
    // The home is 0.3° north of the ZIP centre: distances are measured from it, not from the centre.
    const home = await addProperty(premium.id, at(0.3))
    const n1 = await addProperty(premium.id, at(0.35)) // 3.45 mi
    const freeFirst = await addProperty(free.id, at(0.4)) // 6.91 mi: a free operator's first home shows
    const freeSecond = await addProperty(free.id, at(0.31)) // hidden by the free plan, though nearest
    const inactive = await addProperty(premium.id, at(0.301, { is_active: false }))
    const full = await addProperty(premium.id, at(0.302, { available_beds: 0 })) // no free bed: browse leaves it out
    const gone = await addProperty(deleted.id, at(0.303))
    await db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, deleted.id)).run()
    const n3 = await addProperty(premium.id, at(0.2)) // 6.91 mi south, as far as freeFirst
    const n4 = await addProperty(premium.id, at(0.1)) // 13.82 mi
    const n5 = await addProperty(premium.id, at(0.0)) // 20.73 mi: fifth, not listed

    const res = await nearby(home.id)
    expect(res.status).toBe(200)
    const items = res.json.items as Item[]
    const ids = items.map((i) => i.id)
    // Equal distances keep the browse order (nearer the ZIP centre first).
    expect(ids).toEqual([n1.id, n3.id, freeFirst.id, n4.id])
    for (const hidden of [home.id, freeSecond.id, inactive.id, full.id, gone.id, n5.id]) expect(ids).not.toContain(hidden)
    expect(items.map((i) => i.distance_miles)).toEqual([3.45, 6.91, 6.91, 13.82])
    expect(res.json.radius_miles).toBe(50)
    // The free operator's home shows as browse shows it: trimmed.
    expect(res.json.items[2].operator).toMatchObject({ id: free.id, premium: false })
  })

  test('a home that is not public has no nearby list (404), like its page', async () => {
    const free = await createUser({ roles: ['operator'] })
    await addProperty(free.id, at(0.5))
    const second = await addProperty(free.id, at(0.5))
    expect((await nearby(second.id)).status).toBe(404)
    const premium = await createUser({ roles: ['operator'], plan: 'premium' })
    const inactive = await addProperty(premium.id, at(0.5, { is_active: false }))
    expect((await nearby(inactive.id)).status).toBe(404)
    expect((await nearby('no-such-home')).status).toBe(404)
    expect((await nearby('x'.repeat(101))).status).toBe(422)
  })

  test('a ZIP the geocoder does not know: homes of the same city and state, without distances', async () => {
    const premium = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(premium.id, { city: 'Nowhere Flats', state: 'WY', zip_code: '00001', latitude: null, longitude: null })
    const same = await addProperty(premium.id, { city: 'Nowhere Flats', state: 'WY', zip_code: '00001', latitude: null, longitude: null })
    await addProperty(premium.id, { city: 'Elsewhere', state: 'WY', zip_code: '00002', latitude: null, longitude: null })
    const res = await nearby(home.id)
    expect(res.json.items.map((i: Item) => i.id)).toEqual([same.id])
    expect(res.json.items[0].distance_miles).toBeNull()
    expect(res.json.radius_miles).toBeNull()
  })
})
