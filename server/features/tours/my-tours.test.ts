import { afterEach, describe, expect, test } from 'bun:test'
import { and, eq, sql } from 'drizzle-orm'
import { rows as raw } from '../../db/raw'
import fs from 'node:fs'
import path from 'node:path'
import { notifications, outbox, properties, tour_schedules } from '../../db/schema'
import { dataDir } from '../../env'
import { clock, DAY } from '../../lib/clock'
import { deliverOutbox } from '../../mail/mail.jobs'
import { emlPart, parseIcsEvent } from '../../test/eml'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'

setupTestDb()
afterEach(() => clock.reset())

const day = (offset: number) => new Date(clock.ms() + offset * DAY).toISOString().slice(0, 10)

/** A home in Austin, TX (America/Chicago) with five tours around today. */
async function homeWithTours(operatorId: string, requestedBy: string | null = null) {
  const home = await db
    .insert(properties)
    .values({ operator_id: operatorId, name: 'Cedar Home', address: '5 Cedar Ln', city: 'Austin', state: 'TX', zip_code: '78704', total_beds: 4, available_beds: 2 })
    .returning()
    .get()
  const tour = (date: string, time: string, status: 'pending' | 'confirmed' | 'cancelled', email = `v-${date}-${time}@example.com`) => ({
    property_id: home.id,
    visitor_name: 'Val Visitor',
    visitor_email: email,
    visitor_phone: '(555) 010-4000',
    scheduled_date: date,
    scheduled_time: time,
    status,
    requested_by: requestedBy,
  })
  const rows = await db
    .insert(tour_schedules)
    .values([
      tour(day(3), '14:00', 'pending'),
      tour(day(3), '09:30', 'confirmed'),
      tour(day(-2), '10:00', 'pending'), // past but unconfirmed: still upcoming
      tour(day(-5), '11:00', 'confirmed'), // past and confirmed: completed
      tour(day(-9), '08:00', 'confirmed'),
    ])
    .returning()
    .all()
  return { home, rows }
}

describe('my tours', () => {
  test('upcoming (pending, confirmed not over, rescheduling), completed (confirmed and over) and cancelled, by date then time', async () => {
    const op = await createUser({ plan: 'premium' })
    const { home } = await homeWithTours(op.id)
    await db.insert(tour_schedules)
      .values({ property_id: home.id, visitor_name: 'Cy Cancelled', visitor_email: 'cy@example.com', visitor_phone: '(555) 010-4001', scheduled_date: day(4), scheduled_time: '10:00', status: 'cancelled' })
      .run()
    const other = await createUser({ plan: 'premium' })
    await homeWithTours(other.id)
    const res = await op.agent.get('/api/my/tours')
    expect(res.status).toBe(200)
    expect(res.json.upcoming.map((t: any) => [t.scheduled_date, t.scheduled_time, t.status, t.is_confirmed])).toEqual([
      [day(-2), '10:00', 'pending', false],
      [day(3), '09:30', 'confirmed', true],
      [day(3), '14:00', 'pending', false],
    ])
    expect(res.json.completed.map((t: any) => [t.scheduled_date, t.status, t.is_confirmed])).toEqual([
      [day(-9), 'completed', true],
      [day(-5), 'completed', true],
    ])
    expect(res.json.cancelled.map((t: any) => [t.visitor_name, t.status])).toEqual([['Cy Cancelled', 'cancelled']])
    expect(res.json.upcoming[0].property).toMatchObject({ name: 'Cedar Home', city: 'Austin', state: 'TX', operator_id: op.id })
    expect((await anonymous().get('/api/my/tours')).status).toBe(401)
  })

  test('a confirmed tour shows as completed once its hour at the home is over (the home’s time zone, not UTC)', async () => {
    // 12:00 UTC on 4 May 2030 is 07:00 in Austin (CDT, UTC-5).
    clock.set(new Date('2030-05-04T12:00:00Z'))
    const op = await createUser({ plan: 'premium' })
    const { home } = await homeWithTours(op.id)
    const tour = await db
      .insert(tour_schedules)
      .values({ property_id: home.id, visitor_name: 'Tia Today', visitor_email: 'tia@example.com', visitor_phone: '(555) 010-4002', scheduled_date: '2030-05-04', scheduled_time: '10:00', status: 'confirmed' })
      .returning()
      .get()
    const statusOf = async () => {
      const lists = (await op.agent.get('/api/my/tours')).json
      for (const list of ['upcoming', 'completed', 'cancelled'] as const) {
        const hit = lists[list].find((t: any) => t.id === tour.id)
        if (hit) return [list, hit.status]
      }
    }
    expect(await statusOf()).toEqual(['upcoming', 'confirmed'])
    // 10:00-11:00 in Austin is 15:00-16:00 UTC: during the tour it is still confirmed (UTC alone would call it over at 11:00 UTC).
    clock.set(new Date('2030-05-04T15:59:00Z'))
    expect(await statusOf()).toEqual(['upcoming', 'confirmed'])
    clock.set(new Date('2030-05-04T16:00:00Z'))
    expect(await statusOf()).toEqual(['completed', 'completed'])
    // Nothing was written: the status is computed.
    expect((await db.select().from(tour_schedules).where(eq(tour_schedules.id, tour.id)).get())!.status).toBe('confirmed')
    // A completed tour can no longer be cancelled or rescheduled.
    expect((await op.agent.delete(`/api/tours/${tour.id}`)).status).toBe(409)
    const moved = await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-10', scheduled_time: '10:00' })
    expect(moved.status).toBe(409)
    expect(moved.json.error.code).toBe('tour_completed')
  })

  test('confirm: only the property operator; e-mails the visitor once, with a calendar invitation, and notifies them', async () => {
    const op = await createUser({ plan: 'premium' })
    const visitor = await createUser({ roles: ['referrer'] })
    const { rows } = await homeWithTours(op.id, visitor.id)
    const pending = rows[0]!
    const intruder = await createUser({ plan: 'premium' })
    expect((await intruder.agent.post(`/api/tours/${pending.id}/confirm`)).status).toBe(404)
    expect((await anonymous().post(`/api/tours/${pending.id}/confirm`)).status).toBe(401)
    expect((await db.select().from(tour_schedules).where(eq(tour_schedules.id, pending.id)).get())?.status).toBe('pending')

    const res = await op.agent.post(`/api/tours/${pending.id}/confirm`)
    expect(res.status).toBe(200)
    expect(res.json.tour).toMatchObject({ status: 'confirmed', is_confirmed: true })
    await op.agent.post(`/api/tours/${pending.id}/confirm`)
    const mails = await db.select().from(outbox).where(eq(outbox.to_email, pending.visitor_email)).all()
    expect(mails.map((m) => m.type)).toEqual(['tour_confirmed'])
    expect(mails[0]!.text_body).toContain('Cedar Home')
    expect(mails[0]!.text_body).toContain('invite.ics')
    expect(mails[0]!.attachments?.map((a) => a.filename)).toEqual(['invite.ics'])
    expect((await db.select().from(notifications).where(eq(notifications.user_id, visitor.id)).all()).map((n) => n.title)).toEqual(['Tour Confirmed'])
  })

  test('the confirmation .eml carries an invite.ics that parses, at the slot in the home’s time zone, for one hour', async () => {
    clock.set(new Date('2030-01-10T12:00:00Z'))
    const op = await createUser({ plan: 'premium' })
    const { home } = await homeWithTours(op.id)
    const tour = await db
      .insert(tour_schedules)
      .values({ property_id: home.id, visitor_name: 'Ivy Invite', visitor_email: 'ivy@example.com', visitor_phone: '(555) 010-4003', scheduled_date: '2030-01-15', scheduled_time: '14:30' })
      .returning()
      .get()
    expect((await op.agent.post(`/api/tours/${tour.id}/confirm`)).status).toBe(200)
    const mail = (await db.select().from(outbox).where(and(eq(outbox.to_email, 'ivy@example.com'), eq(outbox.type, 'tour_confirmed'))).get())!
    await deliverOutbox(db)
    const eml = fs.readFileSync(path.join(dataDir(), 'outbox', `${mail.id}.eml`), 'utf8')
    const part = emlPart(eml, 'text/calendar')
    expect(part).not.toBeNull()
    expect(part!.headers).toMatch(/filename=invite\.ics/)
    const event = parseIcsEvent(part!.body)
    expect(event).toMatchObject({
      METHOD: 'PUBLISH',
      UID: `tour-${tour.id}@homeward`,
      SUMMARY: 'Tour of Cedar Home',
      LOCATION: '5 Cedar Ln, Austin, TX 78704',
      // 14:30 in Austin in January (CST, UTC-6) is 20:30 UTC.
      DTSTART: '20300115T203000Z',
      DURATION: 'PT60M',
      STATUS: 'CONFIRMED',
    })
    expect(event.URL).toMatch(new RegExp(`/property/${home.id}$`))
  })

  test("a home in El Paso (Mountain time, in Central Texas's state) is read in America/Denver everywhere: the operator's e-mail, the dashboard, the invitation", async () => {
    clock.set(new Date('2026-12-10T12:00:00Z'))
    const op = await createUser({ plan: 'premium' })
    // Listed through the API: the zone is derived from the ZIP and stored.
    const listed = await op.agent.post('/api/my/properties', {
      name: 'Harbor El Paso Place', address: '1 Mesa St', city: 'El Paso', state: 'TX', zip_code: '79901', total_beds: 4, available_beds: 2,
    })
    expect(listed.status).toBe(201)
    expect(listed.json.property.time_zone).toBe('America/Denver')
    const homeId = listed.json.property.id
    expect((await db.select().from(properties).where(eq(properties.id, homeId)).get())!.time_zone).toBe('America/Denver')
    const asked = await anonymous().post('/api/tours', {
      property_id: homeId, visitor_name: 'Maria Lopez', visitor_email: 'maria@example.com', visitor_phone: '(555) 010-4100', scheduled_date: '2026-12-16', scheduled_time: '10:00',
    })
    expect(asked.status).toBe(201)
    const toOperator = (await db.select().from(outbox).where(and(eq(outbox.to_email, op.email), eq(outbox.type, 'tour_requested'))).get())!
    expect(toOperator.text_body).toContain('on Wed, Dec 16, 2026 at 10:00 AM MST.')
    const receipt = (await db.select().from(outbox).where(eq(outbox.to_email, 'maria@example.com')).get())!
    expect(receipt.text_body).toContain("on Wed, Dec 16, 2026 at 10:00 AM MST (the home's local time)")
    const mine = (await op.agent.get('/api/my/tours')).json.upcoming.find((t: { id: string }) => t.id === asked.json.id)
    expect(mine).toMatchObject({ time_zone: 'America/Denver', property: { time_zone: 'America/Denver' } })

    expect((await op.agent.post(`/api/tours/${asked.json.id}/confirm`)).status).toBe(200)
    const confirmed = (await db.select().from(outbox).where(and(eq(outbox.to_email, 'maria@example.com'), eq(outbox.type, 'tour_confirmed'))).get())!
    expect(confirmed.text_body).toContain('on Wed, Dec 16, 2026 at 10:00 AM MST is confirmed')
    // 10:00 in El Paso in December (MST, UTC-7) is 17:00 UTC, not 16:00 (Central).
    expect(parseIcsEvent(confirmed.attachments![0]!.content).DTSTART).toBe('20261216T170000Z')
  })

  test('a home listed before zones were stored gets its zone at read; moving it to another ZIP moves its zone', async () => {
    const op = await createUser({ plan: 'premium' })
    const old = await db
      .insert(properties)
      .values({ operator_id: op.id, name: 'Old Panhandle Home', address: '2 Bay St', city: 'Pensacola', state: 'FL', zip_code: '32501', total_beds: 4, available_beds: 2 })
      .returning()
      .get()
    expect(old.time_zone).toBeNull()
    const listed = (await op.agent.get('/api/my/properties')).json.items.find((p: { id: string }) => p.id === old.id)
    expect(listed.time_zone).toBe('America/Chicago')
    const moved = await op.agent.patch(`/api/my/properties/${old.id}`, { city: 'Tallahassee', zip_code: '32301' })
    expect(moved.json.property.time_zone).toBe('America/New_York')
    expect((await db.select().from(properties).where(eq(properties.id, old.id)).get())!.time_zone).toBe('America/New_York')
  })

  test('cancel: only the property operator; the tour becomes cancelled (kept) and the visitor is e-mailed', async () => {
    const op = await createUser({ plan: 'premium' })
    const { rows } = await homeWithTours(op.id)
    const target = rows[1]!
    const intruder = await createUser()
    expect((await intruder.agent.delete(`/api/tours/${target.id}`)).status).toBe(404)
    expect((await db.select().from(tour_schedules).where(eq(tour_schedules.id, target.id)).get())!.status).toBe('confirmed')
    const res = await op.agent.delete(`/api/tours/${target.id}`)
    expect(res.status).toBe(200)
    expect((await db.select().from(tour_schedules).where(eq(tour_schedules.id, target.id)).get())!.status).toBe('cancelled')
    expect((await db.select().from(outbox).where(eq(outbox.to_email, target.visitor_email)).all()).map((m) => m.type)).toEqual(['tour_cancelled'])
    const again = await op.agent.delete(`/api/tours/${target.id}`)
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe('This tour is already cancelled')
    // A cancelled tour cannot be confirmed either, and no longer counts as upcoming on the dashboard.
    expect((await op.agent.post(`/api/tours/${target.id}/confirm`)).status).toBe(409)
    expect((await op.agent.get('/api/my/stats')).json.upcoming_tours).toBe(1)
  })

  test('the stored status accepts only the four stored values (completed is computed)', async () => {
    const op = await createUser({ plan: 'premium' })
    const { rows } = await homeWithTours(op.id)
    await expect(raw(db, sql`UPDATE tour_schedules SET status = 'completed' WHERE id = ${rows[0]!.id}`)).rejects.toThrow(/CHECK constraint failed/)
  })
})
