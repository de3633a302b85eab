/**
 * The public directory (ADR 032): the FHIR R4 feed under /fhir/r4 and the
 * HSDS 3.1 API under /hsds. Every answer is validated against the standards
 * (directory-fixtures.ts). What the feeds publish is what /browse could show:
 * radius searches find, among homes with an open bed, the same homes as
 * /browse for the same point and radius; a free plan's second home, an
 * inactive home and a deleted account's homes are in neither feed; a write is
 * in both feeds at the next read.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { properties } from '../../db/schema'
import { env } from '../../env'
import { clock } from '../../lib/clock'
import { lookupZip } from '../geo'
import { addMedia, addProperty } from '../properties/property-fixtures'
import { anonymous, createUser, db, setupTestDb, TestAgent } from '../../test/setup'
import { expectValidFhir, expectValidHsds, fhir, hsds } from './directory-fixtures'
import { READ_LEASE, READS_PER_MINUTE } from './directory-cache'
import { termOf } from './directory-codes'

setupTestDb()
const visitor = anonymous()
/** A bound on a failing test, not a speed claim: each test makes dozens of requests and validates every answer. */
const TIMEOUT = 120_000

// The validators load once (the R4 definitions, the HSDS schemas' compilation), before the tests' clocks start.
beforeAll(async () => {
  await expectValidFhir({ resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational' }] } as any)
  expectValidHsds('/hsds/taxonomies/x', { id: crypto.randomUUID(), name: 'warm-up', description: 'warm-up' })
}, TIMEOUT)

const bedsOf = (resource: any) => {
  const ext = resource.extension.find((e: any) => e.url.endsWith('/fhir/r4/StructureDefinition/bed-availability'))
  const part = (name: string) => ext.extension.find((p: any) => p.url === name)
  return { available: part('available')?.valueInteger, maximum: part('maximum')?.valueInteger, confirmed: part('confirmed')?.valueDateTime ?? null }
}

/** Every page of a FHIR search, by its `next` links (made relative): each entry of mode `match` (id and resource), in order, and the totals seen. */
async function allFhirPages(first: string) {
  const ids: string[] = []
  const resources: any[] = []
  const totals = new Set<number>()
  let url: string | undefined = first
  for (let pages = 0; url && pages < 50; pages++) {
    const res = await fhir(visitor, url)
    expect(res.status).toBe(200)
    totals.add(res.json.total)
    const matches = res.json.entry.filter((e: any) => e.search.mode === 'match')
    ids.push(...matches.map((e: any) => e.resource.id))
    resources.push(...matches.map((e: any) => e.resource))
    const next: string | undefined = res.json.link.find((l: any) => l.relation === 'next')?.url
    url = next ? next.slice(next.indexOf('/fhir/r4/')) : undefined
  }
  return { ids, resources, totals }
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
      const fhirOpen = near.resources.filter((r) => bedsOf(r).available > 0).map((r) => r.id).sort()
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
  }, TIMEOUT)
})

describe('visibility: the public site\'s, exactly', () => {
  test("a free plan's second home, an inactive home and a deleted account's home are in neither feed, by id or in a list; the free plan shows one photo", async () => {
    const free = await createUser({ roles: ['operator'] })
    const premium = await createUser({ roles: ['operator'], plan: 'premium' })
    const gone = await createUser({ roles: ['operator'], plan: 'premium' })
    const first = await addProperty(free.id, { state: 'VT', city: 'Montpelier', zip_code: '05602' })
    await addMedia(first.id, 'image', 3)
    const second = await addProperty(free.id, { state: 'VT', city: 'Montpelier', zip_code: '05602' })
    const shown = await addProperty(premium.id, { state: 'VT', city: 'Montpelier', zip_code: '05602' })
    const inactive = await addProperty(premium.id, { state: 'VT', city: 'Montpelier', zip_code: '05602' })
    const ofDeleted = await addProperty(gone.id, { state: 'VT', city: 'Montpelier', zip_code: '05602' })
    const before = await fhir(visitor, `/fhir/r4/Location/${inactive.id}`)
    expect(before.status).toBe(200)
    expect((await premium.agent.patch(`/api/my/properties/${inactive.id}`, { is_active: false })).status).toBe(200)
    expect((await gone.agent.delete('/api/me', { password: gone.password })).status).toBe(200)

    for (const hidden of [second, inactive, ofDeleted]) {
      for (const path of [`/fhir/r4/Location/${hidden.id}`, `/fhir/r4/HealthcareService/${hidden.id}`, `/hsds/services/${hidden.id}`, `/hsds/service_at_locations/${hidden.id}`]) {
        expect([path, (await visitor.get(path)).status]).toEqual([path, 404])
      }
    }
    const listed = (await fhir(visitor, '/fhir/r4/Location?address-state=VT&_count=100')).json.entry.map((e: any) => e.resource.id).sort()
    expect(listed).toEqual([first.id, shown.id].sort())
    const services = (await hsds(visitor, '/hsds/services?search=Montpelier&per_page=100')).json.contents.map((s: any) => s.id).sort()
    expect(services).toEqual([first.id, shown.id].sort())
    expect((await fhir(visitor, `/fhir/r4/HealthcareService?organization=Organization/${free.id}`)).json.total).toBe(1)
    expect((await hsds(visitor, `/hsds/services?organization_id=${free.id}`)).json.total_items).toBe(1)
    // The deleted account is no organization any more; the free operator is one.
    expect((await visitor.get(`/fhir/r4/Organization/${gone.id}`)).status).toBe(404)
    expect((await visitor.get(`/hsds/organizations/${gone.id}`)).status).toBe(404)
    expect((await fhir(visitor, `/fhir/r4/Organization/${free.id}`)).status).toBe(200)
    expect((await hsds(visitor, `/hsds/organizations/${free.id}`)).status).toBe(200)
    // One photo on the free plan, as on its page.
    const service = (await fhir(visitor, `/fhir/r4/HealthcareService/${first.id}`)).json
    expect(service.photo.url).toEndWith(`/property-images/${first.id}/image-0.webp`)
    const page = (await visitor.get(`/api/properties/${first.id}`)).json
    expect(page.images).toHaveLength(1)
  }, TIMEOUT)

  test("an upgrade publishes the operator's other homes at the next read, a downgrade hides them again", async () => {
    const op = await createUser({ roles: ['operator'] })
    const a = await addProperty(op.id, { state: 'WY' })
    const b = await addProperty(op.id, { state: 'WY' })
    const ids = async () => (await fhir(visitor, `/fhir/r4/Location?organization=${op.id}`)).json.entry.map((e: any) => e.resource.id).sort()
    expect(await ids()).toEqual([a.id])
    const { setPlan } = await import('../../test/setup')
    await setPlan(op.id, 'premium')
    expect(await ids()).toEqual([a.id, b.id].sort())
    expect((await hsds(visitor, `/hsds/services/${b.id}`)).status).toBe(200)
    await setPlan(op.id, 'free')
    expect(await ids()).toEqual([a.id])
    expect((await visitor.get(`/hsds/services/${b.id}`)).status).toBe(404)
  }, TIMEOUT)
})

describe('paging', () => {
  test('exact in both feeds: each home once across pages, total on every page, links and page fields right', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const homes = []
    // Seven homes, four created at the same moment: the order must still be total.
    const same = new Date(clock.ms() - 500_000)
    for (let i = 0; i < 7; i++) homes.push(await addProperty(op.id, { state: 'NH', ...(i < 4 ? { created_at: same } : {}) }))
    const expected = homes.map((h) => h.id).sort()

    const byService = await allFhirPages(`/fhir/r4/HealthcareService?organization=${op.id}&_count=3`)
    expect(byService.ids).toHaveLength(7)
    expect([...byService.ids].sort()).toEqual(expected)
    expect(byService.totals).toEqual(new Set([7]))
    const byLocation = await allFhirPages(`/fhir/r4/Location?address-state=NH&_count=2`)
    expect([...byLocation.ids].sort()).toEqual(expected)

    const { items, first } = await allHsdsPages(`/hsds/services?organization_id=${op.id}`, 3)
    expect(first).toMatchObject({ total_items: 7, total_pages: 3, page_number: 1, size: 3, first_page: true, last_page: false, empty: false })
    expect(items.map((s) => s.id)).toHaveLength(7)
    expect(items.map((s) => s.id).sort()).toEqual(expected)
    const sal = await allHsdsPages(`/hsds/service_at_locations?organization_id=${op.id}`, 2)
    expect(sal.items.map((s) => s.id).sort()).toEqual(expected)
    // Past the end: an empty page of the same total; no match at all: empty.
    expect((await hsds(visitor, `/hsds/services?organization_id=${op.id}&per_page=3&page=4`)).json).toMatchObject({ total_items: 7, size: 0, contents: [], last_page: true, empty: false })
    expect((await hsds(visitor, '/hsds/services?search=no-such-home-anywhere')).json).toMatchObject({ total_items: 0, total_pages: 0, empty: true, contents: [] })
    const last = await fhir(visitor, `/fhir/r4/HealthcareService?organization=${op.id}&_count=3&_offset=6`)
    expect(last.json.entry).toHaveLength(1)
    expect(last.json.link.map((l: any) => l.relation)).toEqual(['self', 'previous'])
  }, TIMEOUT)
})

describe('fresh by construction', () => {
  test('a bed confirmation shows in both feeds at the next read: count, confirmation time, lastUpdated, _lastUpdated and modified_after', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id, { state: 'ME', total_beds: 5, available_beds: 0, beds_confirmed_at: null })
    const paths = [`/fhir/r4/HealthcareService/${home.id}`, `/fhir/r4/Location/${home.id}`, `/hsds/services/${home.id}`, `/hsds/service_at_locations?organization_id=${op.id}`]
    const read = async () => {
      const [service, location, hsdsService, sal] = await Promise.all(paths.map((p) => (p.startsWith('/fhir') ? fhir(visitor, p) : hsds(visitor, p))))
      return { service: service!.json, location: location!.json, hsdsService: hsdsService!.json, sal: sal!.json }
    }
    const before = await read()
    await read() // the cached bodies
    expect(bedsOf(before.service)).toEqual({ available: 0, maximum: 5, confirmed: null })
    expect(before.hsdsService.capacities[0]).toMatchObject({ available: 0, maximum: 5 })

    clock.advance(60_000)
    const since = new Date(clock.ms() - 1).toISOString()
    expect((await fhir(visitor, `/fhir/r4/HealthcareService?organization=${op.id}&_lastUpdated=gt${since}`)).json.total).toBe(0)
    expect((await hsds(visitor, `/hsds/services?organization_id=${op.id}&modified_after=${since}`)).json.total_items).toBe(0)
    expect((await op.agent.post(`/api/my/properties/${home.id}/confirm-beds`, { available_beds: 2 })).status).toBe(200)
    const confirmed = (await db.select().from(properties).where(eq(properties.id, home.id)).get())!.beds_confirmed_at!.toISOString()

    const after = await read()
    expect(bedsOf(after.service)).toEqual({ available: 2, maximum: 5, confirmed })
    expect(bedsOf(after.location)).toEqual({ available: 2, maximum: 5, confirmed })
    expect(after.service.meta.lastUpdated).toBe(confirmed)
    expect(after.service.meta.lastUpdated > before.service.meta.lastUpdated).toBe(true)
    expect(after.hsdsService.capacities[0]).toMatchObject({ available: 2, maximum: 5, updated: confirmed })
    expect(after.hsdsService.last_modified).toBe(confirmed)
    expect(after.sal.contents[0].service.capacities[0].available).toBe(2)
    expect((await fhir(visitor, `/fhir/r4/HealthcareService?organization=${op.id}&_lastUpdated=gt${since}`)).json.total).toBe(1)
    expect((await hsds(visitor, `/hsds/services?organization_id=${op.id}&modified_after=${since}`)).json.total_items).toBe(1)
    clock.reset()
  }, TIMEOUT)
})

describe("the languages a home's staff speak", () => {
  test('FHIR HealthcareService.communication and HSDS languages on the service and its location; an edit of them moves lastUpdated, _lastUpdated and modified_after', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id, { state: 'NM', languages: ['en', 'es', 'ase'] })
    const silent = await addProperty(op.id, { state: 'NM' })
    const service = (await fhir(visitor, `/fhir/r4/HealthcareService/${home.id}`)).json
    expect(service.communication).toEqual([
      { coding: [{ system: 'urn:ietf:bcp:47', code: 'en', display: 'English' }], text: 'English' },
      { coding: [{ system: 'urn:ietf:bcp:47', code: 'es', display: 'Spanish' }], text: 'Spanish' },
      { coding: [{ system: 'urn:ietf:bcp:47', code: 'ase', display: 'American Sign Language' }], text: 'American Sign Language' },
    ])
    // None named: no element at all (R4 forbids an empty array).
    expect((await fhir(visitor, `/fhir/r4/HealthcareService/${silent.id}`)).json.communication).toBeUndefined()
    // In a searchset too (the cached renderings), each resource validated.
    const listed = (await fhir(visitor, `/fhir/r4/HealthcareService?organization=${op.id}&_include=HealthcareService:location`)).json
    expect(listed.entry.find((e: any) => e.resource.id === home.id && e.resource.resourceType === 'HealthcareService').resource.communication.map((c: any) => c.coding[0].code)).toEqual(['en', 'es', 'ase'])

    const hsdsService = (await hsds(visitor, `/hsds/services/${home.id}`)).json
    expect(hsdsService.languages.map((l: any) => [l.code, l.name, l.service_id])).toEqual([
      ['en', 'English', home.id],
      ['es', 'Spanish', home.id],
      ['ase', 'American Sign Language', home.id],
    ])
    const location = hsdsService.service_at_locations[0].location
    expect(location.languages.map((l: any) => [l.code, l.location_id])).toEqual([['en', home.id], ['es', home.id], ['ase', home.id]])
    // Every language object has its own id, the same at every read.
    const ids = [...hsdsService.languages, ...location.languages].map((l: any) => l.id)
    expect(new Set(ids).size).toBe(6)
    expect((await hsds(visitor, `/hsds/service_at_locations/${home.id}`)).json.location.languages.map((l: any) => l.id)).toEqual(location.languages.map((l: any) => l.id))
    expect((await hsds(visitor, `/hsds/services/${silent.id}`)).json.languages).toEqual([])
    const full = (await hsds(visitor, `/hsds/services?organization_id=${op.id}&full=true`)).json.contents
    expect(full.find((s: any) => s.id === home.id).languages.map((l: any) => l.code)).toEqual(['en', 'es', 'ase'])

    // The operator changes the languages: both feeds say so at the next read, and a harvest of changes finds the home.
    clock.advance(60_000)
    const since = new Date(clock.ms() - 1).toISOString()
    expect((await fhir(visitor, `/fhir/r4/HealthcareService?organization=${op.id}&_lastUpdated=gt${since}`)).json.total).toBe(0)
    expect((await hsds(visitor, `/hsds/services?organization_id=${op.id}&modified_after=${since}`)).json.total_items).toBe(0)
    const edited = await op.agent.patch(`/api/my/properties/${home.id}`, { languages: ['vi', 'en'] })
    expect(edited.status).toBe(200)
    const after = (await fhir(visitor, `/fhir/r4/HealthcareService/${home.id}`)).json
    expect(after.communication.map((c: any) => c.coding[0].code)).toEqual(['en', 'vi'])
    expect(after.meta.lastUpdated).toBe(edited.json.property.updated_at)
    expect(after.meta.lastUpdated > service.meta.lastUpdated).toBe(true)
    expect((await fhir(visitor, `/fhir/r4/Location/${home.id}`)).json.meta.lastUpdated).toBe(after.meta.lastUpdated)
    const hsdsAfter = (await hsds(visitor, `/hsds/services/${home.id}`)).json
    expect(hsdsAfter.languages.map((l: any) => l.name)).toEqual(['English', 'Vietnamese'])
    expect(hsdsAfter.last_modified).toBe(after.meta.lastUpdated)
    expect((await fhir(visitor, `/fhir/r4/HealthcareService?organization=${op.id}&_lastUpdated=gt${since}`)).json.entry.map((e: any) => e.resource.id)).toEqual([home.id])
    expect((await hsds(visitor, `/hsds/services?organization_id=${op.id}&modified_after=${since}`)).json.contents.map((s: any) => s.id)).toEqual([home.id])
    clock.reset()
  }, TIMEOUT)
})

describe('filters, includes and the other resources', () => {
  test('FHIR filters (state, city, postal code, characteristic, service-category, location) are cumulative; _include and _revinclude add the other resource', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const assisted = await addProperty(op.id, { state: 'OR', city: 'Portland', zip_code: '97201', care_levels: ['assisted'], funding_accepted: ['medicaid_waiver'] })
    const skilled = await addProperty(op.id, { state: 'OR', city: 'Salem', zip_code: '97301', care_levels: ['skilled'], funding_accepted: ['private_pay'] })
    const ids = async (path: string) => (await fhir(visitor, path)).json.entry?.filter((e: any) => e.search.mode === 'match').map((e: any) => e.resource.id).sort() ?? []
    expect(await ids('/fhir/r4/Location?address-state=OR')).toEqual([assisted.id, skilled.id].sort())
    expect(await ids('/fhir/r4/Location?address-state=OR&address-city=port')).toEqual([assisted.id])
    expect(await ids('/fhir/r4/Location?address-state=OR&address-postalcode=973')).toEqual([skilled.id])
    expect(await ids(`/fhir/r4/HealthcareService?organization=${op.id}&characteristic=assisted`)).toEqual([assisted.id])
    expect(await ids(`/fhir/r4/HealthcareService?organization=${op.id}&characteristic=private_pay`)).toEqual([skilled.id])
    expect(await ids(`/fhir/r4/HealthcareService?organization=${op.id}&characteristic=assisted&location=Location/${skilled.id}`)).toEqual([])
    expect(await ids(`/fhir/r4/HealthcareService?organization=${op.id}&service-category=group-home`)).toEqual([assisted.id, skilled.id].sort())
    expect(await ids(`/fhir/r4/HealthcareService?organization=${op.id}&service-category=http://example.org|group-home`)).toEqual([])
    expect(await ids(`/fhir/r4/HealthcareService?organization=${op.id}&characteristic=no-such-code`)).toEqual([])

    const withServices = (await fhir(visitor, '/fhir/r4/Location?address-state=OR&_revinclude=HealthcareService:location')).json
    expect(withServices.total).toBe(2)
    expect(withServices.entry.filter((e: any) => e.search.mode === 'include').map((e: any) => `${e.resource.resourceType}/${e.resource.id}`).sort()).toEqual([`HealthcareService/${assisted.id}`, `HealthcareService/${skilled.id}`].sort())
    const withLocation = (await fhir(visitor, `/fhir/r4/HealthcareService?location=${assisted.id}&_include=HealthcareService:location`)).json
    expect(withLocation.entry.map((e: any) => `${e.search.mode} ${e.resource.resourceType}/${e.resource.id}`)).toEqual([`match HealthcareService/${assisted.id}`, `include Location/${assisted.id}`])

    // What the service says of the home.
    const service = withLocation.entry[0].resource
    expect(service.providedBy.reference).toBe(`Organization/${op.id}`)
    expect(service.location[0].reference).toBe(`Location/${assisted.id}`)
    expect(service.characteristic.map((c: any) => c.coding[0].code)).toEqual(['assisted', 'medicaid_waiver'])
    expect(service.telecom[0].value).toEndWith(`/property/${assisted.id}`)
    expect(service.referralMethod[0].coding[0].code).toBe('elec')
    expect(service.eligibility[0]).toEqual({ code: { text: 'Groups served' }, comment: 'Seniors' })
    const location = withLocation.entry[1].resource
    expect(location.address).toMatchObject({ city: 'Portland', state: 'OR', postalCode: '97201' })
    expect(location.position).toEqual({ latitude: assisted.latitude, longitude: assisted.longitude })
  }, TIMEOUT)

  test('HSDS filters (search, organization_id, taxonomy_term_id, postcode) are cumulative; taxonomies and their terms are published', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const other = await createUser({ roles: ['operator'], plan: 'premium' })
    const a = await addProperty(op.id, { name: 'Quillfeather House', state: 'KS', zip_code: '66044', care_levels: ['supervised'], funding_accepted: ['va'] })
    const b = await addProperty(op.id, { name: 'Quillfeather Annex', state: 'KS', zip_code: '66045', care_levels: ['independent'] })
    const c = await addProperty(other.id, { name: 'Quillfeather Lodge', state: 'KS', zip_code: '66044', care_levels: ['supervised'] })
    const ids = async (path: string) => (await hsds(visitor, path)).json.contents.map((s: any) => s.id).sort()
    const supervised = termOf('homeward-care-level', 'supervised').id
    expect(await ids('/hsds/services?search=quillfeather')).toEqual([a.id, b.id, c.id].sort())
    expect(await ids(`/hsds/services?search=quillfeather&taxonomy_term_id=${supervised}`)).toEqual([a.id, c.id].sort())
    expect(await ids(`/hsds/services?search=quillfeather&taxonomy_term_id=${supervised}&organization_id=${op.id}`)).toEqual([a.id])
    expect(await ids(`/hsds/services?search=quillfeather&taxonomy_term_id=${termOf('homeward-funding', 'va').id}`)).toEqual([a.id])
    expect(await ids('/hsds/service_at_locations?search=quillfeather&postcode=66044')).toEqual([a.id, c.id].sort())
    expect(await ids('/hsds/services?search=quillfeather&taxonomy_term_id=00000000-0000-4000-8000-000000000000')).toEqual([])

    // Full objects on request, each validated against the single-object schemas.
    const full = (await hsds(visitor, `/hsds/services?search=quillfeather&organization_id=${op.id}&full=true`)).json.contents
    const house = full.find((s: any) => s.id === a.id)
    expect(house.attributes.map((x: any) => x.taxonomy_term.code).sort()).toEqual(['group-home', 'supervised', 'va'])
    expect(house.service_at_locations[0].location.addresses[0]).toMatchObject({ postal_code: '66044', state_province: 'KS', country: 'US' })
    expect((await hsds(visitor, `/hsds/service_at_locations?search=quillfeather&full=1`)).json.total_items).toBe(3)
    expect((await hsds(visitor, `/hsds/service_at_locations/${a.id}`)).json.location.id).toBe(a.id)

    const taxonomies = (await hsds(visitor, '/hsds/taxonomies')).json
    expect(taxonomies.contents.map((t: any) => t.name)).toEqual(['homeward-care-level', 'homeward-funding', 'homeward-service-category'])
    const terms = (await hsds(visitor, `/hsds/taxonomy_terms?taxonomy_id=${taxonomies.contents[0].id}`)).json
    expect(terms.contents.map((t: any) => t.code)).toEqual(['independent', 'supervised', 'assisted', 'skilled'])
    expect((await hsds(visitor, `/hsds/taxonomy_terms/${supervised}`)).json.name).toBe('Supervised')
    expect((await hsds(visitor, `/hsds/taxonomies/${taxonomies.contents[1].id}`)).json.name).toBe('homeward-funding')
    expect((await hsds(visitor, '/hsds/taxonomy_terms?search=medicaid')).json.contents.map((t: any) => t.code)).toEqual(['medicaid_waiver'])
    expect((await hsds(visitor, '/hsds/')).json).toMatchObject({ version: '3.1' })
    expect((await visitor.get('/hsds/openapi.json')).json.paths['/service_at_locations']).toBeDefined()
  }, TIMEOUT)

  test('organizations: read and searched by name in both feeds, with licensing, verification and badges', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium', first_name: 'Zebulon', last_name: 'Quartermaine', username: `zq-${crypto.randomUUID().slice(0, 6)}`, licensing_type: 'licensed' })
    await addProperty(op.id)
    const idle = await createUser({ roles: ['operator'], first_name: 'Zebulon', last_name: 'Idle' })
    await addProperty(idle.id, { is_active: false })
    const org = (await fhir(visitor, `/fhir/r4/Organization/${op.id}`)).json
    expect(org.name).toBe('Zebulon Quartermaine')
    const standing = org.extension[0].extension.map((e: any) => `${e.url}=${e.valueCode}`)
    expect(standing).toEqual(['licensing=licensed', 'verification=unverified', 'badge=premium'])
    expect(org.telecom[0].value).toContain('/operator/zq-')
    const found = (await fhir(visitor, '/fhir/r4/Organization?name=zebulon')).json
    expect(found.entry.map((e: any) => e.resource.id)).toEqual([op.id])
    expect((await visitor.get(`/fhir/r4/Organization/${idle.id}`)).status).toBe(404)
    const hsdsOrg = (await hsds(visitor, '/hsds/organizations?search=quartermaine')).json
    expect(hsdsOrg.contents.map((o: any) => o.id)).toEqual([op.id])
    expect((await hsds(visitor, `/hsds/organizations/${op.id}`)).json.website).toContain('/operator/zq-')
  }, TIMEOUT)

  test("the CapabilityStatement lists the directory; the extensions' StructureDefinitions are served", async () => {
    const metadata = (await fhir(visitor, '/fhir/r4/metadata')).json
    const byType = new Map(metadata.rest[0].resource.map((r: any) => [r.type, r]))
    for (const type of ['Location', 'HealthcareService', 'Organization']) {
      expect((byType.get(type) as any).interaction.map((i: any) => i.code)).toEqual(['read', 'search-type'])
    }
    expect((byType.get('Location') as any).searchParam.map((p: any) => p.name)).toEqual(['near', 'address-state', 'address-city', 'address-postalcode', 'organization', '_lastUpdated', '_count', '_offset'])
    expect((byType.get('Location') as any).searchRevInclude).toEqual(['HealthcareService:location'])
    expect((byType.get('HealthcareService') as any).searchParam.map((p: any) => p.name)).toEqual(['location', 'organization', 'service-category', 'characteristic', '_lastUpdated', '_count', '_offset'])
    for (const id of ['bed-availability', 'operator-standing']) {
      const definition = (await fhir(visitor, `/fhir/r4/StructureDefinition/${id}`)).json
      expect(definition.url).toEndWith(`/fhir/r4/StructureDefinition/${id}`)
      expect((byType.get('StructureDefinition') as any).documentation).toContain(definition.url)
    }
    expect((await visitor.get('/fhir/r4/StructureDefinition/no-such')).status).toBe(404)
  }, TIMEOUT)
})

describe('bad input and limits', () => {
  test('a bad parameter is a 422 (FHIR: an OperationOutcome naming the parameter; HSDS: the one error shape); an unknown id a 404', async () => {
    for (const [path, parameter] of [
      ['/fhir/r4/Location?near=91|0|10|mi', 'near'],
      ['/fhir/r4/Location?near=41|-87|10|parsecs', 'near'],
      ['/fhir/r4/Location?near=41|-87|300|mi', 'near'],
      ['/fhir/r4/Location?_count=0', '_count'],
      ['/fhir/r4/Location?_count=101', '_count'],
      ['/fhir/r4/Location?_lastUpdated=lt2025-01-01', '_lastUpdated'],
      ['/fhir/r4/Location?_revinclude=Practitioner:location', '_revinclude'],
      ['/fhir/r4/HealthcareService?_include=HealthcareService:organization', '_include'],
    ] as const) {
      const res = await visitor.get(path)
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 422, 'application/fhir+json; charset=utf-8'])
      expect(res.json).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'processing', expression: [parameter] }] })
      await expectValidFhir(res.json)
    }
    for (const path of [
      '/hsds/services?per_page=101',
      '/hsds/services?page=0',
      '/hsds/services?modified_after=yesterday',
      '/hsds/services?taxonomy_term_id=assisted',
      '/hsds/service_at_locations?proximity=1000',
      '/hsds/service_at_locations?postcode=00000&proximity=1000',
      '/hsds/service_at_locations?postcode=60601&proximity=-5',
    ]) {
      const res = await visitor.get(path)
      expect([path, res.status, res.json?.error?.code]).toEqual([path, 422, 'validation_error'])
    }
    for (const path of ['/fhir/r4/Location/no-such-home', '/fhir/r4/HealthcareService/no-such-home', '/fhir/r4/Organization/no-such-operator', `/hsds/services/${crypto.randomUUID()}`, `/hsds/organizations/${crypto.randomUUID()}`, `/hsds/taxonomy_terms/${crypto.randomUUID()}`]) {
      const res = await visitor.get(path)
      expect([path, res.status]).toEqual([path, 404])
      if (path.startsWith('/fhir/')) expect(res.json).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] })
    }
    expect((await visitor.get('/hsds/services/not-a-uuid')).status).toBe(422)
  }, TIMEOUT)

  test('reads are rate limited per address: a 429 past the limit, other addresses unaffected', async () => {
    // Leases of READ_LEASE reads from the shared window (directory-cache.ts): one address on one instance gets exactly the limit.
    const limit = Math.max(1, Math.round((READS_PER_MINUTE / READ_LEASE) * env.RATE_LIMIT_SCALE)) * READ_LEASE
    const busy = new TestAgent(visitor.app, '198.51.100.45')
    for (let i = 0; i < limit; i++) expect((await busy.get(i % 2 ? '/hsds/' : '/fhir/r4/StructureDefinition/bed-availability')).status).toBe(200)
    const refused = await busy.get('/hsds/taxonomies')
    expect(refused.status).toBe(429)
    expect(refused.json.error.code).toBe('rate_limited')
    expect((await busy.get('/fhir/r4/Location')).status).toBe(429)
    expect((await visitor.get('/hsds/')).status).toBe(200)
  }, TIMEOUT)

  test('a burst from one address waits for one lease of reads instead of taking one each: 100 reads at once all answer', async () => {
    const burst = new TestAgent(visitor.app, '198.51.100.46')
    const statuses = await Promise.all(Array.from({ length: 100 }, () => burst.get('/hsds/taxonomies').then((r) => r.status)))
    expect(statuses.filter((s) => s !== 200)).toEqual([])
  }, TIMEOUT)

  test("other sites' pages may read the feeds: any origin, GET", async () => {
    for (const path of ['/fhir/r4/Location?_count=1', '/hsds/taxonomies', '/hsds/']) {
      const res = await visitor.get(path, { headers: { origin: 'https://211.example' } })
      expect([path, res.status, res.headers.get('access-control-allow-origin')]).toEqual([path, 200, '*'])
    }
    const preflight = await visitor.request('OPTIONS', '/hsds/services', { headers: { origin: 'https://211.example', 'access-control-request-method': 'GET' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD')
  }, TIMEOUT)

  test('pages travel compressed to clients that accept it', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    for (let i = 0; i < 3; i++) await addProperty(op.id)
    for (const path of [`/fhir/r4/HealthcareService?organization=${op.id}`, `/hsds/services?organization_id=${op.id}`]) {
      const res = await visitor.get(path, { headers: { 'accept-encoding': 'gzip' } })
      expect([path, res.status, res.headers.get('content-encoding')]).toEqual([path, 200, 'gzip'])
    }
  }, TIMEOUT)

  test('the checks themselves refuse what the standards refuse', async () => {
    const { expectValidHsds, expectValidFhir } = await import('./directory-fixtures')
    expect(() => expectValidHsds('/hsds/services/x', { id: 'not-a-uuid', name: 'A', status: 'open' })).toThrow()
    expect(() => expectValidHsds('/hsds/services?page=1', { total_items: 1, contents: [] })).toThrow()
    expect(() => expectValidHsds('/hsds/services/x', { id: crypto.randomUUID(), name: 'A', status: 'active', capacities: [{ id: crypto.randomUUID(), available: 1 }] })).toThrow()
    await expect(expectValidFhir({ resourceType: 'Location', status: 'open' } as any)).rejects.toThrow()
    await expect(expectValidFhir({ resourceType: 'Bundle', type: 'searchset', entry: [{ resource: { resourceType: 'HealthcareService', active: 'yes' } }] } as any)).rejects.toThrow()
  }, TIMEOUT)
})
