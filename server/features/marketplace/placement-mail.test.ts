import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { outbox, referral_payments } from '../../db/schema'
import { env } from '../../env'
import { clock, HOUR } from '../../lib/clock'
import { runDueJobs } from '../../jobs'
import { anonymous, db, setupTestDb } from '../../test/setup'
import { HOLD_REMINDER_HOURS } from './job-keys'
import { insertReferral, premiumOperator, referrer, unlockAndPay } from './test-fixtures'

setupTestDb()

async function escrowed() {
  const owner = await referrer()
  const r = await insertReferral(owner.id)
  const holder = await premiumOperator({ licensing_type: 'licensed' })
  const paymentId = await unlockAndPay(holder.agent, r.id)
  return { owner, r, holder, paymentId }
}
const mails = async (referralId: string, type: string) =>
  db.select().from(outbox).where(and(eq(outbox.referral_id, referralId), eq(outbox.type, type))).all()

describe('placement e-mails', () => {
  test("the operator's answer e-mails the referrer that hers is needed, with a link to answer; a repeat mails nothing more", async () => {
    const { owner, r, holder } = await escrowed()
    expect((await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })).status).toBe(200)
    await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    const sent = await mails(r.id, 'placement_answer_needed')
    expect(sent.map((m) => m.to_email)).toEqual([owner.email])
    expect(sent[0]!.subject).toBe('Please confirm the placement')
    expect(sent[0]!.text_body).toContain('The operator said the client was placed. Homeward needs your answer too.')
    expect(sent[0]!.text_body).toMatch(/\/answer-placement\?token=[a-z2-7]{32}/)
    expect(sent[0]!.text_body).not.toContain(r.client_last_name)
  })

  test("the referrer's answer e-mails the operator", async () => {
    const { owner, r, holder } = await escrowed()
    await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    const sent = await mails(r.id, 'placement_answer_needed')
    expect(sent.map((m) => m.to_email)).toEqual([holder.email])
    expect(sent[0]!.text_body).toContain('The referrer said the client was not placed.')
  })

  test(`a reminder ${HOLD_REMINDER_HOURS} hours before the hold ends goes to each party who has not answered, once`, async () => {
    const { owner, r, holder } = await escrowed()
    await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    clock.advance((env.ESCROW_HOLD_HOURS - HOLD_REMINDER_HOURS) * HOUR - HOUR)
    await runDueJobs(db)
    expect(await mails(r.id, 'escrow_hold_ending')).toHaveLength(0) // not yet
    clock.advance(2 * HOUR)
    await runDueJobs(db)
    await runDueJobs(db)
    const sent = await mails(r.id, 'escrow_hold_ending')
    expect(sent.map((m) => m.to_email)).toEqual([owner.email]) // the operator has answered
    expect(sent[0]!.subject).toBe('Reminder: please confirm the placement')
  })

  test('no reminder once the escrow is decided', async () => {
    const { owner, r, holder } = await escrowed()
    await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    clock.advance(env.ESCROW_HOLD_HOURS * HOUR)
    await runDueJobs(db)
    expect(await mails(r.id, 'escrow_hold_ending')).toHaveLength(0)
  })
})

const answerToken = (text: string) => /\/answer-placement\?token=([a-z2-7]+)/.exec(text)![1]!

describe('the one-click answer link', () => {
  test('answers through the same rule, signed out, once; the page shows the other side\'s answer and no client data', async () => {
    const { r, holder, paymentId } = await escrowed()
    await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    const token = answerToken((await mails(r.id, 'placement_answer_needed'))[0]!.text_body)
    const visitor = anonymous()
    const asked = await visitor.get(`/api/placement-answers/${token}`)
    expect(asked.status).toBe(200)
    expect(asked.json).toMatchObject({ side: 'referrer', other_answer: 'placed' })
    expect(asked.text).not.toContain(r.client_last_name)
    const clicks = await Promise.all(Array.from({ length: 20 }, () => visitor.post(`/api/placement-answers/${token}`, { placed: true })))
    expect(clicks.filter((c) => c.status === 200).map((c) => c.json.outcome)).toEqual(['released'])
    expect(clicks.filter((c) => c.status === 409)).toHaveLength(19)
    expect((await db.select().from(referral_payments).where(eq(referral_payments.id, paymentId)).get())!.status).toBe('released_to_referrer')
    expect(await mails(r.id, 'escrow_released')).toHaveLength(2)
    expect((await visitor.get(`/api/placement-answers/${token}`)).status).toBe(409)
  })

  test('bad input, unknown links and a decided payment are refused', async () => {
    const { owner, r, holder } = await escrowed()
    await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    const token = answerToken((await mails(r.id, 'placement_answer_needed'))[0]!.text_body)
    expect((await anonymous().post(`/api/placement-answers/${token}`, { placed: 'yes' })).status).toBe(422)
    expect((await anonymous().post(`/api/placement-answers/${'a'.repeat(32)}`, { placed: true })).status).toBe(404)
    expect((await anonymous().post('/api/placement-answers/short', { placed: true })).status).toBe(422)
    // Decided from the dashboard meanwhile: the link has nothing left to answer.
    await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: false })
    expect((await anonymous().post(`/api/placement-answers/${token}`, { placed: false })).status).toBe(410)
  })
})
