import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { notifications, outbox, tour_schedules } from '../../db/schema'
import { clock, DAY, HOUR } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb, TestAgent } from '../../test/setup'
import { addProperty } from '../properties/property-fixtures'
import { earliestAllowedDate } from './request-tour'
import { slotText } from '../../lib/slot-text'

setupTestDb()

const day = (offsetDays: number) => new Date(clock.ms() + offsetDays * DAY).toISOString().slice(0, 10)
const valid = (propertyId: string) => ({
  property_id: propertyId,
  visitor_name: 'Jordan Lee',
  visitor_email: 'jordan@example.com',
  visitor_phone: '(555) 010-3000',
  scheduled_date: day(3),
  scheduled_time: '10:30',
  notes: 'Visiting with my father.',
})
const toursOf = async (propertyId: string) => db.select().from(tour_schedules).where(eq(tour_schedules.property_id, propertyId)).all()

describe('POST /api/tours', () => {
  test('a visitor without an account requests a tour of a premium property; the operator is told', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id, { name: 'Cedar Haven' })
    const res = await anonymous().post('/api/tours', { ...valid(home.id), visitor_name: '  Jordan Lee  ', notes: undefined })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ property_id: home.id, visitor_name: 'Jordan Lee', scheduled_time: '10:30', notes: '', is_confirmed: false })
    expect(await toursOf(home.id)).toHaveLength(1)
    const mail = await db.select().from(outbox).where(eq(outbox.to_email, op.email)).all()
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ type: 'tour_requested', subject: 'New tour request for Cedar Haven' })
    expect(mail[0]!.text_body).toContain('Jordan Lee would like to tour Cedar Haven')
    expect(mail[0]!.text_body).toContain('jordan@example.com')
    const bell = await db.select().from(notifications).where(eq(notifications.user_id, op.id)).all()
    expect(bell.map((n) => n.type)).toEqual(['tour_requested'])
  })

  test('the one who asked gets a confirmation e-mail; signed in, the link leads to their tour requests', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id, { name: 'Juniper Court' })
    const receipts = async (to: string) => db.select().from(outbox).where(and(eq(outbox.to_email, to), eq(outbox.type, 'tour_request_received'))).all()
    expect((await anonymous().post('/api/tours', { ...valid(home.id), visitor_email: 'anon-asker@example.com', scheduled_time: '14:30' })).status).toBe(201)
    const [anon] = await receipts('anon-asker@example.com')
    expect(anon).toMatchObject({ subject: 'Your tour request for Juniper Court' })
    expect(anon!.text_body).toContain('Hello Jordan Lee,')
    expect(anon!.text_body).toContain(`We sent your request to tour Juniper Court on ${slotText(day(3), '14:30', 'America/Chicago')} (the home's local time) to the home.`)
    // A guest is told its status, and how the request becomes hers: an account with this address, once confirmed.
    expect(anon!.text_body).toContain('Status: Pending. Waiting for the home to confirm.')
    expect(anon!.text_body).toContain('create a Homeward account with this e-mail address (anon-asker@example.com) and confirm the address')
    expect(anon!.text_body).toContain('/auth?mode=signup')
    expect(anon!.text_body).not.toContain('#tour-requests')
    expect(anon!.text_body).not.toContain('Visiting with my father') // the note may describe care: never e-mailed

    const visitor = await createUser({ roles: ['referrer'] })
    expect((await visitor.agent.post('/api/tours', { ...valid(home.id), visitor_email: visitor.email })).status).toBe(201)
    const [mine] = await receipts(visitor.email)
    expect(mine!.text_body).toContain('You can follow your tour requests on your dashboard.')
    expect(mine!.text_body).toContain('/referrer-dashboard#tour-requests')
  })

  test('GET /api/my/tour-requests: the signed-in requester sees their tours with home and status, newest first; nobody else does', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const first = await addProperty(op.id, { name: 'Aspen Row' })
    const second = await addProperty(op.id, { name: 'Beech Lane' })
    const visitor = await createUser({ roles: ['referrer'] })
    const a = (await visitor.agent.post('/api/tours', valid(first.id))).json
    clock.advance(1000)
    const b = (await visitor.agent.post('/api/tours', { ...valid(second.id), scheduled_time: '15:00' })).json
    // Someone else's request, and an anonymous one with the same e-mail, are not hers.
    const other = await createUser({ roles: ['referrer'] })
    await other.agent.post('/api/tours', valid(first.id))
    await anonymous().post('/api/tours', { ...valid(first.id), visitor_email: visitor.email })
    expect((await op.agent.post(`/api/tours/${a.id}/confirm`)).status).toBe(200)

    const res = await visitor.agent.get('/api/my/tour-requests')
    expect(res.status).toBe(200)
    expect(res.json.items).toEqual([
      expect.objectContaining({ id: b.id, property: { id: second.id, name: 'Beech Lane', city: second.city, state: second.state, time_zone: 'America/Chicago' }, scheduled_time: '15:00', status: 'pending' }),
      expect.objectContaining({ id: a.id, property: expect.objectContaining({ name: 'Aspen Row' }), status: 'confirmed', proposed_date: null }),
    ])
    expect(JSON.stringify(res.json)).not.toContain('Visiting with my father')
    expect((await anonymous().get('/api/my/tour-requests')).status).toBe(401)
    expect((await op.agent.get('/api/my/tour-requests')).json.items).toEqual([])
  })

  test('a complimentary operator is premium too; a signed-in visitor is remembered', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'complimentary' })
    const home = await addProperty(op.id)
    const visitor = await createUser({ roles: ['referrer'] })
    expect((await visitor.agent.post('/api/tours', valid(home.id))).status).toBe(201)
    expect((await toursOf(home.id))[0]!.requested_by).toBe(visitor.id)
  })

  test.each([
    [{ visitor_name: 'J' }, 'visitor_name', 'Name must be at least 2 characters'],
    [{ visitor_name: '   J   ' }, 'visitor_name', 'Name must be at least 2 characters'],
    [{ visitor_name: 'x'.repeat(101) }, 'visitor_name', 'Name is too long'],
    [{ visitor_email: 'not-an-email' }, 'visitor_email', 'Invalid email address'],
    [{ visitor_email: `${'a'.repeat(250)}@example.com` }, 'visitor_email', 'Email is too long'],
    [{ visitor_phone: 'call me maybe' }, 'visitor_phone', 'Invalid phone number format'],
    [{ visitor_phone: '555-0100' }, 'visitor_phone', 'Phone number is too short'],
    [{ visitor_phone: '+1 (555) 010-3000 000 000' }, 'visitor_phone', 'Phone number is too long'],
    [{ scheduled_date: '' }, 'scheduled_date', 'Please select a date'],
    [{ scheduled_date: undefined }, 'scheduled_date', 'Please select a date'],
    [{ scheduled_date: '2030-02-30' }, 'scheduled_date', 'Please select a date'],
    [{ scheduled_time: '' }, 'scheduled_time', 'Time is required'],
    [{ scheduled_time: '25:00' }, 'scheduled_time', 'Invalid time format'],
    [{ scheduled_time: '9:30' }, 'scheduled_time', 'Invalid time format'],
    [{ scheduled_time: '10:30 AM' }, 'scheduled_time', 'Invalid time format'],
    [{ notes: 'n'.repeat(501) }, 'notes', 'Notes must be less than 500 characters'],
  ])('refuses %p with the product’s exact message and writes nothing', async (patch, field, message) => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id)
    const res = await anonymous().post('/api/tours', { ...valid(home.id), ...patch })
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe(message)
    expect(res.json.error.fields[field]).toBe(message)
    expect(await toursOf(home.id)).toHaveLength(0)
  })

  test('the first failing message is the one shown', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id)
    const res = await anonymous().post('/api/tours', { ...valid(home.id), visitor_name: 'J', scheduled_time: 'noon' })
    expect(res.json.error.message).toBe('Name must be at least 2 characters')
    expect(Object.keys(res.json.error.fields).sort()).toEqual(['scheduled_time', 'visitor_name'])
  })

  test('past days are refused by the server; today is allowed', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id)
    const past = await anonymous().post('/api/tours', { ...valid(home.id), scheduled_date: day(-2) })
    expect(past.status).toBe(422)
    expect(past.json.error.fields.scheduled_date).toBe('Please select a date that is not in the past')
    expect((await anonymous().post('/api/tours', { ...valid(home.id), scheduled_date: day(0) })).status).toBe(201)
    expect(await toursOf(home.id)).toHaveLength(1)
  })

  test('"today" is judged in the latest US time zone, not UTC', () => {
    // 03:00 UTC on 2030-05-02 is still 2030-05-01 in Hawaii: that day is not past yet.
    expect(earliestAllowedDate(Date.UTC(2030, 4, 2, 3))).toBe('2030-05-01')
    expect(earliestAllowedDate(Date.UTC(2030, 4, 2, 13))).toBe('2030-05-02')
  })

  test('a free operator’s property is refused with 403 premium_required', async () => {
    const op = await createUser({ roles: ['operator'] })
    const home = await addProperty(op.id)
    const res = await anonymous().post('/api/tours', valid(home.id))
    expect(res.status).toBe(403)
    expect(res.json.error).toMatchObject({
      code: 'premium_required',
      message: 'Tour scheduling is only available for premium properties. Contact the operator directly.',
    })
    expect(await toursOf(home.id)).toHaveLength(0)
    expect(await db.select().from(outbox).where(eq(outbox.to_email, op.email)).all()).toHaveLength(0)
  })

  test('unknown or inactive property: 404; malformed JSON: 400', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const inactive = await addProperty(op.id, { is_active: false })
    for (const id of ['missing', inactive.id]) {
      const res = await anonymous().post('/api/tours', valid(id))
      expect(res.status).toBe(404)
      expect(res.json.error.message).toBe('Property not found')
    }
    const bad = await anonymous().request('POST', '/api/tours', { body: '{"visitor_name":', headers: { 'content-type': 'application/json' } })
    expect(bad.status).toBe(400)
  })

  test('one visitor cannot flood an operator with requests', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const home = await addProperty(op.id)
    const agent = new TestAgent(undefined, '192.0.2.44')
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) statuses.push((await agent.post('/api/tours', valid(home.id))).status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(20)
    expect(statuses[20]).toBe(429)
    clock.advance(HOUR + 1000)
    expect((await agent.post('/api/tours', valid(home.id))).status).toBe(201)
    clock.reset()
  })
})
