import { afterEach, describe, expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import { dispatchLiveEvent, liveEventTypes, onLiveEvents } from './live-events'
import { queryKeys } from './query-keys'

const seeded = (...keys: (readonly unknown[])[]) => {
  const client = new QueryClient()
  for (const key of keys) client.setQueryData(key, { seeded: true })
  return client
}
const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey)

describe('live-event registry', () => {
  const off: (() => void)[] = []
  afterEach(() => {
    for (const remove of off.splice(0)) remove()
  })

  test('a handler runs for its types only, with the ids of the event as strings', () => {
    const seen: string[] = []
    off.push(onLiveEvents(['a.done', 'b.done'], (event, { id }) => seen.push(`${event.type}:${id('thing_id')}:${id('missing')}`)))
    const client = new QueryClient()
    dispatchLiveEvent({ type: 'a.done', data: { thing_id: 7 } }, client)
    dispatchLiveEvent({ type: 'c.done', data: { thing_id: 8 } }, client)
    dispatchLiveEvent({ type: 'b.done', data: {} }, client)
    expect(seen).toEqual(['a.done:7:', 'b.done::'])
  })

  test('removing a registration stops it; a handler that throws does not stop the others', () => {
    const seen: string[] = []
    const remove = onLiveEvents(['x'], () => seen.push('removed'))
    off.push(onLiveEvents(['x'], () => {
      throw new Error('boom')
    }))
    off.push(onLiveEvents(['x'], () => seen.push('kept')))
    remove()
    const error = console.error
    console.error = () => {}
    try {
      dispatchLiveEvent({ type: 'x', data: {} }, new QueryClient())
    } finally {
      console.error = error
    }
    expect(seen).toEqual(['kept'])
  })
})

describe('each feature registers its own events with its queries', () => {
  test('messaging: a new message refreshes the conversations, the referrals and that thread only', async () => {
    await import('../features/messaging/api/messaging')
    const client = seeded(queryKeys.messaging.conversations, queryKeys.messaging.referrals, [...queryKeys.messaging.messages('c1'), 50], queryKeys.messaging.messages('c2'), queryKeys.notifications.all)
    dispatchLiveEvent({ type: 'message.created', data: { conversation_id: 'c1', referral_id: 'r1' } }, client)
    expect(stale(client)).toEqual([queryKeys.messaging.conversations, queryKeys.messaging.referrals, [...queryKeys.messaging.messages('c1'), 50]])
  })

  test('documents: a signed document refreshes that referral\'s lists; an opened conversation the shareable referrals', async () => {
    await import('../features/documents/api/documents')
    const client = seeded([...queryKeys.documents.list('r1'), null], queryKeys.documents.list('r2'), queryKeys.documents.referrals)
    dispatchLiveEvent({ type: 'document.signed', data: { referral_id: 'r1', document_id: 'd1' } }, client)
    expect(stale(client)).toEqual([[...queryKeys.documents.list('r1'), null], queryKeys.documents.referrals])

    await import('../features/messaging/api/messaging')
    const opened = seeded(queryKeys.documents.referrals, queryKeys.messaging.conversations, queryKeys.documents.list('r1'))
    dispatchLiveEvent({ type: 'conversation.opened', data: { conversation_id: 'c1', referral_id: 'r1' } }, opened)
    expect(stale(opened)).toEqual([queryKeys.documents.referrals, queryKeys.messaging.conversations])
  })

  test('notifications: a notification ({id, type}) and a read refresh the bell', async () => {
    await import('../features/notifications/api/notifications')
    for (const event of [{ type: 'notification', data: { id: 'n1', type: 'new_message' } }, { type: 'notifications.read', data: { count: 2 } }]) {
      const client = seeded(queryKeys.notifications.all, queryKeys.messaging.conversations)
      dispatchLiveEvent(event, client)
      expect(stale(client)).toEqual([queryKeys.notifications.all])
    }
  })

  test('every event type the server publishes has a handler', async () => {
    await Promise.all([
      import('../features/messaging/api/messaging'),
      import('../features/documents/api/documents'),
      import('../features/notifications/api/notifications'),
    ])
    // The type of every hub.publish(tx, audience, '<type>', data) in the server's features.
    const published = new Set<string>()
    for (const file of new Bun.Glob('server/features/**/*.ts').scanSync({ cwd: `${import.meta.dir}/../../..`, absolute: true })) {
      if (file.endsWith('.test.ts')) continue
      for (const [, type] of (await Bun.file(file).text()).matchAll(/hub\.publish\([^;]*?,\s*'([a-z._]+)'/g)) published.add(type!)
    }
    expect(published.size).toBeGreaterThanOrEqual(7)
    expect([...published].filter((type) => !liveEventTypes().includes(type))).toEqual([])
  })
})
