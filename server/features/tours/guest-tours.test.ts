import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { notifications, outbox } from '../../db/schema'
import { clock, DAY } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { addProperty } from '../properties/property-fixtures'

setupTestDb()

const day = (offsetDays: number) => new Date(clock.ms() + offsetDays * DAY).toISOString().slice(0, 10)
const tourAt = (propertyId: string, email: string, time = '10:30') => ({
  property_id: propertyId,
  visitor_name: 'Maria Lopez',
  visitor_email: email,
  visitor_phone: '(555) 010-3000',
  scheduled_date: day(3),
  scheduled_time: time,
})
const verificationToken = async (email: string) => {
  const [mail] = await db.select().from(outbox).where(and(eq(outbox.to_email, email), eq(outbox.type, 'email_verification'))).all()
  return /verify-email\?token=([\w-]+)/.exec(mail!.text_body)![1]!
}

describe("a guest's tour request becomes hers once she confirms its address", () => {
  test('signed up with the address: nothing until it is confirmed; then both tours are hers, with their status, and one notification says so', async () => {
    const op = await createUser({ roles: ['operator'], plan: 'premium' })
    const [harbor, cedar] = await Promise.all([addProperty(op.id, { name: 'Harbor El Paso Place' }), addProperty(op.id, { name: 'Cedar Haven' })])
    const email = `maria.lopez.${Date.now()}@example.test`
    const first = (await anonymous().post('/api/tours', tourAt(harbor.id, email))).json
    // Typed in another case: still her address.
    const second = (await anonymous().post('/api/tours', tourAt(cedar.id, email.toUpperCase(), '15:00'))).json
    // Someone else's guest request stays nobody's.
    const other = (await anonymous().post('/api/tours', tourAt(harbor.id, 'someone.else@example.test', '11:00'))).json
    expect((await op.agent.post(`/api/tours/${first.id}/confirm`)).status).toBe(200)

    const maria = anonymous()
    expect((await maria.post('/api/auth/sign-up', { email, password: 'long-enough', first_name: 'Maria', last_name: 'Lopez', phone: '5551234567', account_type: 'referrer' })).status).toBe(201)
    // An address typed is not an address proven: before confirming it, the requests are not hers.
    expect((await maria.get('/api/my/tour-requests')).json.items).toEqual([])

    expect((await anonymous().post('/api/auth/verify-email', { token: await verificationToken(email) })).status).toBe(200)
    const mine = (await maria.get('/api/my/tour-requests')).json.items
    expect(mine.map((t: { id: string; status: string; property: { name: string } }) => [t.id, t.property.name, t.status]).sort()).toEqual(
      [
        [first.id, 'Harbor El Paso Place', 'confirmed'],
        [second.id, 'Cedar Haven', 'pending'],
      ].sort(),
    )
    expect(mine.map((t: { id: string }) => t.id)).not.toContain(other.id)

    const me = (await maria.get('/api/me')).json.user
    const bell = await db.select().from(notifications).where(eq(notifications.user_id, me.id)).all()
    const claimed = bell.filter((n) => n.type === 'tour_requests_claimed')
    expect(claimed).toHaveLength(1)
    expect(claimed[0]).toMatchObject({ title: 'Your tour requests are on your dashboard', link: '/referrer-dashboard#tour-requests' })
    expect(claimed[0]!.body).toBe('The 2 tours you requested (Cedar Haven, Harbor El Paso Place) before signing up are now in your account, with their status.')
  })
})
