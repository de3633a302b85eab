import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { db } from '../../db/client'
import { notifications, outbox, properties, tour_schedules } from '../../db/schema'
import { clock, DAY } from '../../lib/clock'
import { anonymous, createUser, setupTestDb } from '../../test/setup'

setupTestDb()

const day = (offset: number) => new Date(clock.ms() + offset * DAY).toISOString().slice(0, 10)

function homeWithTours(operatorId: string, requestedBy: string | null = null) {
  const home = db
    .insert(properties)
    .values({ operator_id: operatorId, name: 'Cedar Home', address: '5 Cedar Ln', city: 'Austin', state: 'TX', zip_code: '78704', total_beds: 4, available_beds: 2 })
    .returning()
    .get()
  const tour = (date: string, time: string, confirmed: boolean, email = `v-${date}-${time}@example.com`) => ({
    property_id: home.id,
    visitor_name: 'Val Visitor',
    visitor_email: email,
    visitor_phone: '(555) 010-4000',
    scheduled_date: date,
    scheduled_time: time,
    is_confirmed: confirmed,
    requested_by: requestedBy,
  })
  const rows = db
    .insert(tour_schedules)
    .values([
      tour(day(3), '14:00', false),
      tour(day(3), '09:30', true),
      tour(day(-2), '10:00', false), // past but unconfirmed: still upcoming
      tour(day(-5), '11:00', true), // past and confirmed: completed
      tour(day(-9), '08:00', true),
    ])
    .returning()
    .all()
  return { home, rows }
}

describe('my tours', () => {
  test('upcoming (today or later, or unconfirmed) and completed (past and confirmed), by date then time', async () => {
    const op = await createUser({ plan: 'premium' })
    homeWithTours(op.id)
    const other = await createUser({ plan: 'premium' })
    homeWithTours(other.id)
    const res = await op.agent.get('/api/my/tours')
    expect(res.status).toBe(200)
    expect(res.json.upcoming.map((t: any) => [t.scheduled_date, t.scheduled_time])).toEqual([
      [day(-2), '10:00'],
      [day(3), '09:30'],
      [day(3), '14:00'],
    ])
    expect(res.json.completed.map((t: any) => t.scheduled_date)).toEqual([day(-9), day(-5)])
    expect(res.json.upcoming[0].property).toMatchObject({ name: 'Cedar Home', city: 'Austin', state: 'TX', operator_id: op.id })
    expect((await anonymous().get('/api/my/tours')).status).toBe(401)
  })

  test('confirm: only the property operator; e-mails and notifies the visitor once', async () => {
    const op = await createUser({ plan: 'premium' })
    const visitor = await createUser({ roles: ['referrer'] })
    const { rows } = homeWithTours(op.id, visitor.id)
    const pending = rows[0]!
    const intruder = await createUser({ plan: 'premium' })
    expect((await intruder.agent.post(`/api/tours/${pending.id}/confirm`)).status).toBe(404)
    expect((await anonymous().post(`/api/tours/${pending.id}/confirm`)).status).toBe(401)
    expect(db.select().from(tour_schedules).where(eq(tour_schedules.id, pending.id)).get()?.is_confirmed).toBe(false)

    const res = await op.agent.post(`/api/tours/${pending.id}/confirm`)
    expect(res.status).toBe(200)
    expect(res.json.tour.is_confirmed).toBe(true)
    await op.agent.post(`/api/tours/${pending.id}/confirm`)
    const mails = db.select().from(outbox).where(eq(outbox.to_email, pending.visitor_email)).all()
    expect(mails.map((m) => m.type)).toEqual(['tour_confirmed'])
    expect(mails[0]!.text_body).toContain('Cedar Home')
    expect(db.select().from(notifications).where(eq(notifications.user_id, visitor.id)).all().map((n) => n.title)).toEqual(['Tour Confirmed'])
  })

  test('cancel: only the property operator; deletes the tour and e-mails the visitor', async () => {
    const op = await createUser({ plan: 'premium' })
    const { rows } = homeWithTours(op.id)
    const target = rows[1]!
    const intruder = await createUser()
    expect((await intruder.agent.delete(`/api/tours/${target.id}`)).status).toBe(404)
    expect(db.select().from(tour_schedules).where(eq(tour_schedules.id, target.id)).get()).toBeDefined()
    const res = await op.agent.delete(`/api/tours/${target.id}`)
    expect(res.status).toBe(200)
    expect(db.select().from(tour_schedules).where(eq(tour_schedules.id, target.id)).get()).toBeUndefined()
    expect(db.select().from(outbox).where(eq(outbox.to_email, target.visitor_email)).all().map((m) => m.type)).toEqual(['tour_cancelled'])
    expect((await op.agent.delete(`/api/tours/${target.id}`)).status).toBe(404)
  })
})
