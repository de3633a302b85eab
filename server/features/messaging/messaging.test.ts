import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { audit_logs, conversations, messages, notifications } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb, type TestAgent } from '../../test/setup'
import { clock, MINUTE } from '../../lib/clock'
import { createAdmin, createAdminWithoutTwoFactor, exchange, expressInterest, insertReferral, invite } from './test-fixtures'

setupTestDb()

const send = (agent: TestAgent, conversationId: string, message_text: unknown) =>
  agent.post(`/api/conversations/${conversationId}/messages`, { message_text })

describe('conversation list', () => {
  test('both parties see it, with the other party, unread counts and the referral as each may see it', async () => {
    const { referrer, operator, referral, conversation } = await exchange()
    const curious = await createUser({ roles: ['operator'], first_name: 'Curt', last_name: 'Ious' })
    const interest = await expressInterest(referral.id, curious.id)

    expect((await send(operator.agent, conversation.id, 'Hello from Sunrise')).status).toBe(201)

    const mine = await referrer.agent.get('/api/conversations')
    expect(mine.status).toBe(200)
    expect(mine.json.items.map((i: any) => i.id)).toEqual([conversation.id, interest.id]) // latest message first
    const first = mine.json.items[0]
    expect(first).toMatchObject({
      my_role: 'referrer',
      counterpart_name: 'Rosa Alvarez',
      referral_label: `Eleanor ${referral.client_last_name}`,
      unread_count: 1,
      last_message_preview: 'Hello from Sunrise',
    })
    expect(mine.json.unread_total).toBe(1)

    const theirs = await operator.agent.get('/api/conversations')
    expect(theirs.json.items).toHaveLength(1)
    expect(theirs.json.items[0]).toMatchObject({ my_role: 'operator', counterpart_name: 'Dana Whitfield', unread_count: 0 })
    expect(theirs.json.items[0].referral_label).toBe(`Eleanor ${referral.client_last_name}`) // invited: unmasked

    // Interest alone: the client's initials only.
    const masked = await curious.agent.get('/api/conversations')
    expect(masked.json.items).toHaveLength(1)
    expect(masked.json.items[0].referral_label).toBe('E.P.')
    expect(JSON.stringify(masked.json)).not.toContain('Eleanor')
  })

  test('narrowed by side and by referral; the latest message sorts first', async () => {
    const both = await createUser({ roles: ['operator', 'referrer'] })
    const operator = await createUser({ roles: ['operator'] })
    const referrer = await createUser({ roles: ['referrer'] })
    const ownReferral = await insertReferral(both.id)
    const asReferrer = await invite(ownReferral.id, operator.id, both.id)
    const otherReferral = await insertReferral(referrer.id)
    const asOperator = await invite(otherReferral.id, both.id, referrer.id)

    expect((await both.agent.get('/api/conversations?as=operator')).json.items.map((i: any) => i.id)).toEqual([asOperator.id])
    expect((await both.agent.get('/api/conversations?as=referrer')).json.items.map((i: any) => i.id)).toEqual([asReferrer.id])
    expect((await both.agent.get(`/api/conversations?referral_id=${ownReferral.id}`)).json.items).toHaveLength(1)
    expect((await both.agent.get('/api/conversations?as=admin')).status).toBe(422)

    clock.advance(MINUTE)
    await send(operator.agent, asReferrer.id, 'first')
    clock.advance(MINUTE)
    await send(referrer.agent, asOperator.id, 'second')
    expect((await both.agent.get('/api/conversations')).json.items.map((i: any) => i.id)).toEqual([asOperator.id, asReferrer.id])
    clock.reset()
  })

  test('signed out is a 401', async () => {
    expect((await anonymous().get('/api/conversations')).status).toBe(401)
    expect((await anonymous().get('/api/conversations/referrals')).status).toBe(401)
  })

  test("the referrer's referrals for My Referrals & Messages", async () => {
    const { referrer, operator, referral, conversation } = await exchange()
    const quiet = await insertReferral(referrer.id, { created_at: new Date(Date.now() - 60_000) })
    await send(operator.agent, conversation.id, 'Any news?')
    const res = await referrer.agent.get('/api/conversations/referrals')
    expect(res.json.items.map((i: any) => i.id)).toEqual([referral.id, quiet.id])
    expect(res.json.items[0]).toMatchObject({ conversation_count: 1, unread_count: 1, status: 'pending' })
    expect(res.json.items[1]).toMatchObject({ conversation_count: 0, unread_count: 0, last_message_at: null })
    expect((await operator.agent.get('/api/conversations/referrals')).json.items).toEqual([])
  })
})

describe('who may read and write a conversation', () => {
  const routes = [
    ['list messages', (a: any, id: string) => a.get(`/api/conversations/${id}/messages`)],
    ['send', (a: any, id: string) => send(a, id, 'Hi')],
    ['mark read', (a: any, id: string) => a.post(`/api/conversations/${id}/read`)],
  ] as const

  test.each(routes)('%s: only the two parties; everyone else gets 404', async (_name, call) => {
    const { referrer, operator, referral, conversation } = await exchange()
    const otherOperator = await createUser({ roles: ['operator'] })
    const interested = await createUser({ roles: ['operator'] })
    await expressInterest(referral.id, interested.id) // same referral, their own conversation
    const otherReferrer = await createUser({ roles: ['referrer'] })
    const noRole = await createUser()
    const before = (await db.select().from(messages).all()).length

    for (const stranger of [otherOperator, interested, otherReferrer, noRole]) {
      const res = await call(stranger.agent, conversation.id)
      expect(res.status).toBe(404)
      expect(res.json.error.code).toBe('not_found')
    }
    expect((await call(anonymous(), conversation.id)).status).toBe(401)
    expect((await db.select().from(messages).all()).length).toBe(before)
    for (const party of [referrer, operator]) expect((await call(party.agent, conversation.id)).status).toBeLessThan(300)
  })

  test('admins read (audited) but cannot post or mark read; without two-factor they cannot read', async () => {
    const { operator, conversation, referral } = await exchange()
    await send(operator.agent, conversation.id, 'For the record')
    const admin = await createAdmin()
    const read = await admin.agent.get(`/api/conversations/${conversation.id}/messages`)
    expect(read.status).toBe(200)
    expect(read.json.conversation.my_role).toBe('admin')
    expect(read.json.messages[0].message_text).toBe('For the record')
    const audit = await db.select().from(audit_logs).where(eq(audit_logs.resource_id, conversation.id)).all()
    expect(audit.map((a) => a.action)).toEqual(['conversation.read_for_dispute'])
    expect(JSON.stringify(audit)).not.toContain('For the record')

    const list = await admin.agent.get(`/api/conversations?referral_id=${referral.id}`)
    expect(list.json.items.map((i: any) => i.id)).toEqual([conversation.id])
    expect(await db.select().from(audit_logs).where(eq(audit_logs.resource_id, referral.id)).all()).toHaveLength(1)

    expect((await send(admin.agent, conversation.id, 'Admin here')).status).toBe(403)
    expect((await admin.agent.post(`/api/conversations/${conversation.id}/read`)).status).toBe(403)
    expect((await db.select().from(messages).where(eq(messages.conversation_id, conversation.id)).get())!.is_read).toBe(false)

    const noTwoFactor = await createAdminWithoutTwoFactor()
    expect((await noTwoFactor.agent.get(`/api/conversations/${conversation.id}/messages`)).status).toBe(403)
  })

  test('unknown and malformed ids are 404s', async () => {
    const { referrer } = await exchange()
    expect((await referrer.agent.get(`/api/conversations/${crypto.randomUUID()}/messages`)).status).toBe(404)
    expect((await referrer.agent.get('/api/conversations/not-an-id/messages')).status).toBe(404)
    expect((await send(referrer.agent, "1' OR '1'='1", 'x')).status).toBe(404)
  })
})

describe('sending and reading', () => {
  test('a message is stored trimmed and answered with its sender', async () => {
    const { operator, conversation } = await exchange()
    const res = await send(operator.agent, conversation.id, '  We have a bed available.  \n')
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ message_text: 'We have a bed available.', sender_name: 'Rosa Alvarez', mine: true, is_read: false })
    const row = (await db.select().from(conversations).where(eq(conversations.id, conversation.id)).get())!
    expect(row.last_message_at?.getTime()).toBe(new Date(res.json.created_at).getTime())
  })

  test.each([
    ['', 'Message cannot be empty'],
    ['   \n\t  ', 'Message cannot be empty'],
    [undefined, 'Message cannot be empty'],
    [42, 'Message cannot be empty'],
    ['x'.repeat(5001), 'Message must be 5000 characters or less'],
  ])('refuses a bad message text with its message (%#)', async (text, message) => {
    const { operator, conversation } = await exchange()
    const res = await send(operator.agent, conversation.id, text)
    expect(res.status).toBe(422)
    expect(res.json.error.message).toBe(message)
    expect(res.json.error.fields.message_text).toBe(message)
    expect(await db.select().from(messages).where(eq(messages.conversation_id, conversation.id)).all()).toHaveLength(0)
  })

  test('5000 characters are accepted; malformed JSON is a 400', async () => {
    const { operator, conversation } = await exchange()
    expect((await send(operator.agent, conversation.id, 'y'.repeat(5000))).status).toBe(201)
    const bad = await operator.agent.request('POST', `/api/conversations/${conversation.id}/messages`, {
      body: '{"message_text": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
  })

  test('opening the thread marks the other party’s messages read, not my own', async () => {
    const { referrer, operator, conversation } = await exchange()
    await send(operator.agent, conversation.id, 'one')
    await send(operator.agent, conversation.id, 'two')
    await send(referrer.agent, conversation.id, 'reply')
    expect((await referrer.agent.get('/api/conversations')).json.items[0].unread_count).toBe(2)
    expect((await operator.agent.get('/api/conversations')).json.items[0].unread_count).toBe(1)

    const thread = await referrer.agent.get(`/api/conversations/${conversation.id}/messages`)
    expect(thread.json.messages.map((m: any) => [m.message_text, m.mine, m.sender_name])).toEqual([
      ['one', false, 'Rosa Alvarez'],
      ['two', false, 'Rosa Alvarez'],
      ['reply', true, 'Dana Whitfield'],
    ])
    expect((await referrer.agent.post(`/api/conversations/${conversation.id}/read`)).json.updated).toBe(2)
    expect((await referrer.agent.get('/api/conversations')).json.items[0].unread_count).toBe(0)
    expect((await operator.agent.get('/api/conversations')).json.items[0].unread_count).toBe(1)
    expect((await referrer.agent.post(`/api/conversations/${conversation.id}/read`)).json.updated).toBe(0)
  })

  test('pages back through long threads', async () => {
    const { operator, referrer, conversation } = await exchange()
    for (let i = 1; i <= 5; i++) {
      clock.advance(1000)
      await send(operator.agent, conversation.id, `m${i}`)
    }
    clock.reset()
    const latest = await referrer.agent.get(`/api/conversations/${conversation.id}/messages?limit=2`)
    expect(latest.json.messages.map((m: any) => m.message_text)).toEqual(['m4', 'm5'])
    expect(latest.json.has_more).toBe(true)
    const older = await referrer.agent.get(`/api/conversations/${conversation.id}/messages?limit=10&before=${latest.json.messages[0].id}`)
    expect(older.json.messages.map((m: any) => m.message_text)).toEqual(['m1', 'm2', 'm3'])
    expect(older.json.has_more).toBe(false)
    expect((await referrer.agent.get(`/api/conversations/${conversation.id}/messages?limit=0`)).status).toBe(422)
    expect((await referrer.agent.get(`/api/conversations/${conversation.id}/messages?before=${crypto.randomUUID()}`)).status).toBe(404)
  })

  test('the recipient gets one bell notification per conversation until they read it', async () => {
    const { referrer, operator, conversation } = await exchange()
    await send(operator.agent, conversation.id, 'one')
    await send(operator.agent, conversation.id, 'two')
    const bell = await db.select().from(notifications).where(eq(notifications.user_id, referrer.id)).all()
    expect(bell).toHaveLength(1)
    expect(bell[0]).toMatchObject({ type: 'message', title: 'New message from Rosa Alvarez' })
    expect(bell[0]!.link).toBe(`/my-referrals?referral=${conversation.referral_id}&conversation=${conversation.id}`)
    expect(JSON.stringify(bell)).not.toContain('one')
    await referrer.agent.post('/api/notifications/read', {})
    await send(operator.agent, conversation.id, 'three')
    expect(await db.select().from(notifications).where(eq(notifications.user_id, referrer.id)).all()).toHaveLength(2)
    expect(await db.select().from(notifications).where(eq(notifications.user_id, operator.id)).all()).toHaveLength(0)
  })

  test('sending is rate limited per user', async () => {
    const { operator, conversation } = await exchange()
    let last = 0
    for (let i = 0; i < 61; i++) last = (await send(operator.agent, conversation.id, `spam ${i}`)).status
    expect(last).toBe(429)
  })
})
