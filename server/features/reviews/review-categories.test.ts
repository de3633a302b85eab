import { beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { profiles, reviews } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { insertProperty, insertReferral, reviewTokenFromOutbox } from '../admin/test-fixtures'

setupTestDb()

type U = Awaited<ReturnType<typeof createUser>>
let admin: U
let operator: U
const username = `cat-home-${crypto.randomUUID().slice(0, 6)}`

beforeAll(async () => {
  admin = await createUser({ roles: ['admin'] })
  operator = await createUser({ roles: ['operator'], plan: 'premium', username })
})

type Categories = { communication_rating: number; professionalism_rating: number; facility_quality_rating: number; overall_experience_rating: number }
const c = (communication: number, professionalism: number, facility: number, overall: number): Categories => ({
  communication_rating: communication,
  professionalism_rating: professionalism,
  facility_quality_rating: facility,
  overall_experience_rating: overall,
})

/** A review posted through its review-request link (the real path), optionally approved by the operator. */
async function postReview(homeId: string, rating: number, categories: Categories, approve: boolean) {
  const referral = await insertReferral()
  expect((await admin.agent.patch(`/api/admin/referrals/${referral.id}`, { status: 'placed', matched_property_id: homeId })).status).toBe(200)
  const { token } = await reviewTokenFromOutbox(referral.id)
  const res = await anonymous().post('/api/reviews', {
    token,
    referral_id: referral.id,
    reviewer_name: 'Dana Whitfield',
    reviewer_email: 'dana@example.com',
    rating,
    ...categories,
    review_text: 'A calm home with attentive staff.',
  })
  expect(res.status).toBe(201)
  if (approve) expect((await operator.agent.post(`/api/reviews/${res.json.id}/approve`)).status).toBe(200)
  return res.json.id as string
}

describe('review category averages', () => {
  test('the property page shows each category averaged over approved reviews only, to one decimal', async () => {
    const home = await insertProperty(operator.id, { name: 'Category House' })
    await postReview(home.id, 5, c(5, 4, 3, 5), true)
    await postReview(home.id, 4, c(4, 4, 4, 4), true)
    await postReview(home.id, 4, c(4, 5, 4, 4), true)
    // Awaiting approval: must not move any average.
    await postReview(home.id, 1, c(1, 1, 1, 1), false)
    const rejected = await postReview(home.id, 1, c(1, 1, 1, 1), false)
    expect((await operator.agent.post(`/api/reviews/${rejected}/reject`)).status).toBe(200)

    const res = await anonymous().get(`/api/properties/${home.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      review_count: 3,
      average_rating: 4.3, // 13 / 3
      category_averages: { communication: 4.3, professionalism: 4.3, facility_quality: 3.7, overall_experience: 4.3 },
    })
  })

  test('the public profile shows them per home and for the operator as a whole', async () => {
    const second = await insertProperty(operator.id, { name: 'Second Category House' })
    await postReview(second.id, 3, c(2, 3, 5, 3), true)
    const res = await anonymous().get(`/api/operators/${username}`)
    expect(res.status).toBe(200)
    const byName = Object.fromEntries(res.json.properties.map((p: { name: string }) => [p.name, p]))
    expect(byName['Second Category House']).toMatchObject({
      review_count: 1,
      average_rating: 3,
      category_averages: { communication: 2, professionalism: 3, facility_quality: 5, overall_experience: 3 },
    })
    // Every approved review of the operator's homes: 4 of them.
    expect(res.json.rating).toEqual({
      review_count: 4,
      average_rating: 4, // 16 / 4
      category_averages: { communication: 3.8, professionalism: 4, facility_quality: 4, overall_experience: 4 },
    })
  })

  test('reviews written before the categories existed count for the overall rating, not for the categories', async () => {
    const other = await createUser({ roles: ['operator'], plan: 'premium', username: `old-${crypto.randomUUID().slice(0, 6)}` })
    const home = await insertProperty(other.id)
    await db.insert(reviews)
      .values({ property_id: home.id, reviewer_name: 'Old', reviewer_email: 'o@example.com', rating: 2, review_text: 'Written long ago.', status: 'approved' })
      .run()
    const before = (await anonymous().get(`/api/properties/${home.id}`)).json
    expect(before).toMatchObject({ review_count: 1, average_rating: 2, category_averages: { communication: null, professionalism: null, facility_quality: null, overall_experience: null } })
    await db.insert(reviews)
      .values({ property_id: home.id, reviewer_name: 'New', reviewer_email: 'n@example.com', rating: 4, review_text: 'Written today.', status: 'approved', ...c(5, 4, 3, 4) })
      .run()
    const after = (await anonymous().get(`/api/properties/${home.id}`)).json
    expect(after).toMatchObject({ review_count: 2, average_rating: 3, category_averages: { communication: 5, professionalism: 4, facility_quality: 3, overall_experience: 4 } })
    const profile = (await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, other.id)).get())!
    expect((await anonymous().get(`/api/operators/${profile.username}`)).json.rating.category_averages).toEqual({
      communication: 5,
      professionalism: 4,
      facility_quality: 3,
      overall_experience: 4,
    })
  })

  test("the operator's Reviews tab carries each review's category ratings", async () => {
    const res = await operator.agent.get('/api/my/reviews')
    expect(res.status).toBe(200)
    const items = res.json.items as Array<Categories & { status: string; property_name: string }>
    expect(items.find((r) => r.status === 'rejected')).toMatchObject(c(1, 1, 1, 1))
    expect(items.find((r) => r.property_name === 'Second Category House')).toMatchObject(c(2, 3, 5, 3))
  })

  test('the database refuses a category rating outside 1-5', async () => {
    const home = await insertProperty(operator.id)
    // SQLite throws while the statement runs, PostgreSQL when its promise settles: both are caught here.
    const error = await (async () =>
      db
        .insert(reviews)
        .values({ property_id: home.id, reviewer_name: 'X', reviewer_email: 'x@example.com', rating: 3, review_text: 'Out of range.', communication_rating: 6 })
        .run())().then(
      () => null,
      (e: unknown) => e,
    )
    // The engine's own error may be wrapped by drizzle (PostgreSQL): look through its causes.
    const messages: string[] = []
    for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message)
    expect(messages.some((m) => /CHECK constraint failed/.test(m))).toBe(true)
  })
})
