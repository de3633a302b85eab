import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { properties, reviews, users } from '../../db/schema'
import { anonymous, createUser, db, setPlan, setupTestDb } from '../../test/setup'
import { addMedia, addProperty, uniqueCity } from './property-fixtures'

setupTestDb()

// 78704 (Austin) is at 30.2428, -97.7658 in the packaged ZIP dataset.
const AUSTIN = { latitude: 30.2428, longitude: -97.7658 }

const search = (query: Record<string, string | number>) =>
  anonymous().get(`/api/properties?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`)

const premiumOperator = () => createUser({ roles: ['operator'], plan: 'premium' })

describe('GET /api/properties with a ZIP and radius', () => {
  test('keeps exactly the homes within the radius, with hand-computed distances, nearest first', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    // Due north of the ZIP centroid the distance is 3959 × Δlat (radians): 69.0975 miles per degree.
    const at = (dLat: number, dLng = 0) => ({ city, latitude: AUSTIN.latitude + dLat, longitude: AUSTIN.longitude + dLng })
    const p34 = await addProperty(op.id, at(0.5)) // 34.549 mi
    const p7 = await addProperty(op.id, at(0.1)) // 6.910 mi
    const p49 = await addProperty(op.id, at(0.72)) // 49.750 mi
    const out50 = await addProperty(op.id, at(0.73)) // 50.441 mi: just outside
    const east = await addProperty(op.id, at(0, 0.83)) // 49.545 mi due east: inside, near the box's edge
    const eastOut = await addProperty(op.id, at(0, 0.84)) // 50.142 mi: outside
    const res = await search({ zip: '78704', radius: 50, city })
    expect(res.status).toBe(200)
    expect(res.json.location).toMatchObject({ zip: '78704', city: 'Austin', state: 'TX', radius: 50 })
    const ids = res.json.items.map((i: { id: string }) => i.id)
    expect(ids).toEqual([p7.id, p34.id, east.id, p49.id])
    expect(ids).not.toContain(out50.id)
    expect(ids).not.toContain(eastOut.id)
    const distances = res.json.items.map((i: { distance_miles: number }) => i.distance_miles)
    expect(distances[0]).toBeCloseTo(6.91, 2)
    expect(distances[1]).toBeCloseTo(34.55, 2)
    expect(distances[2]).toBeCloseTo(49.55, 2)
    expect(distances[3]).toBeCloseTo(49.75, 2)
  })

  test('a wider radius takes in farther homes: Austin to San Antonio is 71.4 miles', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    const sa = await addProperty(op.id, { city, latitude: 29.4237, longitude: -98.4925, zip_code: '78205' })
    expect((await search({ zip: '78704', radius: 50, city })).json.items).toHaveLength(0)
    const wide = await search({ zip: '78704', radius: 100, city })
    expect(wide.json.items.map((i: { id: string }) => i.id)).toEqual([sa.id])
    expect(wide.json.items[0].distance_miles).toBeCloseTo(71.42, 1)
  })

  test('properties without coordinates are kept, after the located ones, newest first', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    const olderNoCoords = await addProperty(op.id, { city, latitude: null, longitude: null })
    const located = await addProperty(op.id, { city, latitude: AUSTIN.latitude + 0.1, longitude: AUSTIN.longitude })
    const newerNoCoords = await addProperty(op.id, { city, latitude: null, longitude: null })
    const res = await search({ zip: '78704', radius: 10, city })
    expect(res.json.items.map((i: { id: string }) => i.id)).toEqual([located.id, newerNoCoords.id, olderNoCoords.id])
    expect(res.json.items[1].distance_miles).toBeNull()
    // The answer says where the homes without a map position start, so no one reads them as near.
    expect(res.json.no_map_position).toEqual({ total: 2, from: 1 })
    // Across pages: the first page has none of them, the second starts with them.
    const first = await search({ zip: '78704', radius: 10, city, per_page: 1 })
    expect(first.json.no_map_position).toEqual({ total: 2, from: null })
    const second = await search({ zip: '78704', radius: 10, city, per_page: 1, page: 2 })
    expect(second.json.items.map((i: { id: string }) => i.id)).toEqual([newerNoCoords.id])
    expect(second.json.no_map_position).toEqual({ total: 2, from: 0 })
    // Without a radius search there is nothing to say.
    expect((await search({ city })).json.no_map_position).toBeNull()
  })

  test('homes without a map position are kept only in the state of the ZIP searched', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    const texas = await addProperty(op.id, { city, state: 'TX', latitude: null, longitude: null })
    const illinois = await addProperty(op.id, { city, state: 'IL', latitude: null, longitude: null })
    // 60601 is Chicago, IL: the Texas home is not "of unknown distance" to it, it is far away.
    const chicago = await search({ zip: '60601', radius: 25, city })
    expect(chicago.json.location).toMatchObject({ state: 'IL' })
    expect(chicago.json.items.map((i: { id: string }) => i.id)).toEqual([illinois.id])
    expect(chicago.json.no_map_position).toEqual({ total: 1, from: 0 })
    const austin = await search({ zip: '78704', radius: 25, city })
    expect(austin.json.items.map((i: { id: string }) => i.id)).toEqual([texas.id])
    // Without a ZIP, both are listed as before.
    expect((await search({ city })).json.items).toHaveLength(2)
  })

  test('ZIP+4 is accepted; a bad format is a 422; an unknown ZIP has no location and matches zip_code exactly', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    const home = await addProperty(op.id, { city, zip_code: '00000' })
    const plus4 = await search({ zip: '78704-1234', city })
    expect(plus4.json.location.zip).toBe('78704')
    expect(plus4.json.items.map((i: { id: string }) => i.id)).toEqual([home.id])
    const bad = await search({ zip: '7870' })
    expect(bad.status).toBe(422)
    expect(bad.json.error.message).toBe('Invalid ZIP code')
    // Named on the field: /browse says it beside the ZIP input.
    expect(bad.json.error.fields).toEqual({ zip: 'Invalid ZIP code' })
    const unknown = await search({ zip: '00000', city })
    expect(unknown.status).toBe(200)
    expect(unknown.json.location).toBeNull()
    expect(unknown.json.items.map((i: { id: string }) => i.id)).toEqual([home.id])
  })

  test('the radius must be one of the options and defaults to 50', async () => {
    expect((await search({ zip: '78704', radius: 30 })).status).toBe(422)
    expect((await search({ zip: '78704', radius: 30 })).json.error.message).toBe('Radius must be 10, 25, 50, 100 or 250 miles')
    expect((await search({ zip: '78704' })).json.location.radius).toBe(50)
  })

  test('the prefilter works across the antimeridian (Adak, Alaska)', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    // 99546 (Adak) is at 51.874, -176.634; 250 miles west crosses 180°.
    const west = await addProperty(op.id, { city, latitude: 51.874, longitude: 179.5 })
    const res = await search({ zip: '99546', radius: 250, city })
    expect(res.json.items.map((i: { id: string }) => i.id)).toEqual([west.id])
    expect(res.json.items[0].distance_miles).toBeLessThan(250)
  })
})

describe('GET /api/properties filters and paging', () => {
  test('without a location: newest first', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    const a = await addProperty(op.id, { city })
    const b = await addProperty(op.id, { city })
    const c = await addProperty(op.id, { city })
    const res = await search({ city })
    expect(res.json.location).toBeNull()
    expect(res.json.items.map((i: { id: string }) => i.id)).toEqual([c.id, b.id, a.id])
  })

  test('state matches a 2-letter code or a full name, case-insensitive and partial', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    const tx = await addProperty(op.id, { city, state: 'TX' })
    const ny = await addProperty(op.id, { city, state: 'NY', latitude: 40.7484, longitude: -73.9967 })
    const nm = await addProperty(op.id, { city, state: 'NM', latitude: 35.08, longitude: -106.65 })
    const ids = async (state: string) => (await search({ city, state })).json.items.map((i: { id: string }) => i.id).sort()
    expect(await ids('TX')).toEqual([tx.id])
    expect(await ids('tx')).toEqual([tx.id])
    expect(await ids('Texas')).toEqual([tx.id])
    expect(await ids('tEx')).toEqual([tx.id])
    expect(await ids('new')).toEqual([ny.id, nm.id].sort())
    expect(await ids('New York')).toEqual([ny.id])
    expect(await ids('Atlantis')).toEqual([])
    // A state that matches nothing still reports the resolved ZIP (the page shows no ZIP error).
    expect((await search({ city, state: 'Atlantis', zip: '78704' })).json.location).toMatchObject({ zip: '78704' })
  })

  test('city is a partial, case-insensitive match; LIKE wildcards are literal', async () => {
    const op = await premiumOperator()
    const tag = crypto.randomUUID().slice(0, 8)
    const home = await addProperty(op.id, { city: `Round Rock ${tag}` })
    expect((await search({ city: `rock ${tag}` })).json.items.map((i: { id: string }) => i.id)).toEqual([home.id])
    expect((await search({ city: `%${tag}` })).json.items).toHaveLength(0)
  })

  test('only active properties with available beds are listed', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    const open = await addProperty(op.id, { city, available_beds: 1 })
    await addProperty(op.id, { city, available_beds: 0 })
    await addProperty(op.id, { city, is_active: false })
    const res = await search({ city, zip: '78704' })
    expect(res.json.items.map((i: { id: string }) => i.id)).toEqual([open.id])
    expect((await search({ city })).json.items.map((i: { id: string }) => i.id)).toEqual([open.id])
  })

  test('pages with has_more, with and without a location', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    const made = []
    for (let i = 0; i < 5; i++) made.push(await addProperty(op.id, { city, latitude: AUSTIN.latitude + i * 0.01 }))
    for (const extra of [{}, { zip: '78704' }] as Record<string, string>[]) {
      const first = await search({ city, per_page: 2, page: 1, ...extra })
      const second = await search({ city, per_page: 2, page: 2, ...extra })
      const third = await search({ city, per_page: 2, page: 3, ...extra })
      expect([first.json.has_more, second.json.has_more, third.json.has_more]).toEqual([true, true, false])
      const all = [...first.json.items, ...second.json.items, ...third.json.items].map((i: { id: string }) => i.id)
      expect(new Set(all).size).toBe(5)
      expect(all.sort()).toEqual(made.map((m) => m.id).sort())
    }
    expect((await search({ per_page: 51 })).status).toBe(422)
    expect((await search({ page: 0 })).status).toBe(422)
  })
})

describe('plan trimming of public properties', () => {
  test('a free operator shows only the first active property, one photo and no videos', async () => {
    const op = await createUser({ roles: ['operator'] })
    const city = uniqueCity()
    const first = await addProperty(op.id, { city })
    const second = await addProperty(op.id, { city })
    await addMedia(first.id, 'image', 3)
    await addMedia(first.id, 'video', 2)
    const res = await search({ city })
    expect(res.json.items.map((i: { id: string }) => i.id)).toEqual([first.id])
    const item = res.json.items[0]
    expect(item.images).toEqual([`/media/property-images/${first.id}/image-0.webp`])
    expect(item.featured_image).toBe(`/media/property-images/${first.id}/image-0.webp`)
    expect(item.videos).toEqual([])
    expect(item.operator).toMatchObject({ id: op.id, premium: false })
    expect(JSON.stringify(res.json)).not.toContain('image-1.webp')
    expect((await anonymous().get(`/api/properties/${second.id}`)).status).toBe(404)

    // Upgrading restores everything; nothing was deleted.
    await setPlan(op.id, 'premium')
    const upgraded = await search({ city })
    expect(upgraded.json.items.map((i: { id: string }) => i.id)).toEqual([second.id, first.id])
    const full = upgraded.json.items[1]
    expect(full.images).toHaveLength(3)
    expect(full.videos).toHaveLength(2)
    expect(full.operator.premium).toBe(true)
  })

  test('the first property is the oldest active one: deactivating it promotes the next', async () => {
    const op = await createUser({ roles: ['operator'] })
    const city = uniqueCity()
    const first = await addProperty(op.id, { city })
    const second = await addProperty(op.id, { city })
    await db.update(properties).set({ is_active: false }).where(eq(properties.id, first.id)).run()
    expect((await search({ city })).json.items.map((i: { id: string }) => i.id)).toEqual([second.id])
  })

  test('a deleted account lists nothing', async () => {
    const op = await premiumOperator()
    const city = uniqueCity()
    await addProperty(op.id, { city })
    await db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, op.id)).run()
    expect((await search({ city })).json.items).toHaveLength(0)
  })
})

describe('GET /api/properties/:id', () => {
  test('serialises the public view with fee, media and approved reviews only', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'complimentary', username: `op-${crypto.randomUUID().slice(0, 6)}` })
    const home = await addProperty(op.id, { monthly_fee_cents: 325050, available_beds: 0 })
    await addMedia(home.id, 'image', 2)
    await addMedia(home.id, 'video', 1)
    await db.insert(reviews)
      .values([
        { property_id: home.id, reviewer_name: 'Ann', reviewer_email: 'ann@example.com', rating: 5, review_text: 'Wonderful staff and food.', status: 'approved', created_at: new Date(Date.now() - 2000) },
        { property_id: home.id, reviewer_name: 'Bob', reviewer_email: 'bob@example.com', rating: 4, review_text: 'Clean and friendly home.', status: 'approved', created_at: new Date(Date.now() - 1000) },
        { property_id: home.id, reviewer_name: 'Cat', reviewer_email: 'cat@example.com', rating: 4, review_text: 'Quiet and well kept.', status: 'approved' },
        { property_id: home.id, reviewer_name: 'Eve', reviewer_email: 'eve@example.com', rating: 1, review_text: 'Pending, not public.' },
      ])
      .run()
    const res = await anonymous().get(`/api/properties/${home.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: home.id,
      name: home.name,
      address: home.address,
      available_beds: 0, // a full home still has a detail page
      monthly_fee_cents: 325050,
      monthly_fee: '$3,250.50',
      amenities: home.amenities,
      demographics_served: ['Seniors'],
      operator: { id: op.id, premium: true },
      review_count: 3,
      average_rating: 4.3,
    })
    expect(res.json.images).toHaveLength(2)
    expect(res.json.videos).toEqual([`/media/property-videos/${home.id}/video-0.mp4`])
    expect(res.json.reviews.map((r: { reviewer_name: string }) => r.reviewer_name)).toEqual(['Cat', 'Bob', 'Ann'])
    expect(res.text).not.toContain('ann@example.com')
    expect(res.text).not.toContain('Pending, not public.')
  })

  test('unknown or inactive: 404 Property not found', async () => {
    const op = await premiumOperator()
    const inactive = await addProperty(op.id, { is_active: false })
    for (const id of ['nope', inactive.id]) {
      const res = await anonymous().get(`/api/properties/${id}`)
      expect(res.status).toBe(404)
      expect(res.json.error.message).toBe('Property not found')
    }
  })
})
