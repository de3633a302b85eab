/**
 * Referral payouts (ADR 044): the referrer's payout details sealed at rest and
 * shown only to her and (audited) to admins; an admin records each payout once;
 * the referrer reads each payout's state; the e-mails say what happens next.
 */
import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { connOf } from '../../db/client'
import { audit_logs, notifications, outbox, payouts } from '../../db/schema'
import { createUser, db, setupTestDb } from '../../test/setup'
import { insertReferral, premiumOperator, referrer, unlockAndPay } from '../marketplace/test-fixtures'

setupTestDb()

const AT_ONCE = 20
const DETAILS = { method: 'check', payee_name: 'Qzpayeemk Whitfield', details: 'QzADDRmk 12 Payout Lane, Austin TX 78701' } as const
const RECORD = { method: 'check', paid_on: '2026-12-04', reference: 'Check 1042' } as const

type Agent = Awaited<ReturnType<typeof createUser>>['agent']
const put = (agent: Agent, path: string, body: unknown) => agent.request('PUT', path, { body })

/** A referral placed with its fee released to the referrer: one payout owed. */
async function owedPayout(owner?: Awaited<ReturnType<typeof referrer>>) {
  const me = owner ?? (await referrer())
  const r = await insertReferral(me.id)
  const holder = await premiumOperator({ licensing_type: 'licensed' })
  const paymentId = await unlockAndPay(holder.agent, r.id)
  await me.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })
  expect((await holder.agent.post(`/api/referrals/${r.id}/placement`, { placed: true })).json.outcome).toBe('released')
  const payout = (await db.select().from(payouts).where(eq(payouts.payment_id, paymentId)).get())!
  return { me, r, holder, payout }
}
const admin = () => createUser({ roles: ['admin'] })
const mails = async (referralId: string, type: string) => db.select().from(outbox).where(and(eq(outbox.referral_id, referralId), eq(outbox.type, type))).all()

describe('payout details', () => {
  test('sealed at rest: the raw row holds ciphertext, never the payee or the address', async () => {
    const me = await referrer()
    const saved = await put(me.agent, '/api/me/payout-details', DETAILS)
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject(DETAILS)
    const raw = (await connOf(db).all<Record<string, unknown>>('SELECT * FROM payout_details')).find((row) => row.user_id === me.id)!
    expect(String(raw.payee_name)).toStartWith('hw1:')
    expect(String(raw.details)).toStartWith('hw1:')
    expect(JSON.stringify(raw)).not.toContain('Qzpayeemk')
    expect(JSON.stringify(raw)).not.toContain('QzADDRmk')
    expect(raw.method).toBe('check')
    // The audit row says they changed, not what they are.
    const [audit] = await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'payout_details.saved'), eq(audit_logs.resource_id, me.id))).all()
    expect(JSON.stringify(audit)).not.toContain('Qzpayeemk')
  })

  test('she reads and changes her own; nobody else sees them but an admin, whose read is audited', async () => {
    const { me, payout } = await owedPayout()
    expect((await me.agent.get('/api/me/payout-details')).json).toEqual({ details: null })
    await put(me.agent, '/api/me/payout-details', DETAILS)
    const changed = await put(me.agent, '/api/me/payout-details', { method: 'ach', payee_name: 'Dana Whitfield', details: 'Routing 111000025, account QzACCTmk 9876' })
    expect(changed.json.method).toBe('ach')
    expect((await me.agent.get('/api/me/payout-details')).json.details).toMatchObject({ method: 'ach', details: 'Routing 111000025, account QzACCTmk 9876' })

    // Another referrer sees only her own (none); an operator is refused; nobody reads another's through /me.
    const other = await referrer()
    expect((await other.agent.get('/api/me/payout-details')).json).toEqual({ details: null })
    const operator = await premiumOperator()
    expect((await operator.agent.get('/api/me/payout-details')).status).toBe(403)
    expect((await put(operator.agent, '/api/me/payout-details', DETAILS)).status).toBe(403)
    expect((await operator.agent.get(`/api/admin/payouts/${payout.id}/payee`)).status).toBe(403)
    expect((await other.agent.get('/api/admin/payouts')).status).toBe(403)

    // The admin's list says whether they were given, not what they are.
    const boss = await admin()
    const list = await boss.agent.get('/api/admin/payouts')
    const row = list.json.items.find((p: { id: string }) => p.id === payout.id)
    expect(row).toMatchObject({ has_details: true, details_method: 'ach', state: 'scheduled', status: 'owed' })
    expect(list.text).not.toContain('QzACCTmk')
    const before = await db.select().from(audit_logs).where(eq(audit_logs.action, 'payout_details.read')).all()
    const payee = await boss.agent.get(`/api/admin/payouts/${payout.id}/payee`)
    expect(payee.json.details).toMatchObject({ method: 'ach', payee_name: 'Dana Whitfield' })
    const after = await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'payout_details.read'), eq(audit_logs.resource_id, payout.id))).all()
    expect(after.length).toBe(before.filter((a) => a.resource_id === payout.id).length + 1)
    expect(after.at(-1)).toMatchObject({ actor_id: boss.id, details: { referrer_user_id: me.id, given: true } })
    expect((await boss.agent.get('/api/admin/payouts/nope/payee')).status).toBe(404)
  })

  test('bad input: a clear 422 and nothing written', async () => {
    const me = await referrer()
    const res = await put(me.agent, '/api/me/payout-details', { method: 'cash', payee_name: ' ', details: '' })
    expect(res.status).toBe(422)
    expect(res.json.error.fields).toMatchObject({ method: 'Method must be one of: check, ach, other', payee_name: 'Payee name is required' })
    expect((await me.agent.get('/api/me/payout-details')).json.details).toBeNull()
  })
})

describe('the release tells her what happens next', () => {
  test('without payout details: the e-mail and the notification send her to give them; with them: how she will be paid', async () => {
    const { me, r } = await owedPayout()
    const [mail] = (await mails(r.id, 'escrow_released')).filter((m) => m.to_email === me.email)
    expect(mail!.text_body).toContain('To receive it, give your payout details (check by mail, bank transfer or another way) in Referral payments on your dashboard')
    expect(mail!.text_body).toContain('/referrer-dashboard#payouts')
    expect(mail!.text_body).not.toContain('Our team will contact you')
    const [note] = await db.select().from(notifications).where(and(eq(notifications.user_id, me.id), eq(notifications.type, 'escrow_released'))).all()
    expect(note!.body).toContain('To receive it, give your payout details')
    expect(note!.link).toBe('/referrer-dashboard#payouts')

    await put(me.agent, '/api/me/payout-details', DETAILS)
    const second = await owedPayout(me)
    const [mail2] = (await mails(second.r.id, 'escrow_released')).filter((m) => m.to_email === me.email)
    expect(mail2!.text_body).toContain('We will pay it by check by mail to the payout details you gave, and e-mail you when it is sent.')
  })
})

describe('an admin records a payout', () => {
  test('her payouts: awaiting her details, then scheduled, then paid on the day by the method with the reference; e-mailed and notified; audited', async () => {
    const { me, r, payout } = await owedPayout()
    const mine = async () => (await me.agent.get('/api/me/payouts')).json.items.find((p: { id: string }) => p.id === payout.id)
    expect(await mine()).toMatchObject({ referral_id: r.id, status: 'owed', state: 'awaiting_details', paid_on: null })
    await put(me.agent, '/api/me/payout-details', DETAILS)
    expect((await mine()).state).toBe('scheduled')

    const boss = await admin()
    const res = await boss.agent.post(`/api/admin/payouts/${payout.id}/record`, RECORD)
    expect(res.status).toBe(200)
    expect(res.json.payout).toMatchObject({ status: 'paid', state: 'paid', ...RECORD })
    expect(await mine()).toMatchObject({ state: 'paid', paid_on: '2026-12-04', method: 'check', reference: 'Check 1042' })
    const row = (await db.select().from(payouts).where(eq(payouts.id, payout.id)).get())!
    expect(row).toMatchObject({ status: 'paid', recorded_by: boss.id })
    expect(row.paid_at).toBeInstanceOf(Date)

    const [mail] = await mails(r.id, 'payout_paid')
    expect(mail!.to_email).toBe(me.email)
    expect(mail!.text_body).toContain('We paid your referral fee of')
    expect(mail!.text_body).toContain('on Dec 4, 2026 by check by mail.')
    expect(mail!.text_body).toContain('Reference: Check 1042')
    const [note] = await db.select().from(notifications).where(and(eq(notifications.user_id, me.id), eq(notifications.type, 'payout_paid'))).all()
    expect(note!.body).toContain('Reference: Check 1042')
    const audit = await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'payout.recorded'), eq(audit_logs.resource_id, payout.id))).all()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actor_id: boss.id, details: { method: 'check', paid_on: '2026-12-04', reference: 'Check 1042' } })
    expect((await boss.agent.get('/api/admin/payouts?status=paid')).json.items.map((p: { id: string }) => p.id)).toContain(payout.id)
    expect((await boss.agent.get('/api/admin/payouts')).json.items.map((p: { id: string }) => p.id)).not.toContain(payout.id)
  })

  test('recording twice, or a payout already paid: 409 with a clear message, nothing changed', async () => {
    const { r, payout } = await owedPayout()
    const boss = await admin()
    expect((await boss.agent.post(`/api/admin/payouts/${payout.id}/record`, RECORD)).status).toBe(200)
    const again = await boss.agent.post(`/api/admin/payouts/${payout.id}/record`, { method: 'ach', paid_on: '2026-12-05', reference: 'T-99' })
    expect(again.status).toBe(409)
    expect(again.json.error).toEqual({ code: 'payout_paid', message: 'This payout is already recorded as paid' })
    expect((await db.select().from(payouts).where(eq(payouts.id, payout.id)).get())!).toMatchObject({ method: 'check', reference: 'Check 1042', paid_on: '2026-12-04' })
    expect(await mails(r.id, 'payout_paid')).toHaveLength(1)
    expect((await boss.agent.post('/api/admin/payouts/nope/record', RECORD)).status).toBe(404)
  })

  test('bad input: 422 with each field, nothing recorded', async () => {
    const { payout } = await owedPayout()
    const boss = await admin()
    const res = await boss.agent.post(`/api/admin/payouts/${payout.id}/record`, { method: 'cash', paid_on: '4 Dec', reference: '' })
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.error.fields).sort()).toEqual(['method', 'paid_on', 'reference'])
    expect((await db.select().from(payouts).where(eq(payouts.id, payout.id)).get())!.status).toBe('owed')
  })

  test(`${AT_ONCE} "record payout" requests at once on one payout: exactly one succeeds, the others 409; one e-mail, one notification, one audit row`, async () => {
    const { me, r, payout } = await owedPayout()
    const boss = await admin()
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => boss.agent.post(`/api/admin/payouts/${payout.id}/record`, { ...RECORD, reference: `Check ${1000 + i}` })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(AT_ONCE - 1)
    const winner = answers.find((a) => a.status === 200)!.json.payout.reference
    expect((await db.select().from(payouts).where(eq(payouts.id, payout.id)).get())!.reference).toBe(winner)
    expect(await mails(r.id, 'payout_paid')).toHaveLength(1)
    expect(await db.select().from(notifications).where(and(eq(notifications.user_id, me.id), eq(notifications.type, 'payout_paid'))).all()).toHaveLength(1)
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'payout.recorded'), eq(audit_logs.resource_id, payout.id))).all()).toHaveLength(1)
  })
})
