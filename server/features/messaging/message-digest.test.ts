import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { jobs, outbox } from '../../db/schema'
import { runDueJobs } from '../../jobs'
import { clock, MINUTE } from '../../lib/clock'
import { setupTestDb, db, type TestAgent } from '../../test/setup'
import { MESSAGE_DIGEST_JOB, MESSAGE_DIGEST_MINUTES } from './message-digest'
import { exchange } from './test-fixtures'

setupTestDb()

const send = (agent: TestAgent, conversationId: string, message_text: string) =>
  agent.post(`/api/conversations/${conversationId}/messages`, { message_text })
const digestsTo = (email: string) =>
  db.select().from(outbox).where(and(eq(outbox.to_email, email), eq(outbox.type, 'message_digest'))).all()
/** A minute into a window, on a still clock: each test's messages fall in one window. */
const startOfWindow = () => {
  const w = MESSAGE_DIGEST_MINUTES * MINUTE
  clock.set(new Date(Math.ceil(Date.now() / w) * w + MINUTE))
}
/** Past the end of the window that is open now. */
const afterWindow = async () => {
  clock.advance(MESSAGE_DIGEST_MINUTES * MINUTE + MINUTE)
  await runDueJobs(db)
}

describe('new-message e-mail digest', () => {
  test('several messages make one e-mail that counts them and links to the conversation, without their text', async () => {
    startOfWindow()
    const { referrer, operator, conversation, referral } = await exchange()
    for (const text of ['Secret one: insulin at 8', 'Secret two', 'Secret three']) {
      expect((await send(operator.agent, conversation.id, text)).status).toBe(201)
    }
    expect(await digestsTo(referrer.email)).toHaveLength(0) // batched: nothing before the window ends
    await afterWindow()
    const mails = await digestsTo(referrer.email)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail!.subject).toBe('3 new messages from Rosa Alvarez on Homeward')
    expect(mail!.text_body).toContain(`/my-referrals?referral=${referral.id}&conversation=${conversation.id}`)
    expect(`${mail!.text_body}${mail!.html_body}`).not.toContain('Secret')
    expect(`${mail!.text_body}${mail!.html_body}`).not.toContain('insulin')
    // The sender is not mailed about her own messages.
    expect(await digestsTo(operator.email)).toHaveLength(0)
    // The next window starts afresh: one more message, one more e-mail (to the operator too when the referrer answers).
    await send(operator.agent, conversation.id, 'Another')
    await send(referrer.agent, conversation.id, 'Thanks')
    await afterWindow()
    expect((await digestsTo(referrer.email)).map((m) => m.subject)).toEqual(['3 new messages from Rosa Alvarez on Homeward', '1 new message from Rosa Alvarez on Homeward'])
    expect((await digestsTo(operator.email)).map((m) => m.subject)).toEqual(['1 new message from Dana Whitfield on Homeward'])
    expect((await digestsTo(operator.email))[0]!.text_body).toContain(`/operator-dashboard?tab=messages&conversation=${conversation.id}`)
  })

  test('messages read in the app before the window ends are not mailed', async () => {
    startOfWindow()
    const { referrer, operator, conversation } = await exchange()
    await send(operator.agent, conversation.id, 'Hello')
    expect((await referrer.agent.post(`/api/conversations/${conversation.id}/read`, {})).status).toBe(200)
    await afterWindow()
    expect(await digestsTo(referrer.email)).toHaveLength(0)
  })

  test('20 messages sent at once schedule one digest job and make one e-mail', async () => {
    startOfWindow()
    const { referrer, operator, conversation } = await exchange()
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(operator.agent, conversation.id, `Message ${i}`)))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201))
    const scheduled = await db.select().from(jobs).where(eq(jobs.kind, MESSAGE_DIGEST_JOB)).all()
    expect(scheduled.filter((j) => j.key.includes(conversation.id))).toHaveLength(1)
    await afterWindow()
    expect((await digestsTo(referrer.email)).map((m) => m.subject)).toEqual(['20 new messages from Rosa Alvarez on Homeward'])
  })
})
