import { afterEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import fs from 'node:fs'
import path from 'node:path'
import { outbox } from '../db/schema'
import { dataDir, env } from '../env'
import { clock, MINUTE } from '../lib/clock'
import { anonymous, db, setupTestDb } from '../test/setup'
import { deliverOutbox, MAX_ATTEMPTS } from './mail.jobs'
import { backoffMs } from '../lib/clock'
import { enqueueEmail } from './outbox'
import { clientInitials, MAIL_TYPES, sentence, templates, type TemplateEmail } from './templates'

setupTestDb()

afterEach(() => {
  env.SMTP_URL = undefined
  clock.reset()
})

const EVIL = '<script>alert("x")</script>'

/** Every template, fed hostile text wherever a user's words can appear. */
const rendered: TemplateEmail[] = [
  templates.welcome({ first_name: EVIL }),
  templates.referralSubmitted({ referrer_name: EVIL, referral_id: 'r1', client_initials: 'E. P.', state_sentence: 'x', homes_told: false }),
  templates.operatorMatched({ operator_name: EVIL, referral_id: 'r1', preferred_state: 'TX', preferred_cities: [EVIL], client_age: 77 }),
  templates.invitation({ operator_name: 'Omar', inviter_name: EVIL, referral_id: 'r1', message: EVIL }),
  templates.interestReceived({ referrer_name: 'Dana', operator_name: EVIL, referral_id: 'r1', client_initials: 'E. P.' }),
  templates.tourRequested({ operator_name: 'Omar', property_name: EVIL, visitor_name: EVIL, scheduled_date: '2030-03-04', scheduled_time: '10:30', time_zone: 'America/Chicago' }),
  templates.tourConfirmed({ visitor_name: EVIL, property_name: EVIL, scheduled_date: '2030-03-04', scheduled_time: '10:30', time_zone: 'America/Chicago', address: EVIL }),
  templates.tourCancelled({ visitor_name: EVIL, property_name: EVIL, scheduled_date: '2030-03-04', scheduled_time: '10:30', time_zone: 'America/Chicago' }),
  templates.tourRescheduleProposed({
    visitor_name: EVIL,
    property_name: EVIL,
    from_date: '2030-03-04',
    from_time: '10:30',
    to_date: '2030-03-05',
    to_time: '14:00',
    time_zone: 'America/Chicago',
    token: 'abc123',
    link_expires_at: new Date('2030-03-05T10:00:00Z'),
  }),
  templates.tourRescheduleAnswered({ operator_name: 'Omar', visitor_name: EVIL, property_name: EVIL, scheduled_date: '2030-03-05', scheduled_time: '14:00', time_zone: 'America/Chicago', accepted: false }),
  templates.waitlistTurn({ operator_name: EVIL, referral_id: 'r1', expires_at: new Date('2030-03-04T10:00:00Z') }),
  templates.escrowPaid({ operator_name: EVIL, referral_id: 'r1', amount_cents: 50000, hold_until: new Date('2030-03-04T10:00:00Z') }),
  templates.escrowReleased({ name: EVIL, audience: 'referrer', referral_id: 'r1', amount_cents: 20000 }),
  templates.escrowRefunded({ operator_name: EVIL, referral_id: 'r1', amount_cents: 20000, reason: EVIL }),
  templates.reviewRequest({ referrer_name: EVIL, client_initials: 'E. P.', referral_id: 'r1', token: 'abc123', property_name: EVIL }),
  templates.bedsConfirmation({ operator_name: EVIL, homes: [{ property_name: EVIL, available_beds: 2, total_beds: 4, token: 'abc123' }], days: 7 }),
  templates.referralDeclined({ referrer_name: EVIL, client_initials: 'E. P.', referral_id: 'r1', reason: 'Funding', home_name: EVIL }),
  templates.messageDigest({ name: EVIL, sender_name: EVIL, count: 3, path: '/my-referrals?referral=r1&conversation=c1' }),
  templates.placementAnswerNeeded({ name: EVIL, audience: 'referrer', other_said_placed: true, hold_until: new Date('2030-03-04T10:00:00Z'), path: '/referrer-dashboard?referral=r1' }),
  templates.escrowHoldEnding({ name: EVIL, hold_until: new Date('2030-03-04T10:00:00Z'), path: '/referrer-dashboard?referral=r1' }),
  templates.payoutPaid({ name: EVIL, amount_cents: 20000, paid_on: '2030-03-04', method: 'check', reference: EVIL }),
]

describe('templates', () => {
  test('there is one for every notification type', () => {
    expect(rendered.map((m) => m.type).sort()).toEqual([...MAIL_TYPES].sort())
  })

  test.each(rendered.map((m) => [m.type, m] as const))('%s renders text and HTML and escapes what users typed', (_type, mail) => {
    expect(mail.subject.length).toBeGreaterThan(5)
    expect(mail.text).toContain('— The Homeward team')
    expect(mail.html).toStartWith('<!doctype html>')
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    // Plain text keeps the words as typed (it is never interpreted).
    expect(mail.text).toContain(EVIL)
    // Links are absolute.
    for (const href of mail.html.match(/href="([^"]+)"/g) ?? []) expect(href).toMatch(/^href="https?:\/\//)
  })

  test('amounts, dates and links read well', () => {
    expect(templates.escrowPaid({ operator_name: 'Omar', referral_id: 'r', amount_cents: 50000, hold_until: new Date('2030-03-04T10:00:00Z') }).subject).toBe(
      'Payment received: $500 held in escrow',
    )
    expect(templates.waitlistTurn({ operator_name: 'O', referral_id: 'r', expires_at: new Date('2030-03-04T10:00:00Z') }).text).toContain('Mar 4, 2030, 10:00 AM UTC')
    expect(templates.tourRequested({ operator_name: 'O', property_name: 'P', visitor_name: 'V', scheduled_date: '2030-03-04', scheduled_time: '10:30', time_zone: 'America/Chicago' }).text).toContain(
      'Mon, Mar 4, 2030 at 10:30 AM CST',
    )
    const review = templates.reviewRequest({ referrer_name: 'Dana', client_initials: 'E. P.', referral_id: 'r-1', token: 'tok', property_name: 'Sunrise' })
    expect(review.text).toMatch(/Share Your Experience: http:\/\/localhost:\d+\/review\/r-1\?token=tok/)
  })

  test("the bed reminder is one message for all of an operator's homes, each with its own escaped link", () => {
    const digest = templates.bedsConfirmation({
      operator_name: 'Omar',
      homes: [
        { property_name: EVIL, available_beds: 2, total_beds: 4, token: 'aaa' },
        { property_name: 'Birch House', available_beds: 0, total_beds: 3, token: 'bbb' },
      ],
      days: 7,
    })
    expect(digest.subject).toBe('Are the free beds at your 2 homes still right?')
    expect(digest.text).toMatch(/Birch House: 0 of 3 beds available: http:\/\/localhost:\d+\/confirm-beds\?token=bbb/)
    expect(digest.text).toContain(`${EVIL}: 2 of 4 beds available: http`)
    expect(digest.html).not.toContain('<script>')
    expect(digest.html.match(/href="[^"]*confirm-beds\?token=/g)).toHaveLength(2)
  })
})

describe('a client named by initials', () => {
  const initials = clientInitials(' hana ', 'Jones')
  /** Both parts of an e-mail say it the same way, and neither doubles a period. */
  const says = (mail: TemplateEmail, text: string) => {
    expect(mail.text).toContain(text)
    expect(mail.html).toContain(text.replaceAll('"', '&quot;'))
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/[^.]\.\.(?!\.)/)
  }

  test('initials are "H. J.", or "your client" when no name is known', () => {
    expect(initials).toBe('H. J.')
    expect(clientInitials(null, '  ')).toBe('your client')
    expect(sentence('for H. J.')).toBe('for H. J.')
    expect(sentence('for your client')).toBe('for your client.')
    expect(sentence('Why?')).toBe('Why?')
  })

  test('referral submitted: "your referral for H. J." and the state its card shows', () => {
    const state = { state_sentence: 'One home has been told about this referral; none has answered yet.', homes_told: true }
    says(templates.referralSubmitted({ referrer_name: 'Dana', referral_id: 'r1', client_initials: initials, ...state }), 'We received your referral for H. J. One home has been told')
    says(templates.referralSubmitted({ referrer_name: 'Dana', referral_id: 'r1', client_initials: clientInitials(null, null), ...state }), 'We received your referral for your client. One home')
  })

  test('interest received: "… expressed interest in your referral for H. J."', () => {
    const mail = templates.interestReceived({ referrer_name: 'Dana', operator_name: 'Sunrise Care Homes', referral_id: 'r1', client_initials: initials })
    says(mail, 'Sunrise Care Homes expressed interest in your referral for H. J.')
  })

  test('review request: "Your referral for H. J. has been placed at …"', () => {
    says(templates.reviewRequest({ referrer_name: 'Dana', client_initials: initials, referral_id: 'r1', token: 't', property_name: 'Sunrise Inc.' }), 'Your referral for H. J. has been placed at Sunrise Inc. We would love')
    says(templates.reviewRequest({ referrer_name: 'Dana', client_initials: initials, referral_id: 'r1', token: 't' }), 'Your referral for H. J. has been placed. We would love')
  })

  test('referral declined: "… for your referral for H. J. Reason: …", a reason typed with its period kept single', () => {
    const mail = templates.referralDeclined({ referrer_name: 'Dana', client_initials: initials, referral_id: 'r1', reason: 'No bed on the ground floor.', home_name: null })
    expect(mail.subject).toBe('A home declined your referral for H. J.')
    says(mail, 'A home answered "Not a fit" for your referral for H. J. Reason: No bed on the ground floor.')
  })
})

async function queue(to = 'someone@test.local') {
  return (await enqueueEmail(db, { to, ...templates.welcome({ first_name: 'Nia' }) })).id
}
const row = async (id: string) => (await db.select().from(outbox).where(eq(outbox.id, id)).get())!

describe('delivery', () => {
  test('without SMTP each message is written as an .eml file and marked sent', async () => {
    const id = await queue('eml@test.local')
    expect(await deliverOutbox(db)).toBeGreaterThanOrEqual(1)
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
    expect((await row(id)).sent_at).toBeInstanceOf(Date)
    const eml = fs.readFileSync(path.join(dataDir(), 'outbox', `${id}.eml`), 'utf8')
    expect(eml).toContain('To: eml@test.local')
    expect(eml).toContain('Subject: Welcome to Homeward')
    expect(eml).toContain('X-Homeward-Type: welcome')
    expect(eml).toContain('multipart/alternative')
    // Owner-only, and put in place whole: nothing half-written is left beside it.
    expect(fs.statSync(path.join(dataDir(), 'outbox', `${id}.eml`)).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(path.join(dataDir(), 'outbox')).filter((f) => !f.endsWith('.eml'))).toEqual([])
    // Sent once only.
    expect(await deliverOutbox(db)).toBe(0)
  })

  test('attachments travel with the message (a tour invitation as text/calendar)', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'
    const { id } = await enqueueEmail(db, {
      to: 'ics@test.local',
      ...templates.welcome({ first_name: 'Nia' }),
      attachments: [{ filename: 'invite.ics', content_type: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }],
    })
    expect((await row(id)).attachments).toEqual([{ filename: 'invite.ics', content_type: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }])
    // A message without attachments stores none.
    expect((await row(await queue('plain@test.local'))).attachments).toBeNull()
    await deliverOutbox(db)
    const eml = fs.readFileSync(path.join(dataDir(), 'outbox', `${id}.eml`), 'utf8')
    expect(eml).toContain('multipart/mixed')
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH; name=invite\.ics/i)
    expect(eml).toMatch(/Content-Disposition: attachment; filename=invite\.ics/i)
  })

  test('an SMTP failure is retried with backoff, then marked failed with the error', async () => {
    const closed = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
    const port = closed.port
    closed.stop(true)
    env.SMTP_URL = `smtp://127.0.0.1:${port}`
    clock.set(clock.now())
    const id = await queue()
    await deliverOutbox(db)
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 })
    expect((await row(id)).last_error).toMatch(/ECONNREFUSED|connect/i)
    expect((await row(id)).next_attempt_at.getTime()).toBe(clock.ms() + 1 * MINUTE)
    // Not due yet: nothing happens.
    await deliverOutbox(db)
    expect((await row(id)).attempts).toBe(1)
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock.advance(backoffMs(attempt - 1))
      await deliverOutbox(db)
      expect((await row(id)).attempts).toBe(attempt)
    }
    expect((await row(id)).status).toBe('failed')
    expect((await row(id)).last_error).toMatch(/ECONNREFUSED|connect/i)
    clock.advance(60 * MINUTE)
    await deliverOutbox(db)
    expect((await row(id)).attempts).toBe(MAX_ATTEMPTS)
  })

  test('with SMTP the message goes to the server and is marked sent', async () => {
    const received: string[] = []
    const server = fakeSmtpServer(received)
    env.SMTP_URL = `smtp://127.0.0.1:${server.port}`
    const id = await queue('smtp@test.local')
    await deliverOutbox(db)
    server.stop(true)
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 })
    expect(received.join('')).toContain('Subject: Welcome to Homeward')
    expect(received.join('')).toContain('RCPT TO:<smtp@test.local>')
    expect(fs.existsSync(path.join(dataDir(), 'outbox', `${id}.eml`))).toBe(false)
  })

  test('signing up queues the welcome e-mail', async () => {
    const res = await anonymous().post('/api/auth/sign-up', {
      email: 'welcome.me@example.com',
      password: 'correct-horse',
      first_name: 'Wendy',
      last_name: 'Welcome',
      phone: '(555) 123-4567',
      plan: 'free',
    })
    expect(res.status).toBe(201)
    const mails = await db.select().from(outbox).where(eq(outbox.to_email, 'welcome.me@example.com')).all()
    expect(mails.map((m) => m.type)).toContain('welcome')
    expect(mails.find((m) => m.type === 'welcome')!.text_body).toContain('Hello Wendy,')
  })
})

/** The smallest SMTP server nodemailer will talk to: records the conversation. */
function fakeSmtpServer(log: string[]) {
  return Bun.listen<{ data: boolean }>({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      open(socket) {
        socket.data = { data: false }
        socket.write('220 fake ESMTP\r\n')
      },
      data(socket, chunk) {
        const text = chunk.toString()
        log.push(text)
        if (socket.data.data) {
          if (text.includes('\r\n.\r\n')) {
            socket.data.data = false
            socket.write('250 queued\r\n')
          }
          return
        }
        for (const line of text.split('\r\n').filter(Boolean)) {
          const verb = line.slice(0, 4).toUpperCase()
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n')
          else if (verb === 'DATA') {
            socket.data.data = true
            socket.write('354 go ahead\r\n')
          } else if (verb === 'QUIT') {
            socket.write('221 bye\r\n')
            socket.end()
          } else socket.write('250 ok\r\n')
        }
      },
    },
  })
}
