import { afterEach, describe, expect, test } from 'bun:test'
import { and, desc, eq } from 'drizzle-orm'
import { notifications, outbox, properties, tour_reschedule_links, tour_schedules } from '../../db/schema'
import { clock, DAY, HOUR } from '../../lib/clock'
import { parseIcsEvent } from '../../test/eml'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'

setupTestDb()
afterEach(() => clock.reset())

/** 12:00 UTC on Saturday 4 May 2030 is 07:00 at a home in Austin, TX (CDT, UTC-5). */
const NOW = new Date('2030-05-04T12:00:00Z')

async function setup(opts: { signedInVisitor?: boolean } = {}) {
  clock.set(NOW)
  const op = await createUser({ plan: 'premium', first_name: 'Omar' })
  const visitor = opts.signedInVisitor ? await createUser({ roles: ['referrer'] }) : null
  const home = await db
    .insert(properties)
    .values({ operator_id: op.id, name: 'Cedar Home', address: '5 Cedar Ln', city: 'Austin', state: 'TX', zip_code: '78704', total_beds: 4, available_beds: 2 })
    .returning()
    .get()
  const email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`
  const tour = await db
    .insert(tour_schedules)
    .values({ property_id: home.id, visitor_name: 'Val Visitor', visitor_email: email, visitor_phone: '(555) 010-4000', scheduled_date: '2030-05-06', scheduled_time: '10:00', requested_by: visitor?.id ?? null })
    .returning()
    .get()
  return { op, visitor, home, tour, email }
}

const tourRow = async (id: string) => (await db.select().from(tour_schedules).where(eq(tour_schedules.id, id)).get())!
const mailsTo = async (to: string) => db.select().from(outbox).where(eq(outbox.to_email, to)).orderBy(desc(outbox.created_at)).all()
/** The token of the newest "new time proposed" e-mail to `to`. */
async function tokenSentTo(to: string) {
  const mail = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to_email, to), eq(outbox.type, 'tour_reschedule_proposed')))
    .orderBy(desc(outbox.created_at))
    .all()
  const token = /tour-reschedule\?token=([a-z0-9]+)/.exec(mail[0]?.text_body ?? '')?.[1]
  if (!token) throw new Error(`no reschedule e-mail to ${to}`)
  return token
}

describe('the operator proposes a new time', () => {
  test('the tour becomes rescheduling, keeps its slot, and the visitor gets a single-use link by e-mail (and in the app)', async () => {
    const { op, visitor, tour, email } = await setup({ signedInVisitor: true })
    const res = await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-07', scheduled_time: '15:30' })
    expect(res.status).toBe(200)
    expect(res.json.tour).toMatchObject({ status: 'rescheduling', scheduled_date: '2030-05-06', scheduled_time: '10:00', proposed_date: '2030-05-07', proposed_time: '15:30', is_confirmed: false })
    const [mail] = await mailsTo(email)
    expect(mail).toMatchObject({ type: 'tour_reschedule_proposed', subject: 'Cedar Home proposes a new time for your tour' })
    expect(mail!.text_body).toContain('from Mon, May 6, 2030 at 10:00 AM CDT to Tue, May 7, 2030 at 3:30 PM CDT')
    expect(mail!.text_body).toContain('you do not need an account')
    // Only the token's hash is stored.
    const token = await tokenSentTo(email)
    expect((await db.select().from(tour_reschedule_links).where(eq(tour_reschedule_links.tour_id, tour.id)).all()).map((l) => l.token_hash)).not.toContain(token)
    expect((await db.select().from(notifications).where(eq(notifications.user_id, visitor!.id)).all()).map((n) => n.title)).toEqual(['A new tour time was proposed'])

    // The dashboard shows the proposal and until when the visitor can answer: the proposed slot (15:30 CDT), sooner than 7 days.
    const listed = (await op.agent.get('/api/my/tours')).json.upcoming.find((t: any) => t.id === tour.id)
    expect(listed).toMatchObject({ status: 'rescheduling', proposed_date: '2030-05-07', proposed_time: '15:30', proposal_expires_at: '2030-05-07T20:30:00.000Z' })
    // While the visitor has not answered, the operator cannot confirm it.
    const confirm = await op.agent.post(`/api/tours/${tour.id}/confirm`)
    expect(confirm.status).toBe(409)
    expect(confirm.json.error.code).toBe('tour_rescheduling')
  })

  test('only the home’s operator may propose: 401 signed out, 404 for anyone else, and nothing is written', async () => {
    const { tour, email, visitor } = await setup({ signedInVisitor: true })
    const body = { scheduled_date: '2030-05-07', scheduled_time: '15:30' }
    expect((await anonymous().post(`/api/tours/${tour.id}/reschedule`, body)).status).toBe(401)
    // Another operator, the visitor who asked for the tour, a referrer, an admin.
    const callers = [await createUser({ plan: 'premium' }), visitor!, await createUser({ roles: ['referrer'] }), await createUser({ roles: ['admin'] })]
    for (const caller of callers) {
      const res = await caller.agent.post(`/api/tours/${tour.id}/reschedule`, body)
      expect(res.status).toBe(404)
      expect(res.json.error.message).toBe('Tour not found')
    }
    expect(await tourRow(tour.id)).toMatchObject({ status: 'pending', proposed_date: null })
    expect(await mailsTo(email)).toHaveLength(0)
    expect(await db.select().from(tour_reschedule_links).where(eq(tour_reschedule_links.tour_id, tour.id)).all()).toHaveLength(0)
  })

  test.each([
    [{ scheduled_date: '2030-05-03', scheduled_time: '15:00' }, 'scheduled_date', 'Please choose a new date and time in the future'], // yesterday
    [{ scheduled_date: '2030-05-04', scheduled_time: '06:59' }, 'scheduled_date', 'Please choose a new date and time in the future'], // earlier today at the home
    [{ scheduled_date: '2030-05-04', scheduled_time: '07:00' }, 'scheduled_date', 'Please choose a new date and time in the future'], // this very minute
    [{ scheduled_date: '2030-02-30', scheduled_time: '10:00' }, 'scheduled_date', 'Please select a date'],
    [{ scheduled_date: '', scheduled_time: '10:00' }, 'scheduled_date', 'Please select a date'],
    [{ scheduled_date: '2030-05-09', scheduled_time: '25:00' }, 'scheduled_time', 'Invalid time format'],
    [{ scheduled_date: '2030-05-09', scheduled_time: '9:30' }, 'scheduled_time', 'Invalid time format'],
    [{ scheduled_date: '2030-05-09' }, 'scheduled_time', 'Time is required'], // missing, not malformed
    [{ scheduled_date: '2030-05-06', scheduled_time: '10:00' }, 'scheduled_time', 'Please choose a date or time different from the current one'],
  ])('refuses %p with 422 and a clear message, writing nothing', async (body, field, message) => {
    const { op, tour, email } = await setup()
    const res = await op.agent.post(`/api/tours/${tour.id}/reschedule`, body)
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe(message)
    expect(res.json.error.fields[field]).toBe(message)
    expect(await tourRow(tour.id)).toMatchObject({ status: 'pending', proposed_date: null, proposed_time: null })
    expect(await mailsTo(email)).toHaveLength(0)
  })

  test('"the past" is judged at the home: 07:30 in Austin is still ahead when it is 12:00 UTC', async () => {
    const { op, tour } = await setup()
    const res = await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-04', scheduled_time: '07:30' })
    expect(res.status).toBe(200)
    expect(res.json.tour.status).toBe('rescheduling')
  })

  test('a confirmed tour can be moved; a cancelled one cannot', async () => {
    const { op, tour } = await setup()
    await db.update(tour_schedules).set({ status: 'confirmed' }).where(eq(tour_schedules.id, tour.id)).run()
    expect((await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-08', scheduled_time: '11:00' })).json.tour.status).toBe('rescheduling')
    expect((await op.agent.delete(`/api/tours/${tour.id}`)).status).toBe(200)
    const res = await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-09', scheduled_time: '11:00' })
    expect(res.status).toBe(409)
    expect(res.json.error.code).toBe('tour_cancelled')
  })
})

describe('the visitor answers through the link, without an account', () => {
  test('accept: the tour moves to the new slot and is confirmed; the visitor gets the confirmation with its calendar invitation; the operator is told', async () => {
    const { op, tour, email } = await setup()
    await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-07', scheduled_time: '15:30' })
    const token = await tokenSentTo(email)

    const page = await anonymous().get(`/api/tour-reschedules/${token}`)
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({
      property: { name: 'Cedar Home', city: 'Austin', state: 'TX' },
      visitor_name: 'Val Visitor',
      scheduled_date: '2030-05-06',
      scheduled_time: '10:00',
      proposed_date: '2030-05-07',
      proposed_time: '15:30',
    })
    expect((await anonymous().post(`/api/tour-reschedules/${token}`, { answer: 'maybe' })).json.error.message).toBe('Please accept or decline the new time')

    const res = await anonymous().post(`/api/tour-reschedules/${token}`, { answer: 'accept' })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ status: 'confirmed', tour: { scheduled_date: '2030-05-07', scheduled_time: '15:30' } })
    expect(await tourRow(tour.id)).toMatchObject({ status: 'confirmed', scheduled_date: '2030-05-07', scheduled_time: '15:30', proposed_date: null, proposed_time: null })

    const confirmation = (await mailsTo(email)).find((m) => m.type === 'tour_confirmed')!
    expect(confirmation.subject).toBe('Your tour of Cedar Home is confirmed for the new time')
    expect(confirmation.text_body).toContain('Tue, May 7, 2030 at 3:30 PM CDT is confirmed')
    const event = parseIcsEvent(confirmation.attachments![0]!.content)
    expect(event).toMatchObject({ UID: `tour-${tour.id}@homeward`, DTSTART: '20300507T203000Z', SUMMARY: 'Tour of Cedar Home' })

    const told = (await mailsTo(op.email)).find((m) => m.type === 'tour_reschedule_answered')!
    expect(told.subject).toBe('Val Visitor accepted the new tour time')
    expect((await db.select().from(notifications).where(eq(notifications.user_id, op.id)).all()).map((n) => n.title)).toContain('New tour time accepted')
    const listed = (await op.agent.get('/api/my/tours')).json.upcoming.find((t: any) => t.id === tour.id)
    expect(listed).toMatchObject({ status: 'confirmed', scheduled_date: '2030-05-07', proposed_date: null })

    // Single use: the same link again says so, on the page and on a second answer.
    for (const again of [await anonymous().get(`/api/tour-reschedules/${token}`), await anonymous().post(`/api/tour-reschedules/${token}`, { answer: 'decline' })]) {
      expect(again.status).toBe(409)
      expect(again.json.error).toMatchObject({ code: 'link_used', message: 'This link has already been used: your answer was recorded.' })
    }
    expect((await tourRow(tour.id)).status).toBe('confirmed')
  })

  test('decline: the tour is cancelled and the operator is told; the visitor gets no confirmation', async () => {
    const { op, tour, email } = await setup()
    await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-07', scheduled_time: '15:30' })
    const res = await anonymous().post(`/api/tour-reschedules/${await tokenSentTo(email)}`, { answer: 'decline' })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('cancelled')
    expect(await tourRow(tour.id)).toMatchObject({ status: 'cancelled', scheduled_date: '2030-05-06', proposed_date: null })
    expect((await mailsTo(email)).map((m) => m.type)).toEqual(['tour_reschedule_proposed'])
    const told = (await mailsTo(op.email)).find((m) => m.type === 'tour_reschedule_answered')!
    expect(told.subject).toBe('Val Visitor declined the new tour time')
    expect(told.text_body).toContain('The tour is cancelled.')
    expect((await db.select().from(notifications).where(eq(notifications.user_id, op.id)).all()).map((n) => n.title)).toContain('New tour time declined')
    expect((await op.agent.get('/api/my/tours')).json.cancelled.map((t: any) => t.id)).toEqual([tour.id])
  })

  test('two answers racing on one link count once', async () => {
    const { op, tour, email } = await setup()
    await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-07', scheduled_time: '15:30' })
    const token = await tokenSentTo(email)
    const answers = await Promise.all([anonymous().post(`/api/tour-reschedules/${token}`, { answer: 'accept' }), anonymous().post(`/api/tour-reschedules/${token}`, { answer: 'decline' })])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect((await mailsTo(op.email)).filter((m) => m.type === 'tour_reschedule_answered')).toHaveLength(1)
  })

  test('a wrong link is 404; an expired one 410; one replaced by a newer proposal or whose tour was cancelled 409; each with its message', async () => {
    const { op, tour, email } = await setup()
    for (const wrong of ['not-a-real-token', 'a'.repeat(32)]) {
      const res = await anonymous().get(`/api/tour-reschedules/${wrong}`)
      expect(res.status).toBe(404)
      expect(res.json.error.message).toBe('This link is not valid. Please contact the home to arrange your tour.')
    }

    // A slot more than 7 days ahead: the link lasts 7 days.
    await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-20', scheduled_time: '10:00' })
    const first = await tokenSentTo(email)
    expect((await op.agent.get('/api/my/tours')).json.upcoming[0].proposal_expires_at).toBe(new Date(NOW.getTime() + 7 * DAY).toISOString())

    // A newer proposal makes the first link stale; the newest one works.
    clock.advance(HOUR)
    await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-21', scheduled_time: '10:00' })
    const second = await tokenSentTo(email)
    expect(second).not.toBe(first)
    const stale = await anonymous().post(`/api/tour-reschedules/${first}`, { answer: 'accept' })
    expect(stale.status).toBe(409)
    expect(stale.json.error).toMatchObject({ code: 'proposal_replaced', message: 'The home has changed this proposal since. Please use the link in the most recent e-mail.' })
    expect(await tourRow(tour.id)).toMatchObject({ status: 'rescheduling', proposed_date: '2030-05-21' })

    // Seven days later the newest link has expired too; nothing changes.
    clock.advance(7 * DAY)
    const expired = await anonymous().post(`/api/tour-reschedules/${second}`, { answer: 'accept' })
    expect(expired.status).toBe(410)
    expect(expired.json.error).toMatchObject({ code: 'link_expired', message: 'This link has expired. Please contact the home to arrange another time.' })
    expect((await tourRow(tour.id)).status).toBe('rescheduling')
    expect((await op.agent.get('/api/my/tours')).json.upcoming[0].proposal_expires_at).toBeNull()

    // The operator proposes again, then cancels the tour: the open link says the tour was cancelled.
    await op.agent.post(`/api/tours/${tour.id}/reschedule`, { scheduled_date: '2030-05-22', scheduled_time: '10:00' })
    const third = await tokenSentTo(email)
    expect((await op.agent.delete(`/api/tours/${tour.id}`)).status).toBe(200)
    const cancelled = await anonymous().get(`/api/tour-reschedules/${third}`)
    expect(cancelled.status).toBe(409)
    expect(cancelled.json.error).toMatchObject({ code: 'tour_cancelled', message: "This tour has been cancelled. You can request another time from the home's page." })
  })
})
