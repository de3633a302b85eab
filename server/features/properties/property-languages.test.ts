import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { properties, SPOKEN_LANGUAGES } from '../../db/schema'
import { rows } from '../../db/raw'
import { ENGINE } from '../../db/client'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { addProperty, uniqueCity } from './property-fixtures'

/**
 * The languages a home's staff speak (`languages`): BCP 47 tags of a fixed
 * list, validated by the property schema and by a CHECK on both engines,
 * shown to the owner, on the page and in the search cards. The feeds: directory.test.ts.
 */
setupTestDb()
/** A bound on a failing test, not a speed claim: a busy machine can take seconds over a test's dozen requests. */
const BOUND = 60_000

const valid = {
  name: 'Casa Linda',
  address: '48 Juniper Lane',
  city: 'Austin',
  state: 'TX',
  zip_code: '78704',
  total_beds: 4,
  available_beds: 2,
}

const rowOf = async (id: string) => (await db.select().from(properties).where(eq(properties.id, id)).get())!

describe("a home's languages", () => {
  test('create stores them in the list order, each once, tags in any case; the owner, the page and the cards show them', async () => {
    const owner = await createUser({ plan: 'premium' })
    const city = uniqueCity('Lenguaville')
    const res = await owner.agent.post('/api/my/properties', { ...valid, city, languages: ['vi', 'ES', 'en', 'es', ' ase '] })
    expect(res.status).toBe(201)
    const stored = ['en', 'es', 'vi', 'ase'] as const
    expect(res.json.property.languages).toEqual(stored)
    expect((await rowOf(res.json.property.id)).languages).toEqual([...stored])
    expect((await owner.agent.get('/api/my/properties')).json.items[0].languages).toEqual(stored)
    expect((await anonymous().get(`/api/properties/${res.json.property.id}`)).json.languages).toEqual(stored)
    expect((await anonymous().get(`/api/properties?city=${encodeURIComponent(city)}`)).json.items[0].languages).toEqual(stored)
    expect((await anonymous().get(`/api/properties?zip=78704&radius=10&city=${encodeURIComponent(city)}`)).json.items[0].languages).toEqual(stored)
  }, BOUND)

  test('none by default; a patch changes them alone and [] clears them', async () => {
    const owner = await createUser({ plan: 'premium' })
    const created = await owner.agent.post('/api/my/properties', valid)
    expect(created.json.property.languages).toEqual([])
    const id = created.json.property.id
    const set = await owner.agent.patch(`/api/my/properties/${id}`, { languages: ['es', 'en'] })
    expect(set.status).toBe(200)
    expect(set.json.property).toMatchObject({ languages: ['en', 'es'], name: valid.name, total_beds: 4 })
    const renamed = await owner.agent.patch(`/api/my/properties/${id}`, { name: 'Casa Linda Norte' })
    expect(renamed.json.property.languages).toEqual(['en', 'es'])
    const cleared = await owner.agent.patch(`/api/my/properties/${id}`, { languages: [] })
    expect(cleared.json.property.languages).toEqual([])
    expect((await rowOf(id)).languages).toEqual([])
  }, BOUND)

  test('every language of the list is accepted', async () => {
    const owner = await createUser({ plan: 'premium' })
    const res = await owner.agent.post('/api/my/properties', { ...valid, languages: [...SPOKEN_LANGUAGES].reverse() })
    expect(res.status).toBe(201)
    expect(res.json.property.languages).toEqual([...SPOKEN_LANGUAGES])
  }, BOUND)

  test.each([
    [['en', 'xx'], 'Unknown language code "xx": please choose languages from the list'],
    [['es-MX'], 'Unknown language code "es-mx": please choose languages from the list'],
    [['english', 'en', 7], 'Unknown language code "english", 7: please choose languages from the list'],
    ['klingon', 'Unknown language code "klingon": please choose languages from the list'],
    [{ en: true }, 'Please choose languages from the list'],
    [Array.from({ length: 200 }, () => 'en'), 'Please choose languages from the list'],
  ])('languages = %p is refused with 422 "%s", on create and on edit, and nothing changes', async (languages, message) => {
    const owner = await createUser({ plan: 'premium' })
    const create = await owner.agent.post('/api/my/properties', { ...valid, languages })
    expect(create.status).toBe(422)
    expect(create.json.error.message).toBe(message)
    expect(create.json.error.fields.languages).toBe(message)
    const home = await owner.agent.post('/api/my/properties', { ...valid, languages: ['en'] })
    const before = await rowOf(home.json.property.id)
    const edit = await owner.agent.patch(`/api/my/properties/${home.json.property.id}`, { languages, name: 'Renamed House' })
    expect(edit.status).toBe(422)
    expect(edit.json.error.fields.languages).toBe(message)
    expect(await rowOf(home.json.property.id)).toEqual(before)
  }, BOUND)

  test('the message is said in the reader\'s language', async () => {
    const owner = await createUser({ plan: 'premium' })
    // A signed-in person reads in the language saved on the account (ADR 037).
    expect((await owner.agent.request('PUT', '/api/me/language', { body: { language: 'es' } })).status).toBe(200)
    const res = await owner.agent.post('/api/my/properties', { ...valid, languages: ['xx'] })
    expect(res.status).toBe(422)
    expect(res.json.error.fields.languages).toBe('Código de idioma desconocido "xx": elija idiomas de la lista')
  }, BOUND)

  test('the database refuses any other value too (CHECK constraint)', async () => {
    const owner = await createUser()
    const home = await addProperty(owner.id)
    const set = (value: string) => rows(db, sql`UPDATE properties SET languages = ${value} WHERE id = ${home.id}`)
    await expect(set('["en","xx"]')).rejects.toThrow(/CHECK constraint failed|violates check constraint/)
    await expect(set('["EN"]')).rejects.toThrow(/CHECK constraint failed|violates check constraint/)
    await expect(set('"en"')).rejects.toThrow(/CHECK constraint failed|violates check constraint/)
    // Not JSON at all: PostgreSQL's CHECK fails already reading it as jsonb, with its own error.
    await expect(set('en')).rejects.toThrow(ENGINE === 'postgres' ? /invalid input syntax for type json/ : /CHECK constraint failed/)
    await set('["en","ase"]')
    expect((await rowOf(home.id)).languages).toEqual(['en', 'ase'])
  }, BOUND)
})
