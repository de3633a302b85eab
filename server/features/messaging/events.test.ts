import { describe, expect, test } from 'bun:test'
import { transaction } from '../../db/unit-of-work'
import { conversations, invitations } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { clock, HOUR } from '../../lib/clock'
import { hub } from '../../realtime/hub'
import { HEARTBEAT_MS, openStreamCount } from '../../realtime/sse'
import { exchange, expressInterest, insertReferral, openStream } from './test-fixtures'
import { eventually } from '../../test/eventually'
import { openConversation } from './open-conversation'

setupTestDb()

const send = (agent: any, id: string, text: string) => agent.post(`/api/conversations/${id}/messages`, { message_text: text })

describe('GET /api/events', () => {
  test('signed out is a 401', async () => {
    const stream = await openStream(anonymous())
    expect(stream.status).toBe(401)
  })

  test('an event stream that starts with its position', async () => {
    const { referrer } = await exchange()
    const stream = await openStream(referrer.agent)
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toStartWith('text/event-stream')
    expect(stream.headers.get('cache-control')).toContain('no-cache')
    const first = await stream.waitFor((f) => f.id !== null)
    expect(Number(first.id)).toBe(await hub.latestId(db))
    await stream.close()
  })

  test('a message reaches both parties’ tabs, and nobody else’s — not another operator on the same referral', async () => {
    const { referrer, operator, referral, conversation } = await exchange()
    const rival = await createUser({ roles: ['operator'] })
    await expressInterest(referral.id, rival.id)
    const bystander = await createUser({ roles: ['referrer'] })
    // The rival's conversation.opened was committed before the streams open: it is not theirs to receive.
    const streams = {
      referrer: await openStream(referrer.agent),
      referrerSecondTab: await openStream(referrer.agent),
      operator: await openStream(operator.agent),
      rival: await openStream(rival.agent),
      bystander: await openStream(bystander.agent),
    }
    const sent = await send(operator.agent, conversation.id, 'A private note about the placement')
    expect(sent.status).toBe(201)
    for (const s of [streams.referrer, streams.referrerSecondTab, streams.operator]) {
      const event = await s.waitFor((f) => f.data?.type === 'message.created')
      expect(event.data).toEqual({
        type: 'message.created',
        data: {
          conversation_id: conversation.id,
          referral_id: referral.id,
          message_id: sent.json.id,
          sender_id: operator.id,
          recipient_id: referrer.id,
        },
      })
      expect(Number(event.id)).toBeGreaterThan(0)
    }
    // The referrer's bell too.
    const bell = await streams.referrer.waitFor((f) => f.data?.type === 'notification')
    expect(bell.data!.data).toMatchObject({ type: 'message' })
    await streams.rival.caughtUp(rival.id)
    await streams.bystander.caughtUp(bystander.id)
    expect(streams.rival.events()).toEqual([])
    expect(streams.bystander.events()).toEqual([])
    // Events carry ids, never the text.
    expect(JSON.stringify(streams.referrer.frames)).not.toContain('private note')
    for (const s of Object.values(streams)) await s.close()
  })

  test('reading a thread tells both parties, so unread badges update', async () => {
    const { referrer, operator, conversation } = await exchange()
    await send(operator.agent, conversation.id, 'hello')
    const operatorStream = await openStream(operator.agent)
    await referrer.agent.post(`/api/conversations/${conversation.id}/read`)
    const event = await operatorStream.waitFor((f) => f.data?.type === 'conversation.read')
    expect(event.data!.data).toMatchObject({ conversation_id: conversation.id, reader_id: referrer.id })
    await operatorStream.close()
  })

  test('a reconnect with Last-Event-ID replays exactly what was missed, in order', async () => {
    const { referrer, operator, conversation } = await exchange()
    const other = await exchange() // events for someone else in between
    const first = await openStream(referrer.agent)
    await send(operator.agent, conversation.id, 'before the drop')
    const seen = await first.waitFor((f) => f.data?.type === 'message.created')
    await first.close()

    const missed1 = await send(operator.agent, conversation.id, 'while away 1')
    await send(other.operator.agent, other.conversation.id, 'not for the referrer')
    const missed2 = await send(operator.agent, conversation.id, 'while away 2')

    const again = await openStream(referrer.agent, { lastEventId: seen.id! })
    await again.caughtUp(referrer.id)
    const replayed = again.events().filter((f) => f.data!.type === 'message.created')
    expect(replayed.map((f) => f.data!.data.message_id)).toEqual([missed1.json.id, missed2.json.id])
    const ids = again.events().map((f) => Number(f.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(ids.every((id) => id > Number(seen.id))).toBe(true)

    // Live events continue after the replay, without duplicates.
    const live = await send(operator.agent, conversation.id, 'back online')
    await again.waitFor((f) => f.data?.data.message_id === live.json.id)
    expect(again.events().filter((f) => f.data!.data.message_id === live.json.id)).toHaveLength(1)
    await again.close()

    // A new EventSource (no header) may pass the id in the query.
    const viaQuery = await openStream(referrer.agent, { query: `?last_event_id=${seen.id}` })
    await viaQuery.waitFor((f) => f.data?.data.message_id === missed1.json.id)
    await viaQuery.close()
  })

  test('when the missed events are gone or unknown, the stream says resync', async () => {
    const { referrer, operator, conversation } = await exchange()
    const ahead = await openStream(referrer.agent, { lastEventId: String((await hub.latestId(db)) + 1000) })
    const resync = await ahead.waitFor((f) => f.data?.type === 'resync')
    expect(Number(resync.id)).toBe(await hub.latestId(db))
    // After the resync the stream delivers new events normally.
    await send(operator.agent, conversation.id, 'after resync')
    await ahead.waitFor((f) => f.data?.type === 'message.created')
    await ahead.close()

    const stale = await hub.latestId(db)
    await send(operator.agent, conversation.id, 'soon cleaned up')
    await send(operator.agent, conversation.id, 'also cleaned up')
    clock.advance(25 * HOUR)
    await send(operator.agent, conversation.id, 'recent')
    expect(await transaction(db, (tx) => hub.cleanUp(tx))).toBeGreaterThan(0)
    clock.reset()
    const late = await openStream(referrer.agent, { lastEventId: String(stale) })
    await late.waitFor((f) => f.data?.type === 'resync')
    expect(late.events().filter((f) => f.data!.type === 'message.created')).toEqual([])
    await late.close()
  })

  test('closing the tab removes the listener', async () => {
    const { referrer } = await exchange()
    const before = hub.connectionCount()
    const stream = await openStream(referrer.agent)
    await stream.waitFor((f) => f.id !== null)
    expect(hub.connectionCount()).toBe(before + 1)
    expect(openStreamCount()).toBeGreaterThanOrEqual(1)
    await stream.close()
    await eventually('the closed stream to leave the hub', () => hub.connectionCount() === before)
  })

  test('signing out ends the stream at the next session check', async () => {
    const { referrer } = await exchange()
    const stream = await openStream(referrer.agent)
    await stream.waitFor((f) => f.id !== null)
    await referrer.agent.post('/api/auth/sign-out')
    // The session check runs once a minute; drive it directly rather than wait.
    const { _checkSessionsNow } = await import('../../realtime/sse')
    await _checkSessionsNow()
    await eventually('the stream to end', () => stream.closed)
  })

  // The interval itself is HEARTBEAT_MS (a constant of sse.ts); what is tested is that a quiet stream gets the comment.
  test(`a quiet stream gets a heartbeat comment (every ${HEARTBEAT_MS / 1000} s) that keeps the connection open`, async () => {
    const { referrer } = await exchange()
    const stream = await openStream(referrer.agent)
    await stream.waitFor((f) => f.comment === 'heartbeat')
    expect(stream.closed).toBe(false)
    await stream.close()
  })

  test('a newly opened conversation is announced after commit, never after a rollback', async () => {
    const referrer = await createUser({ roles: ['referrer'] })
    const operator = await createUser({ roles: ['operator'] })
    const referral = await insertReferral(referrer.id)
    const referrerStream = await openStream(referrer.agent)
    const operatorStream = await openStream(operator.agent)

    await expect(
      transaction(db, async (tx) => {
        await openConversation(tx, { referral_id: referral.id, operator_id: operator.id, opened_by: 'invitation' })
        throw new Error('payment failed')
      }),
    ).rejects.toThrow('payment failed')
    await referrerStream.caughtUp(referrer.id)
    expect(referrerStream.events()).toEqual([])

    const conversation = await transaction(db, async (tx) => {
      await tx.insert(invitations).values({ referral_id: referral.id, operator_id: operator.id })
      return openConversation(tx, { referral_id: referral.id, operator_id: operator.id, opened_by: 'invitation' })
    })
    for (const s of [referrerStream, operatorStream]) {
      const event = await s.waitFor((f) => f.data?.type === 'conversation.opened')
      expect(event.data).toEqual({ type: 'conversation.opened', data: { conversation_id: conversation.id, referral_id: referral.id } })
    }
    // Opening again is idempotent and silent.
    await openConversation(db, { referral_id: referral.id, operator_id: operator.id, opened_by: 'unlock' })
    await referrerStream.caughtUp(referrer.id)
    expect(referrerStream.events().filter((f) => f.data!.type === 'conversation.opened')).toHaveLength(1)
    expect((await db.select().from(conversations).all()).filter((c) => c.referral_id === referral.id)).toHaveLength(1)
    await referrerStream.close()
    await operatorStream.close()
  })
})
