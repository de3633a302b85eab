import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { outbox } from '../../db/schema'
import { runDueJobs } from '../../jobs'
import { clock, MINUTE } from '../../lib/clock'
import { anonymous, db, setupTestDb, type TestAgent } from '../../test/setup'
import { MESSAGE_DIGEST_MINUTES } from '../messaging/message-digest'
import { exchange } from '../messaging/test-fixtures'

setupTestDb()

const WINDOW = MESSAGE_DIGEST_MINUTES * MINUTE
const send = (agent: TestAgent, conversationId: string) => agent.post(`/api/conversations/${conversationId}/messages`, { message_text: 'Hello' })
const digestsTo = (email: string) => db.select().from(outbox).where(and(eq(outbox.to_email, email), eq(outbox.type, 'message_digest'))).all()
/** One window of messages, mailed: a still clock a minute into a window, the message, then past the window's end. */
async function messageAndWait(agent: TestAgent, conversationId: string) {
  clock.set(new Date(Math.ceil(clock.ms() / WINDOW) * WINDOW + MINUTE))
  expect((await send(agent, conversationId)).status).toBe(201)
  clock.advance(WINDOW)
  await runDueJobs(db)
}

describe('e-mail preferences', () => {
  test('each kind is on by default; turned off on the account, that kind is not mailed; bad input is refused', async () => {
    const { referrer, operator, conversation } = await exchange()
    expect((await referrer.agent.get('/api/account/email-preferences')).json).toEqual({ messages: true, placement: true, hold_reminder: true })
    const off = await referrer.agent.patch('/api/account/email-preferences', { messages: false })
    expect(off.status).toBe(200)
    expect(off.json).toEqual({ messages: false, placement: true, hold_reminder: true })
    await messageAndWait(operator.agent, conversation.id)
    expect(await digestsTo(referrer.email)).toHaveLength(0)
    // Back on: mailed again.
    await referrer.agent.patch('/api/account/email-preferences', { messages: true })
    await messageAndWait(operator.agent, conversation.id)
    expect(await digestsTo(referrer.email)).toHaveLength(1)

    expect((await referrer.agent.patch('/api/account/email-preferences', { messages: 'no' })).status).toBe(422)
    expect((await referrer.agent.patch('/api/account/email-preferences', { newsletter: false })).status).toBe(422)
    expect((await anonymous().get('/api/account/email-preferences')).status).toBe(401)
    expect((await anonymous().patch('/api/account/email-preferences', { messages: false })).status).toBe(401)
  })

  test('each such e-mail carries a one-click unsubscribe (RFC 8058) that works without a session, from a mail client', async () => {
    const { referrer, operator, conversation } = await exchange()
    await messageAndWait(operator.agent, conversation.id)
    const [mail] = await digestsTo(referrer.email)
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const url = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!
    const path = new URL(url).pathname
    expect(path).toMatch(/^\/api\/email-unsubscribe\/[a-z2-7]{32}$/)
    const token = path.split('/').pop()!
    expect(mail!.text_body).toContain(`/unsubscribe?token=${token}`)

    // A mail client's POST: no cookie, another origin, a form body.
    const click = () =>
      anonymous().request('POST', path, { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' } })
    const first = await click()
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ topic: 'messages' })
    expect((await click()).status).toBe(200) // again: still off, still fine
    expect((await referrer.agent.get('/api/account/email-preferences')).json.messages).toBe(false)
    await messageAndWait(operator.agent, conversation.id)
    expect(await digestsTo(referrer.email)).toHaveLength(1)

    expect((await anonymous().post(`/api/email-unsubscribe/${'a'.repeat(32)}`)).status).toBe(404)
    expect((await anonymous().post('/api/email-unsubscribe/not-a-token')).status).toBe(422)
    // The same-origin check still guards every other route.
    expect((await referrer.agent.request('PATCH', '/api/account/email-preferences', { body: { messages: true }, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } })).status).toBe(403)
  })
})
