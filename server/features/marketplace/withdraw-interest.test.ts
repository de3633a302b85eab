import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { referral_interests, referrals } from '../../db/schema'
import { db, setupTestDb } from '../../test/setup'
import { insertReferral, premiumOperator, referrer, unlockAndPay } from './test-fixtures'

setupTestDb()

const interests = async (referralId: string, operatorId: string) =>
  db.select().from(referral_interests).where(and(eq(referral_interests.referral_id, referralId), eq(referral_interests.operator_id, operatorId))).all()
const count = async (id: string) => (await db.select().from(referrals).where(eq(referrals.id, id)).get())!.interested_operators_count

describe('DELETE /api/referrals/:id/interest', () => {
  test('takes the interest back once, however many times at once (20); the count goes down by one', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const op = await premiumOperator()
    const other = await premiumOperator()
    expect((await op.agent.post(`/api/referrals/${r.id}/interest`)).status).toBe(200)
    expect((await other.agent.post(`/api/referrals/${r.id}/interest`)).status).toBe(200)
    expect(await count(r.id)).toBe(2)
    const answers = await Promise.all(Array.from({ length: 20 }, () => op.agent.delete(`/api/referrals/${r.id}/interest`)))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    expect(answers.filter((a) => a.json.withdrawn)).toHaveLength(1)
    expect(await interests(r.id, op.id)).toHaveLength(0)
    expect(await count(r.id)).toBe(1)
    expect(answers.at(-1)!.json).toMatchObject({ interested: false, interested_operators_count: 1 })
    // Expressed again: counted again.
    expect((await op.agent.post(`/api/referrals/${r.id}/interest`)).json).toMatchObject({ created: true, interested_operators_count: 2 })
  })

  test('refused while the operator paid for the referral; others and non-operators get the usual answers', async () => {
    const owner = await referrer()
    const r = await insertReferral(owner.id)
    const holder = await premiumOperator()
    await unlockAndPay(holder.agent, r.id)
    const res = await holder.agent.delete(`/api/referrals/${r.id}/interest`)
    expect(res.status).toBe(409)
    expect(res.json.error).toMatchObject({ code: 'interest_committed', message: 'You paid for this referral or are on its waitlist, which keeps your interest. Leave the waitlist first, or answer about the placement.' })
    expect(await interests(r.id, holder.id)).toHaveLength(1)
    expect((await owner.agent.delete(`/api/referrals/${r.id}/interest`)).status).toBe(403)
    expect((await holder.agent.delete('/api/referrals/unknown/interest')).status).toBe(404)
  })
})
