import { afterEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { bed_confirmation_links, outbox, properties } from '../../db/schema'
import { clock, DAY } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { sendBedReminders } from './send-bed-reminders'
import { addProperty, uniqueCity } from './property-fixtures'

setupTestDb()
afterEach(() => clock.reset())

const confirmedAt = async (id: string) => (await db.select().from(properties).where(eq(properties.id, id)).get())!.beds_confirmed_at
const linkFor = async (email: string) => {
  const mail = (await db.select().from(outbox).where(eq(outbox.to_email, email)).all()).filter((m) => m.type === 'beds_confirmation').at(-1)
  return /token=([a-z0-9]+)/.exec(mail?.text_body ?? '')?.[1]
}

describe('confirming beds from the dashboard', () => {
  test('one click stamps beds_confirmed_at; a new count is kept; never above total or below 0', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const p = await addProperty(op.id, { total_beds: 4, available_beds: 2, beds_confirmed_at: null })
    const before = clock.ms()
    const res = await op.agent.post(`/api/my/properties/${p.id}/confirm-beds`, {})
    expect(res.status).toBe(200)
    expect(new Date(res.json.property.beds_confirmed_at).getTime()).toBeGreaterThanOrEqual(before)
    expect(res.json.property.available_beds).toBe(2)

    expect((await op.agent.post(`/api/my/properties/${p.id}/confirm-beds`, { available_beds: 3 })).json.property.available_beds).toBe(3)
    const above = await op.agent.post(`/api/my/properties/${p.id}/confirm-beds`, { available_beds: 5 })
    expect(above.status).toBe(422)
    expect(above.json.error.message).toBe('Available beds cannot exceed total beds')
    expect((await op.agent.post(`/api/my/properties/${p.id}/confirm-beds`, { available_beds: -1 })).status).toBe(422)
    expect((await op.agent.post(`/api/my/properties/${p.id}/confirm-beds`, { available_beds: 1.5 })).status).toBe(422)
    expect((await db.select().from(properties).where(eq(properties.id, p.id)).get())!.available_beds).toBe(3)
  })

  test("another operator's home is a 404 and is left alone", async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const other = await createUser({ roles: ['operator'], plan: 'premium' })
    const p = await addProperty(op.id, { beds_confirmed_at: null })
    expect((await other.agent.post(`/api/my/properties/${p.id}/confirm-beds`, {})).status).toBe(404)
    expect(await confirmedAt(p.id)).toBeNull()
  })

  test('editing the count through the property form confirms it too; the database refuses more free beds than beds', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const p = await addProperty(op.id, { total_beds: 4, beds_confirmed_at: null })
    expect((await op.agent.patch(`/api/my/properties/${p.id}`, { available_beds: 1 })).status).toBe(200)
    expect(await confirmedAt(p.id)).not.toBeNull()
    // SQLite throws at once, PostgreSQL rejects; its own error may be wrapped by drizzle: look through the causes.
    const refused = await (async () => db.update(properties).set({ available_beds: 9 }).where(eq(properties.id, p.id)).run())().then(
      () => null,
      (e: unknown) => e,
    )
    const messages: string[] = []
    for (let e = refused; e instanceof Error; e = e.cause) messages.push(e.message)
    expect(messages.some((m) => m.includes('CHECK constraint failed: properties_available_beds_check'))).toBe(true)
  })
})

describe('the weekly e-mail and its single-use link', () => {
  test("an operator's homes due this week come in one e-mail, each with its own link that confirms only its home", async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const old = new Date(clock.ms() - 10 * DAY)
    const homes = await Promise.all(['Alder', 'Birch', 'Cedar'].map((n) => addProperty(op.id, { name: `${n} House`, total_beds: 5, available_beds: 2, beds_confirmed_at: old })))
    const inactive = await addProperty(op.id, { is_active: false, beds_confirmed_at: old })
    await sendBedReminders(db)
    const mails = (await db.select().from(outbox).where(eq(outbox.to_email, op.email)).all()).filter((m) => m.type === 'beds_confirmation')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Are the free beds at your 3 homes still right?')
    const tokens = [...mails[0]!.text_body.matchAll(/(\w+ House): 2 of 5 beds available: \S+token=([a-z0-9]+)/g)].map((m) => [m[1], m[2]!] as const)
    expect(tokens.map(([name]) => name)).toEqual(['Alder House', 'Birch House', 'Cedar House'])
    expect(new Set(tokens.map(([, t]) => t)).size).toBe(3)
    // Birch's link confirms Birch, and only Birch.
    const birch = await anonymous().post(`/api/bed-confirmations/${tokens[1]![1]}`, {})
    expect(birch.json.property.id).toBe(homes[1]!.id)
    expect((await confirmedAt(homes[1]!.id))!.getTime()).toBeGreaterThan(old.getTime())
    expect((await confirmedAt(homes[0]!.id))!.getTime()).toBe(old.getTime())
    expect(await db.select().from(bed_confirmation_links).where(eq(bed_confirmation_links.property_id, inactive.id)).all()).toHaveLength(0)
  })


  test('due homes get one link a week; the link confirms without signing in, once', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const p = await addProperty(op.id, { total_beds: 5, available_beds: 2, beds_confirmed_at: new Date(clock.ms() - 10 * DAY) })
    await sendBedReminders(db)
    const token = await linkFor(op.email)
    expect(token).toBeTruthy()
    // A second run in the same week sends nothing more.
    await sendBedReminders(db)
    expect(await db.select().from(bed_confirmation_links).where(eq(bed_confirmation_links.property_id, p.id)).all()).toHaveLength(1)

    const page = await anonymous().get(`/api/bed-confirmations/${token}`)
    expect(page.status).toBe(200)
    expect(page.json.property).toMatchObject({ id: p.id, available_beds: 2, total_beds: 5 })

    // "Update the count": refused above the total, and the link stays usable.
    expect((await anonymous().post(`/api/bed-confirmations/${token}`, { available_beds: 6 })).status).toBe(422)
    const done = await anonymous().post(`/api/bed-confirmations/${token}`, { available_beds: 4 })
    expect(done.status).toBe(200)
    expect(done.json.property.available_beds).toBe(4)
    expect(Date.now() - (await confirmedAt(p.id))!.getTime()).toBeLessThan(60_000)

    const again = await anonymous().post(`/api/bed-confirmations/${token}`, {})
    expect(again.status).toBe(409)
    expect(again.json.error.message).toMatch(/already been used/)
    expect((await anonymous().get(`/api/bed-confirmations/${token}`)).status).toBe(409)
  })

  test('a recently confirmed home gets no e-mail; a link expires after 7 days; a wrong link is a 404', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    await addProperty(op.id, { beds_confirmed_at: clock.now() })
    await sendBedReminders(db)
    expect(await linkFor(op.email)).toBeUndefined()

    const late = await createUser({ roles: ['operator'], plan: 'premium' })
    await addProperty(late.id, { beds_confirmed_at: null })
    await sendBedReminders(db)
    const token = (await linkFor(late.email))!
    clock.advance(7 * DAY + 1000)
    const expired = await anonymous().post(`/api/bed-confirmations/${token}`, {})
    expect(expired.status).toBe(410)
    expect(expired.json.error.message).toMatch(/expired/)
    // A week later the home is due again: a new link.
    await sendBedReminders(db)
    expect(await linkFor(late.email)).not.toBe(token)

    const wrong = await anonymous().get('/api/bed-confirmations/not-a-real-token')
    expect(wrong.status).toBe(404)
    expect(wrong.json.error.message).toMatch(/not valid/)
  })
})

describe('confirm all from the dashboard', () => {
  test("confirms every active home of the operator as it is, and nobody else's", async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const other = await createUser({ roles: ['operator'], plan: 'premium' })
    const mine = await Promise.all([1, 2, 3].map(() => addProperty(op.id, { total_beds: 4, available_beds: 2, beds_confirmed_at: null })))
    const asleep = await addProperty(op.id, { is_active: false, beds_confirmed_at: null })
    const theirs = await addProperty(other.id, { beds_confirmed_at: null })
    const before = clock.ms()
    const res = await op.agent.post('/api/my/properties/confirm-beds', {})
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ confirmed: 3 })
    for (const p of mine) expect((await confirmedAt(p.id))!.getTime()).toBeGreaterThanOrEqual(before)
    expect((await db.select().from(properties).where(eq(properties.id, mine[0]!.id)).get())!.available_beds).toBe(2)
    expect(await confirmedAt(asleep.id)).toBeNull()
    expect(await confirmedAt(theirs.id)).toBeNull()
    expect((await anonymous().post('/api/my/properties/confirm-beds', {})).status).toBe(401)
  })
})

describe('browse: "Confirmed in the last 14 days"', () => {
  test('filters server-side in the radius search and without a ZIP; a confirmation growing stale drops out (cache included)', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const city = uniqueCity()
    const fresh = await addProperty(op.id, { city, beds_confirmed_at: new Date(clock.ms() - 13 * DAY) })
    const stale = await addProperty(op.id, { city, beds_confirmed_at: new Date(clock.ms() - 15 * DAY) })
    const never = await addProperty(op.id, { city, beds_confirmed_at: null })
    const ids = async (qs: string) => {
      const res = await anonymous().get(`/api/properties?${qs}&city=${encodeURIComponent(city)}`)
      expect(res.status).toBe(200)
      return (res.json.items as { id: string }[]).map((i) => i.id).sort()
    }
    expect(await ids('zip=78704&radius=50')).toEqual([fresh.id, stale.id, never.id].sort())
    expect(await ids('zip=78704&radius=50&confirmed_recently=1')).toEqual([fresh.id])
    expect(await ids('state=TX&confirmed_recently=true')).toEqual([fresh.id])
    const card = (await anonymous().get(`/api/properties?zip=78704&radius=50&confirmed_recently=1&city=${encodeURIComponent(city)}`)).json.items[0]
    expect(card.beds_confirmed_at).toBe(fresh.beds_confirmed_at!.toISOString())
    clock.advance(1 * DAY + 1000)
    expect(await ids('zip=78704&radius=50&confirmed_recently=1')).toEqual([])
    expect((await anonymous().get('/api/properties?confirmed_recently=maybe')).status).toBe(422)
  })
})
