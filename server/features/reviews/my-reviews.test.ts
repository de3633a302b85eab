import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { properties, reviews } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'

setupTestDb()

async function homeWithReview(operatorId: string, name = 'Birch Home') {
  const home = await db
    .insert(properties)
    .values({ operator_id: operatorId, name, address: '9 Birch Rd', city: 'Austin', state: 'TX', zip_code: '78704', total_beds: 4, available_beds: 2 })
    .returning()
    .get()
  const review = await db
    .insert(reviews)
    .values({ property_id: home.id, reviewer_name: 'Kim R.', reviewer_email: 'kim@example.com', rating: 4, review_text: 'Kind staff and a calm house.' })
    .returning()
    .get()
  return { home, review }
}

describe('manage reviews', () => {
  test("lists the reviews of the operator's properties (pending first seen as not approved), without e-mails", async () => {
    const op = await createUser({ plan: 'premium' })
    await homeWithReview(op.id)
    const other = await createUser()
    await homeWithReview(other.id, 'Other Home')
    const res = await op.agent.get('/api/my/reviews')
    expect(res.json.items).toHaveLength(1)
    expect(res.json.items[0]).toMatchObject({ property_name: 'Birch Home', reviewer_name: 'Kim R.', rating: 4, operator_approved: false, status: 'pending' })
    expect(res.json.items[0].reviewer_email).toBeUndefined()
    expect((await anonymous().get('/api/my/reviews')).status).toBe(401)
  })

  test('approve makes the review public; reject hides it; only the property operator may do either', async () => {
    const op = await createUser({ plan: 'premium', username: 'birch-op' })
    const { review } = await homeWithReview(op.id)
    const intruder = await createUser({ plan: 'premium' })
    expect((await intruder.agent.post(`/api/reviews/${review.id}/approve`)).status).toBe(404)
    expect((await intruder.agent.post(`/api/reviews/${review.id}/reject`)).status).toBe(404)
    expect((await db.select().from(reviews).where(eq(reviews.id, review.id)).get())?.status).toBe('pending')

    const approved = await op.agent.post(`/api/reviews/${review.id}/approve`)
    expect(approved.json.review).toMatchObject({ status: 'approved', operator_approved: true })
    let publicProfile = await anonymous().get('/api/operators/birch-op')
    expect(publicProfile.json.properties[0].reviews.map((r: { id: string }) => r.id)).toEqual([review.id])

    const rejected = await op.agent.post(`/api/reviews/${review.id}/reject`)
    expect(rejected.json.review).toMatchObject({ status: 'rejected', operator_approved: false })
    publicProfile = await anonymous().get('/api/operators/birch-op')
    expect(publicProfile.json.properties[0].reviews).toEqual([])
  })
})
