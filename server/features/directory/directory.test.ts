/**
 * The public directory (ADR 033): the FHIR R4 feed under /fhir/r4 and the
 * HSDS 3.1 API under /hsds. Every answer is validated against the standards
 * (directory-fixtures.ts). What the feeds publish is what /browse could show:
 * radius searches find, among homes with an open bed, the same homes as
 * /browse for the same point and radius; a free plan's second home, an
 * inactive home and a deleted account's homes are in neither feed; a write is
 * in both feeds at the next read.
 */
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { properties } from '../../db/schema'
import { env } from '../../env'
import { clock } from '../../lib/clock'
import { lookupZip } from '../geo'
import { addMedia, addProperty } from '../properties/property-fixtures'
import { anonymous, createUser, db, setupTestDb, TestAgent } from '../../test/setup'
import { fhir, hsds } from './directory-fixtures'
import { termOf } from './directory-codes'

setupTestDb()
const visitor = anonymous()

const bedsOf = (resource: any) => {
  const ext = resource.extension.find((e: any) => e.url.endsWith('/fhir/r4/StructureDefinition/bed-availability'))
  const part = (name: string) => ext.extension.find((p: any) => p.url === name)
  return { available: part('available')?.valueInteger, maximum: part('maximum')?.valueInteger, confirmed: part('confirmed')?.valueDateTime ?? null }
}

/** Every page of a FHIR search, by its `next` links (made relative): each entry of mode `match`, in order, and the totals seen. */
async function allFhirPages(first: string) {
  const ids: string[] = []
  const totals = new Set<number>()
  let url: string | undefined = first
  for (let pages = 0; url && pages < 50; pages++) {
    const res = await fhir(visitor, url)
    expect(res.status).toBe(200)
    totals.add(res.json.total)
    ids.push(...res.json.entry.filter((e: any) => e.search.mode === 'match').map((e: any) => e.resource.id))
    const next: string | undefined = res.json.link.find((l: any) => l.relation === 'next')?.url
    url = next ? next.slice(next.indexOf('/fhir/r4/')) : undefined
  }
  return { ids, totals }
}

/** Every page of an HSDS list: its contents in order and the page fields seen. */
async function allHsdsPages(path: string, perPage: number) {
  const items: any[] = []
  const first = await hsds(visitor, `${path}&per_page=${perPage}&page=1`)
  expect(first.status).toBe(200)
  items.push(...first.json.contents)
  for (let page = 2; page <= first.json.total_pages; page++) {
    const res = await hsds(visitor, `${path}&per_page=${perPage}&page=${page}`)
    expect(res.json.page_number).toBe(page)
    expect(res.json.total_items).toBe(first.json.total_items)
    expect(res.json.first_page).toBe(false)
    expect(res.json.last_page).toBe(page === first.json.total_pages)
    items.push(...res.json.contents)
  }
  return { items, first: first.json }
}

/** Every home /browse lists with a distance for this ZIP and radius, across its pages. */
async function browseIds(zip: string, radius: number) {
  const ids: string[] = []
  for (let page = 1; page < 50; page++) {
    const res = await visitor.get(`/api/properties?zip=${zip}&radius=${radius}&per_page=50&page=${page}`)
    expect(res.status).toBe(200)
    ids.push(...res.json.items.filter((i: any) => i.distance_miles !== null).map((i: any) => i.id))
    if (!res.json.has_more) break
  }
  return ids.sort()
}

describe('radius searches publish what /browse shows, with or without an open bed', () => {
  test('FHIR near and HSDS proximity: among homes with an open bed, the same homes as /browse for the same point and radius; the others with available 0', async () => {
    const zip = '60601'
    const at = lookupZip(zip)!
    const premium = await createUser({ roles: ['operator'], plan: 'premium' })
    const free = await createUser({ roles: ['operator'] })
    const gone = await createUser({ roles: ['operator'], plan: 'premium' })
    const place = (dLat: number, dLng = 0) => ({ city: 'Chicago', state: 'IL', zip_code: zip, latitude: at.latitude + dLat, longitude: at.longitude + dLng })
    const open3 = await addProperty(premium.id, { ...place(0.02), available_beds: 3 })
    const full = await addProperty(premium.id, { ...place(0.03, 0.01), available_beds: 0 })
    const at15 = await addProperty(premium.id, { ...place(0.22), available_beds: 1 }) // about 15 miles north
    const at40 = await addProperty(premium.id, { ...place(0, 0.75), available_beds: 2 }) // about 38 miles east
    const unplaced = await addProperty(premium.id, { ...place(0), latitude: null, longitude: null })
    const freeFirst = await addProperty(free.id, { ...place(-0.01) })
    const freeSecond = await addProperty(free.id, { ...place(-0.015) })
    const inactive = await addProperty(premium.id, { ...place(0.01), is_active: false })
    const ofDeleted = await addProperty(gone.id, { ...place(0.012) })
    expect((await gone.agent.delete('/api/me', { password: gone.password })).status).toBe(200)

    for (const radius of [10, 25, 50]) {
      const browse = await browseIds(zip, radius)
      const metres = radius * 1609.344
      const near = await allFhirPages(`/fhir/r4/Location?near=${at.latitude}|${at.longitude}|${radius}|mi&_count=4&_revinclude=HealthcareService:location`)
      const fhirHomes = await Promise.all(near.ids.map(async (id) => bedsOf((await fhir(visitor, `/fhir/r4/Location/${id}`)).json)))
      const fhirOpen = near.ids.filter((_, i) => fhirHomes[i]!.available > 0).sort()
      expect(fhirOpen).toEqual(browse)
      const proximity = await allHsdsPages(`/hsds/service_at_locations?postcode=${zip}&proximity=${metres}`, 4)
      const hsdsOpen = proximity.items.filter((s) => s.service.capacities[0].available > 0).map((s) => s.id).sort()
      expect(hsdsOpen).toEqual(browse)
      // Both feeds publish the same homes, each once, nearest first, the full home with 0 available.
      expect(proximity.items.map((s) => s.id)).toEqual(near.ids)
      expect(new Set(near.ids).size).toBe(near.ids.length)
      expect(near.totals).toEqual(new Set([near.ids.length]))
      expect(near.ids).toContain(full.id)
      expect(proximity.items.find((s) => s.id === full.id).service.capacities[0]).toMatchObject({ available: 0, maximum: 6, unit: { name: 'bed' } })
      for (const hidden of [freeSecond, inactive, ofDeleted, unplaced]) expect(near.ids).not.toContain(hidden.id)
      expect(near.ids.includes(at15.id)).toBe(radius >= 25)
      expect(near.ids.includes(at40.id)).toBe(radius >= 50)
      expect(near.ids).toContain(open3.id)
      expect(near.ids).toContain(freeFirst.id)
    }
  })
})
