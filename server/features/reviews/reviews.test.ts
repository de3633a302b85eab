import { beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { notifications, review_requests, reviews } from '../../db/schema'
import { clock, DAY } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { insertProperty, insertReferral, reviewTokenFromOutbox } from '../admin/test-fixtures'

setupTestDb()

type U = Awaited<ReturnType<typeof createUser>>
let admin: U
let operator: U

beforeAll(async () => {
  admin = await createUser({ roles: ['admin'] })
  operator = await createUser({ roles: ['operator'] })
})

/** A referral the admin placed at a home: the review request e-mail is in the outbox. */
async function placedReferral(opts: { matched?: boolean } = {}) {
  const home = await insertProperty(operator.id, { name: 'Sunrise House', city: 'Austin', state: 'TX' })
  const referral = await insertReferral()
  const res = await admin.agent.patch(`/api/admin/referrals/${referral.id}`, {
    status: 'placed',
    ...(opts.matched === false ? {} : { matched_property_id: home.id }),
  })
  expect(res.status).toBe(200)
  const { token } = await reviewTokenFromOutbox(referral.id)
  return { referral, home, token }
}

const form = {
  reviewer_name: 'Dana Whitfield',
  reviewer_email: 'dana@example.com',
  rating: 5,
  communication_rating: 4,
  professionalism_rating: 5,
  facility_quality_rating: 3,
  overall_experience_rating: 5,
  review_text: 'Kind staff and a calm home; my client settled in quickly.',
}

const reviewsOf = async (referralId: string) => db.select().from(reviews).where(eq(reviews.referral_id, referralId)).all()

describe('review page summary', () => {
  test('shows the home to review and prefills the referrer', async () => {
    const { referral, home, token } = await placedReferral()
    const res = await anonymous().get(`/api/review-requests/${token}?referral_id=${referral.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      referral_id: referral.id,
      matched: true,
      property: { id: home.id, name: 'Sunrise House', city: 'Austin', state: 'TX' },
      reviewer_name: 'Dana Whitfield',
      reviewer_email: referral.referrer_email,
    })
    // Nothing about the client travels with the link.
    expect(JSON.stringify(res.json)).not.toContain('Eleanor')
  })

  test('says when no home was matched', async () => {
    const { token } = await placedReferral({ matched: false })
    const res = await anonymous().get(`/api/review-requests/${token}`)
    expect(res.json).toMatchObject({ matched: false, property: null })
  })

  test('refuses unknown tokens and another referral', async () => {
    const { token } = await placedReferral()
    expect((await anonymous().get('/api/review-requests/not-a-token')).status).toBe(404)
    const other = await insertReferral()
    expect((await anonymous().get(`/api/review-requests/${token}?referral_id=${other.id}`)).status).toBe(403)
  })
})

describe('submitting a review', () => {
  test('stores it unapproved, as plain text, spends the link and tells the operator', async () => {
    const { referral, home, token } = await placedReferral()
    const text = 'Great <b>staff</b> & food. <script>alert(1)</script>\r\nWould recommend.'
    const res = await anonymous().post('/api/reviews', { ...form, review_text: text, token, referral_id: referral.id })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ property_id: home.id, referral_id: referral.id, rating: 5, operator_approved: false })
    const [stored] = await reviewsOf(referral.id)
    expect(stored).toMatchObject({
      operator_approved: false,
      status: 'pending',
      reviewer_name: 'Dana Whitfield',
      reviewer_email: 'dana@example.com',
      communication_rating: 4,
      professionalism_rating: 5,
      facility_quality_rating: 3,
      overall_experience_rating: 5,
    })
    // Plain text, stored as typed (not HTML-encoded, not stripped): rendering escapes it.
    expect(stored!.review_text).toBe('Great <b>staff</b> & food. <script>alert(1)</script>\nWould recommend.')
    expect((await db.select().from(review_requests).where(eq(review_requests.referral_id, referral.id)).get())!.used_at).toBeInstanceOf(Date)
    const note = (await db.select().from(notifications).where(eq(notifications.user_id, operator.id)).all()).at(-1)
    expect(note).toMatchObject({ type: 'review_received', link: '/operator-dashboard?tab=reviews' })
  })

  test('a link works once', async () => {
    const { referral, token } = await placedReferral()
    expect((await anonymous().post('/api/reviews', { ...form, token, referral_id: referral.id })).status).toBe(201)
    const again = await anonymous().post('/api/reviews', { ...form, token, referral_id: referral.id })
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe('This review link has already been used')
    expect((await anonymous().get(`/api/review-requests/${token}`)).status).toBe(409)
    expect(await reviewsOf(referral.id)).toHaveLength(1)
  })

  test('a second request link cannot add a second review', async () => {
    const { referral, token } = await placedReferral()
    expect((await anonymous().post('/api/reviews', { ...form, token, referral_id: referral.id })).status).toBe(201)
    await admin.agent.post(`/api/admin/referrals/${referral.id}/review-request`)
    const second = (await reviewTokenFromOutbox(referral.id)).token
    expect(second).not.toBe(token)
    const res = await anonymous().post('/api/reviews', { ...form, token: second, referral_id: referral.id })
    expect(res.status).toBe(409)
    expect(res.json.error.code).toBe('already_reviewed')
    expect(await reviewsOf(referral.id)).toHaveLength(1)
  })

  test('a missing, unknown or other referral token is refused and writes nothing', async () => {
    const { referral, token } = await placedReferral()
    const missing = await anonymous().post('/api/reviews', { ...form, referral_id: referral.id })
    expect(missing.status).toBe(422)
    expect(missing.json.error.fields.token).toBe('This review link is invalid')
    const unknown = await anonymous().post('/api/reviews', { ...form, token: 'abcdefghijklmnop', referral_id: referral.id })
    expect(unknown.status).toBe(404)
    const other = await insertReferral()
    const wrong = await anonymous().post('/api/reviews', { ...form, token, referral_id: other.id })
    expect(wrong.status).toBe(403)
    expect(wrong.json.error.code).toBe('token_mismatch')
    expect(await reviewsOf(referral.id)).toHaveLength(0)
    expect(await reviewsOf(other.id)).toHaveLength(0)
    // The link still works for its own referral.
    expect((await anonymous().post('/api/reviews', { ...form, token, referral_id: referral.id })).status).toBe(201)
  })

  test('an expired link is refused', async () => {
    const { referral, token } = await placedReferral()
    clock.advance(91 * DAY)
    const res = await anonymous().post('/api/reviews', { ...form, token, referral_id: referral.id })
    clock.reset()
    expect(res.status).toBe(410)
    expect(await reviewsOf(referral.id)).toHaveLength(0)
  })

  test('a referral without a matched home cannot be reviewed', async () => {
    const { referral, token } = await placedReferral({ matched: false })
    const res = await anonymous().post('/api/reviews', { ...form, token, referral_id: referral.id })
    expect(res.status).toBe(409)
    expect(res.json.error.message).toBe('This referral has not been matched to a property yet')
    expect(res.json.error.message).toBe('This referral has not been matched to a property yet')
    expect((await db.select().from(review_requests).where(eq(review_requests.referral_id, referral.id)).get())!.used_at).toBeNull()
  })

  test.each([
    [{ reviewer_name: 'D' }, 'reviewer_name', 'Name must be at least 2 characters'],
    [{ reviewer_name: '  ' }, 'reviewer_name', 'Name is required'],
    [{ reviewer_name: 'x'.repeat(101) }, 'reviewer_name', 'Name is too long'],
    [{ reviewer_name: undefined }, 'reviewer_name', 'Name is required'],
    [{ reviewer_email: 'not-an-email' }, 'reviewer_email', 'Invalid email address'],
    [{ reviewer_email: `${'a'.repeat(250)}@x.com` }, 'reviewer_email', 'Email is too long'],
    [{ reviewer_email: '' }, 'reviewer_email', 'Email is required'],
    [{ rating: undefined }, 'rating', 'Please select a rating'],
    [{ rating: 0 }, 'rating', 'Rating must be between 1 and 5'],
    [{ rating: 6 }, 'rating', 'Rating must be between 1 and 5'],
    [{ rating: 3.5 }, 'rating', 'Rating must be a whole number of stars'],
    [{ rating: '5' }, 'rating', 'Please select a rating'],
    [{ communication_rating: undefined }, 'communication_rating', 'Please rate communication'],
    [{ professionalism_rating: null }, 'professionalism_rating', 'Please rate professionalism'],
    [{ facility_quality_rating: 0 }, 'facility_quality_rating', 'Facility quality must be between 1 and 5'],
    [{ overall_experience_rating: 6 }, 'overall_experience_rating', 'Overall experience must be between 1 and 5'],
    [{ communication_rating: 2.5 }, 'communication_rating', 'Communication must be a whole number of stars'],
    [{ overall_experience_rating: '4' }, 'overall_experience_rating', 'Please rate overall experience'],
    [{ review_text: 'Too short' }, 'review_text', 'Review must be at least 10 characters'],
    [{ review_text: 'x'.repeat(2001) }, 'review_text', 'Review must be less than 2000 characters'],
  ])('%p is refused with the field message, and the link stays usable', async (patch, field, message) => {
    const { referral, token } = await placedReferral()
    const res = await anonymous().post('/api/reviews', { ...form, ...patch, token, referral_id: referral.id })
    expect(res.status).toBe(422)
    expect(res.json.error.fields[field]).toBe(message)
    expect(await reviewsOf(referral.id)).toHaveLength(0)
    expect((await db.select().from(review_requests).where(eq(review_requests.referral_id, referral.id)).get())!.used_at).toBeNull()
  })

  test('malformed JSON is a 400', async () => {
    const res = await anonymous().request('POST', '/api/reviews', { body: '{"token":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
  })
})
