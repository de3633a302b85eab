import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, notifications, outbox, payouts, referral_payments, referrals } from '../../db/schema'
import { db, setupTestDb } from '../../test/setup'
import { insertReferral, payment, premiumOperator, referrer, unlockAndPay } from './test-fixtures'

setupTestDb()

const AT_ONCE = 20

async function escrowed() {
  const owner = await referrer()
  const r = await insertReferral(owner.id)
  const holder = await premiumOperator({ licensing_type: 'licensed' })
  const paymentId = await unlockAndPay(holder.agent, r.id)
  return { owner, r, holder, paymentId }
}
const referral = async (id: string) => (await db.select().from(referrals).where(eq(referrals.id, id)).get())!
const mails = async (referralId: string, type: string) => db.select().from(outbox).where(and(eq(outbox.referral_id, referralId), eq(outbox.type, type))).all()

describe('the referrer confirms the placement and declines the payment', () => {
  test('both confirm: the referral is placed, the fee goes back to the operator as a refund recorded as declined, no payout is owed', async () => {
    const { owner, r, holder, paymentId } = await escrowed()
    const mine = await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true, decline_payment: true })
    expect(mine.json).toMatchObject({ outcome: 'awaiting', escrow: { referrer_confirmation: 'placed', referrer_declined_payment: true } })
    // The operator's view says so before deciding.
    expect((await holder.agent.get(`/api/referrals/${r.id}/escrow`)).json.escrow.referrer_declined_payment).toBe(true)

    const theirs = await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    expect(theirs.json).toMatchObject({ outcome: 'declined', escrow: { status: 'refunded', referrer_declined_payment: true } })
    expect(await payment(paymentId)).toMatchObject({ status: 'refunded', resolved_by: 'referrer_declined', resolution_reason: 'The referrer confirmed the placement and declined the payment' })
    expect(await referral(r.id)).toMatchObject({ status: 'placed', matched_operator_id: holder.id, referral_fee_paid: false })
    expect(await db.select().from(payouts).where(eq(payouts.payment_id, paymentId)).all()).toHaveLength(0)
    const [refund] = await mails(r.id, 'escrow_refunded')
    expect(refund!.to_email).toBe(holder.email)
    expect(refund!.text_body).toContain('Reason: The referrer confirmed the placement and declined the payment.')
    expect(await mails(r.id, 'escrow_released')).toHaveLength(0)
    const audit = await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.refunded'), eq(audit_logs.resource_id, paymentId))).all()
    expect(audit).toHaveLength(1)
    expect(audit[0]!.details).toMatchObject({ resolved_by: 'referrer_declined' })
  })

  test('changing her mind before the operator answers: "placed" without declining takes the decline back; the fee is then released to her', async () => {
    const { owner, r, holder, paymentId } = await escrowed()
    await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true, decline_payment: true })
    const again = await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    expect(again.json.escrow.referrer_declined_payment).toBe(false)
    expect((await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })).json.outcome).toBe('released')
    expect((await payment(paymentId)).status).toBe('released_to_referrer')
  })

  test('only the referrer declines: the operator\'s decline_payment changes nothing', async () => {
    const { owner, r, holder } = await escrowed()
    const theirs = await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true, decline_payment: true })
    expect(theirs.json.escrow.referrer_declined_payment).toBe(false)
    expect((await owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })).json.outcome).toBe('released')
  })

  test(`the deciding decline sent ${AT_ONCE} times at once: refunded once, one e-mail, one notification, every answer "declined"`, async () => {
    const { owner, r, holder, paymentId } = await escrowed()
    await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
    const clicks = await Promise.all(
      Array.from({ length: AT_ONCE }, () => owner.agent.post(`/api/referrals/${r.id}/placement`, { placed: true, decline_payment: true })),
    )
    expect(clicks.map((c) => c.status)).toEqual(Array(AT_ONCE).fill(200))
    expect(new Set(clicks.map((c) => c.json.outcome))).toEqual(new Set(['declined']))
    expect((await db.select().from(referral_payments).where(eq(referral_payments.id, paymentId)).get())!.status).toBe('refunded')
    expect(await mails(r.id, 'escrow_refunded')).toHaveLength(1)
    expect(await db.select().from(notifications).where(and(eq(notifications.user_id, holder.id), eq(notifications.type, 'escrow_refunded'))).all()).toHaveLength(1)
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'escrow.refunded'), eq(audit_logs.resource_id, paymentId))).all()).toHaveLength(1)
  })
})
