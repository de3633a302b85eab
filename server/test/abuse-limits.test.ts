/**
 * Abuse limits: each limited action, through its real route, is
 * allowed up to its limit, then refused with 429, a clear message and a
 * Retry-After header; the limit is per account or per network as stated, and
 * lifts when its window has passed.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { outbox } from '../db/schema'
import { createReferral } from '../features/referrals/create-referral'
import { createReferralSchema } from '../features/referrals/referrals.schemas'
import { clock, HOUR, MINUTE } from '../lib/clock'
import { resetAllLimiters } from '../lib/rate-limit'
import { createUser, setupTestDb, TEST_PASSWORD, TestAgent, db } from './setup'

setupTestDb()

beforeEach(() => resetAllLimiters(db))
afterEach(() => clock.reset())

type Res = { status: number; json: any; headers: Headers; text: string }

/** A 429 with the rate_limited code, this message, and a Retry-After within the window. */
function expectLimited(res: Res, message: string | RegExp, windowMs: number) {
  expect(res.status).toBe(429)
  expect(res.json.error.code).toBe('rate_limited')
  if (typeof message === 'string') expect(res.json.error.message).toBe(message)
  else expect(res.json.error.message).toMatch(message)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(Number.isInteger(retryAfter)).toBe(true)
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000)
}

/** Calls `attempt` n times and returns the statuses. */
async function times(n: number, attempt: (i: number) => Promise<Res>) {
  const statuses: number[] = []
  for (let i = 0; i < n; i++) statuses.push((await attempt(i)).status)
  return statuses
}

const uniq = () => crypto.randomUUID().slice(0, 8)
const agentAt = (ip: string) => new TestAgent(undefined, ip)

function referralBody(first = 'Eleanor') {
  return {
    referrer_name: 'Dana Whitfield',
    referrer_relationship: 'case-manager',
    referrer_email: 'dana@agency.example',
    referrer_phone: '(555) 010-0100',
    client_first_name: first,
    client_last_name: 'Price',
    client_dob: '1948-03-14',
    client_gender: 'female',
    preferred_state: 'TX',
    budget_range: '$3,000-$4,000',
  }
}

describe('sign-in', () => {
  test('5 failures per account in 15 minutes, then 429 even with the right password; other accounts unaffected', async () => {
    const user = await createUser()
    const other = await createUser()
    const browser = agentAt('192.0.2.10')
    const wrong = await times(5, () => browser.post('/api/auth/sign-in', { email: user.email, password: 'wrong-password' }))
    expect(wrong).toEqual([401, 401, 401, 401, 401])
    const locked = await agentAt('192.0.2.11').post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })
    expectLimited(locked, 'Too many sign-in attempts. Please try again in 15 minutes.', 15 * MINUTE)
    expect((await browser.post('/api/auth/sign-in', { email: other.email, password: TEST_PASSWORD })).status).toBe(200)

    clock.advance(15 * MINUTE + 1000)
    expect((await browser.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).status).toBe(200)
  })

  test('20 failures per network in 15 minutes, then 429 for any account from it', async () => {
    const user = await createUser()
    const browser = agentAt('192.0.2.20')
    const wrong = await times(20, (i) => browser.post('/api/auth/sign-in', { email: `nobody-${i}-${uniq()}@example.com`, password: 'wrong-password' }))
    expect(new Set(wrong)).toEqual(new Set([401]))
    expectLimited(
      await browser.post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD }),
      /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/,
      15 * MINUTE,
    )
    expect((await agentAt('192.0.2.21').post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).status).toBe(200)
  })
})

describe('sign-up', () => {
  test('10 accounts per network per hour', async () => {
    const signUp = (agent: TestAgent) =>
      agent.post('/api/auth/sign-up', { email: `new-${uniq()}@example.com`, password: 'a-long-password', first_name: 'N', last_name: 'U', phone: '(555) 010-0000' })
    const statuses = await times(10, () => signUp(agentAt('192.0.2.30')))
    expect(statuses).toEqual(Array(10).fill(201))
    expectLimited(await signUp(agentAt('192.0.2.30')), 'Too many accounts created from this network. Please try again later.', HOUR)
    expect((await signUp(agentAt('192.0.2.31'))).status).toBe(201)
    clock.advance(HOUR + 1000)
    expect((await signUp(agentAt('192.0.2.30'))).status).toBe(201)
  })
})

describe('password reset', () => {
  test('3 requests per e-mail address per hour; the answer does not tell whether the account exists', async () => {
    const user = await createUser()
    const forgot = (email: string, ip: string) => agentAt(ip).post('/api/auth/forgot-password', { email })
    expect(await times(3, (i) => forgot(user.email, `192.0.2.${40 + i}`))).toEqual([200, 200, 200])
    expectLimited(await forgot(user.email, '192.0.2.45'), /^Too many password reset requests\. Please try again in \d+ minutes?\.$/, HOUR)
    const mails = (await db.select().from(outbox).where(eq(outbox.to_email, user.email)).all()).filter((m) => m.type === 'password_reset')
    expect(mails).toHaveLength(3)
    // An address without an account is limited the same way.
    const ghost = `ghost-${uniq()}@example.com`
    expect(await times(3, () => forgot(ghost, '192.0.2.46'))).toEqual([200, 200, 200])
    expect((await forgot(ghost, '192.0.2.47')).status).toBe(429)
  })

  test('the message and Retry-After count down to the end of the window', async () => {
    const email = `countdown-${uniq()}@example.com`
    const forgot = () => agentAt('192.0.2.48').post('/api/auth/forgot-password', { email })
    expect(await times(3, forgot)).toEqual([200, 200, 200])
    clock.advance(HOUR - 30_000)
    const res = await forgot()
    expectLimited(res, 'Too many password reset requests. Please try again in 1 minute.', HOUR)
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(30)
    clock.advance(31_000)
    expect((await forgot()).status).toBe(200)
  })

  test('10 requests per network per hour', async () => {
    const browser = agentAt('192.0.2.50')
    const statuses = await times(10, () => browser.post('/api/auth/forgot-password', { email: `someone-${uniq()}@example.com` }))
    expect(statuses).toEqual(Array(10).fill(200))
    expectLimited(
      await browser.post('/api/auth/forgot-password', { email: `someone-${uniq()}@example.com` }),
      /^Too many password reset requests\. Please try again in \d+ minutes?\.$/,
      HOUR,
    )
    expect((await agentAt('192.0.2.51').post('/api/auth/forgot-password', { email: `someone-${uniq()}@example.com` })).status).toBe(200)
  })
})

describe('referral submission', () => {
  test('30 referrals per account per hour; other accounts unaffected', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const statuses = await times(30, (i) => referrer.agent.post('/api/referrals', referralBody(`Client${i}`)))
    expect(statuses).toEqual(Array(30).fill(201))
    expectLimited(await referrer.agent.post('/api/referrals', referralBody()), 'Too many referrals submitted. Please try again later.', HOUR)
    const other = await createUser({ roles: ['referrer'] })
    expect((await other.agent.post('/api/referrals', referralBody())).status).toBe(201)
    clock.advance(HOUR + 1000)
    expect((await referrer.agent.post('/api/referrals', referralBody())).status).toBe(201)
  })
})

describe('document uploads', () => {
  test('60 uploads per account per hour', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const referral = await createReferral(db, createReferralSchema.parse(referralBody()), { id: referrer.id, email: referrer.email })
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
    const upload = () => {
      const form = new FormData()
      form.append('file', new File([pdf], 'care-plan.pdf', { type: 'application/pdf' }))
      return referrer.agent.upload(`/api/referrals/${referral.id}/documents`, form)
    }
    expect(await times(60, upload)).toEqual(Array(60).fill(201))
    expectLimited(await upload(), 'Too many uploads. Please try again later.', HOUR)
  })
})

describe('messages', () => {
  test('60 messages per account per minute', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const referral = await createReferral(db, createReferralSchema.parse(referralBody()), { id: referrer.id, email: referrer.email })
    expect((await operator.agent.post(`/api/referrals/${referral.id}/interest`)).status).toBe(200)
    const conversation = (await operator.agent.get('/api/conversations')).json.items[0].id
    const send = (agent: TestAgent, i = 0) => agent.post(`/api/conversations/${conversation}/messages`, { message_text: `Hello ${i}` })
    expect(await times(60, (i) => send(referrer.agent, i))).toEqual(Array(60).fill(201))
    expectLimited(await send(referrer.agent), 'You are sending messages too quickly. Please wait a moment.', MINUTE)
    // The other party can still answer.
    expect((await send(operator.agent)).status).toBe(201)
    clock.advance(MINUTE + 1000)
    expect((await send(referrer.agent)).status).toBe(201)
  })
})

describe('tour requests', () => {
  test('20 per network per hour', async () => {
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const property = (
      await operator.agent.post('/api/my/properties', {
        name: 'Maple House',
        address: '12 Main Street',
        city: 'Austin',
        state: 'TX',
        zip_code: '78704',
        total_beds: 4,
        available_beds: 2,
      })
    ).json.property
    const day = new Date(clock.ms() + 30 * 24 * HOUR).toISOString().slice(0, 10)
    const request = (ip: string) =>
      agentAt(ip).post('/api/tours', {
        property_id: property.id,
        visitor_name: 'Vera Visitor',
        visitor_email: 'vera@example.com',
        visitor_phone: '(555) 010-2222',
        scheduled_date: day,
        scheduled_time: '10:00',
      })
    expect(await times(20, () => request('192.0.2.60'))).toEqual(Array(20).fill(201))
    expectLimited(await request('192.0.2.60'), 'Too many tour requests. Please try again later.', HOUR)
    expect((await request('192.0.2.61')).status).toBe(201)
  })
})

/** The four review categories, each required. */
const CATEGORY_RATINGS = { communication_rating: 5, professionalism_rating: 5, facility_quality_rating: 5, overall_experience_rating: 5 }

describe('review posts', () => {
  test('30 per network per hour, counted before the link is checked (no token guessing)', async () => {
    const post = (ip: string, token: string) =>
      agentAt(ip).post('/api/reviews', { token, reviewer_name: 'Dana', reviewer_email: 'dana@example.com', rating: 5, ...CATEGORY_RATINGS, review_text: 'A warm and attentive home.' })
    const guesses = await times(30, () => post('192.0.2.70', `guess-${uniq()}`))
    expect(guesses).toEqual(Array(30).fill(404))
    expectLimited(await post('192.0.2.70', `guess-${uniq()}`), 'Too many reviews from this network. Please try again later.', HOUR)
    expect((await post('192.0.2.71', `guess-${uniq()}`)).status).toBe(404)
  })
})

describe('subscription checkout', () => {
  test('20 checkout attempts per account per hour', async () => {
    const operator = await createUser({ roles: ['operator'] })
    expect(await times(20, () => operator.agent.post('/api/billing/checkout'))).toEqual(Array(20).fill(200))
    expectLimited(await operator.agent.post('/api/billing/checkout'), 'Too many checkout attempts. Please try again later.', HOUR)
  })
})

describe('media uploads', () => {
  test('property photo uploads are limited per operator with a clear 429', async () => {
    const { mediaUploads } = await import('../storage/upload-limits')
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    for (let i = 0; i < 60; i++) await mediaUploads.consume(db, operator.id)
    const res = await operator.agent.upload('/api/my/properties/00000000-0000-0000-0000-000000000000/images', new FormData())
    expect(res.status).toBe(429)
    expect(res.json.error.message).toMatch(/Too many uploads/)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
