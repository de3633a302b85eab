import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, conversations, invitations, notifications, outbox, referrals } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { operatorHasUnmaskedAccess } from '../referrals/referral-access'

setupTestDb()

/** Referrals are written directly: this file tests invitations, not submission. */
async function addReferral(ownerId: string | null, status: (typeof referrals.$inferInsert)['status'] = 'pending') {
  return db
    .insert(referrals)
    .values({
      referrer_user_id: ownerId,
      referrer_name: 'Dana Whitfield',
      referrer_relationship: 'case-manager',
      referrer_email: 'dana@example.com',
      referrer_phone: '(555) 010-0100',
      client_first_name: 'Eleanor',
      client_last_name: 'Price',
      client_dob: '1948-03-14',
      client_gender: 'female',
      preferred_state: 'TX',
      budget_range: '$3,000-$4,000',
      status,
    })
    .returning()
    .get()
}

const invitationsOf = async (referralId: string) => db.select().from(invitations).where(eq(invitations.referral_id, referralId)).all()

describe('POST /api/invitations', () => {
  test('the owner invites a premium operator: invitation, conversation, unmasked access, notification and e-mail', async () => {
    const referrer = await createUser({ roles: ['referrer'], first_name: 'Dana', last_name: 'Whitfield' })
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const referral = await addReferral(referrer.id)
    expect(await operatorHasUnmaskedAccess(db, referral.id, operator.id)).toBe(false)

    const res = await referrer.agent.post('/api/invitations', { referral_id: referral.id, operator_id: operator.id, message: ' Could you take her next month? ' })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ existing: false })
    expect(await invitationsOf(referral.id)).toMatchObject([{ operator_id: operator.id, invited_by: referrer.id, message: 'Could you take her next month?' }])
    expect(await operatorHasUnmaskedAccess(db, referral.id, operator.id)).toBe(true)
    const conversation = await db.select().from(conversations).where(and(eq(conversations.referral_id, referral.id), eq(conversations.operator_id, operator.id))).get()
    expect(conversation?.opened_by).toBe('invitation')
    expect((await db.select().from(notifications).where(eq(notifications.user_id, operator.id)).all()).map((n) => n.type)).toEqual(['referral_invitation'])
    const mail = await db.select().from(outbox).where(eq(outbox.to_email, operator.email)).all()
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ type: 'operator_invited', referral_id: referral.id })
    expect(mail[0]!.text_body).toContain('Dana Whitfield invited you')
    // The e-mail never carries the client's details.
    expect(mail[0]!.text_body).not.toContain('Eleanor')
    expect((await db.select().from(audit_logs).where(eq(audit_logs.resource_id, referral.id)).all()).map((a) => a.action)).toEqual(['referral.invite_operator'])
  })

  test('inviting the same operator again answers existing: true and writes nothing more', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'], plan: 'complimentary' })
    const referral = await addReferral(referrer.id, 'matched')
    const body = { referral_id: referral.id, operator_id: operator.id }
    expect((await referrer.agent.post('/api/invitations', body)).json).toEqual({ existing: false })
    const again = await referrer.agent.post('/api/invitations', { ...body, message: 'Hello again' })
    expect(again.status).toBe(200)
    expect(again.json).toEqual({ existing: true })
    expect(await invitationsOf(referral.id)).toHaveLength(1)
    expect(await db.select().from(outbox).where(eq(outbox.to_email, operator.email)).all()).toHaveLength(1)
  })

  test('an operator who already talks about the referral (interest) is still invited, reusing the conversation', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const referral = await addReferral(referrer.id, 'reviewing')
    await db.insert(conversations).values({ referral_id: referral.id, operator_id: operator.id, opened_by: 'interest' }).run()
    const res = await referrer.agent.post('/api/invitations', { referral_id: referral.id, operator_id: operator.id })
    expect(res.json).toEqual({ existing: false })
    expect(await db.select().from(conversations).where(eq(conversations.referral_id, referral.id)).all()).toHaveLength(1)
  })

  test('only the referral’s owner can invite: anyone else gets 404 and nothing is written', async () => {
    const owner = await createUser({ roles: ['referrer'] })
    const stranger = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const referral = await addReferral(owner.id)
    const res = await stranger.agent.post('/api/invitations', { referral_id: referral.id, operator_id: operator.id })
    expect(res.status).toBe(404)
    expect(res.json.error.message).toBe('Referral not found')
    const missing = await owner.agent.post('/api/invitations', { referral_id: 'missing', operator_id: operator.id })
    expect(missing.status).toBe(404)
    expect(await invitationsOf(referral.id)).toHaveLength(0)
  })

  test('signed-out visitors are asked to sign in', async () => {
    const res = await anonymous().post('/api/invitations', { referral_id: 'x', operator_id: 'y' })
    expect(res.status).toBe(401)
  })

  test('only premium operators can be invited: 403 premium_required', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const free = await createUser({ roles: ['operator'] })
    const referral = await addReferral(referrer.id)
    const res = await referrer.agent.post('/api/invitations', { referral_id: referral.id, operator_id: free.id })
    expect(res.status).toBe(403)
    expect(res.json.error.code).toBe('premium_required')
    expect(await invitationsOf(referral.id)).toHaveLength(0)
    expect(await db.select().from(conversations).where(eq(conversations.referral_id, referral.id)).all()).toHaveLength(0)
  })

  test('the invitee must be an operator: a referrer or an unknown id is 404', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const otherReferrer = await createUser({ roles: ['referrer'], plan: 'complimentary' })
    const referral = await addReferral(referrer.id)
    for (const id of [otherReferrer.id, 'missing']) {
      const res = await referrer.agent.post('/api/invitations', { referral_id: referral.id, operator_id: id })
      expect(res.status).toBe(404)
      expect(res.json.error.message).toBe('Operator not found')
    }
  })

  test.each(['placed', 'rejected', 'cancelled'] as const)('a %s referral cannot be shared (409)', async (status) => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const referral = await addReferral(referrer.id, status)
    const res = await referrer.agent.post('/api/invitations', { referral_id: referral.id, operator_id: operator.id })
    expect(res.status).toBe(409)
    expect(res.json.error.code).toBe('referral_inactive')
    expect(await invitationsOf(referral.id)).toHaveLength(0)
  })

  test('validation: a referral must be selected; the message is bounded', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'], plan: 'premium' })
    const none = await referrer.agent.post('/api/invitations', { referral_id: '', operator_id: operator.id })
    expect(none.status).toBe(422)
    expect(none.json.error.message).toBe('Please select a referral')
    const missing = await referrer.agent.post('/api/invitations', { operator_id: operator.id })
    expect(missing.json.error.message).toBe('Please select a referral')
    const referral = await addReferral(referrer.id)
    const long = await referrer.agent.post('/api/invitations', { referral_id: referral.id, operator_id: operator.id, message: 'm'.repeat(2001) })
    expect(long.status).toBe(422)
    expect(long.json.error.message).toBe('Message must be less than 2000 characters')
  })
})
