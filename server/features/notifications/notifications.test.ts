import { describe, expect, test } from 'bun:test'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { transaction } from '../../db/unit-of-work'
import { notify } from './notify'
import { openStream } from '../messaging/test-fixtures'
import { clock } from '../../lib/clock'

setupTestDb()

describe('the bell', () => {
  test('lists my notifications newest first with the unread count; marks some or all read', async () => {
    const me = await createUser()
    const other = await createUser()
    const ids: string[] = []
    for (const title of ['one', 'two', 'three']) {
      clock.advance(1000)
      await transaction(db, (tx) => notify(tx, me.id, { type: 'test', title }))
    }
    await transaction(db, (tx) => notify(tx, other.id, { type: 'test', title: 'not mine' }))
    clock.reset()

    const list = await me.agent.get('/api/notifications')
    expect(list.status).toBe(200)
    expect(list.json.items.map((n: any) => n.title)).toEqual(['three', 'two', 'one'])
    expect(list.json.unread_count).toBe(3)
    ids.push(...list.json.items.map((n: any) => n.id))

    const stream = await openStream(me.agent)
    const otherIds = (await other.agent.get('/api/notifications')).json.items.map((n: any) => n.id)
    // Someone else's id is ignored.
    expect((await me.agent.post('/api/notifications/read', { ids: [ids[0], otherIds[0]] })).json.updated).toBe(1)
    await stream.waitFor((f) => f.data?.type === 'notifications.read')
    expect((await other.agent.get('/api/notifications')).json.unread_count).toBe(1)
    expect((await me.agent.get('/api/notifications')).json.unread_count).toBe(2)
    expect((await me.agent.post('/api/notifications/read', {})).json.updated).toBe(2)
    expect((await me.agent.get('/api/notifications')).json.items.every((n: any) => n.read_at)).toBe(true)
    await stream.close()
  })

  test('pushes new notifications live', async () => {
    const me = await createUser()
    const stream = await openStream(me.agent)
    await transaction(db, (tx) => notify(tx, me.id, { type: 'test', title: 'Hello', link: '/help' }))
    const event = await stream.waitFor((f) => f.data?.type === 'notification')
    // The event names the notification; its texts are read through the API (the replay log holds no text).
    const listed = await me.agent.get('/api/notifications')
    expect(event.data!.data).toEqual({ id: listed.json.items[0].id, type: 'test' })
    expect(listed.json.items[0]).toMatchObject({ title: 'Hello', link: '/help' })
    await stream.close()
  })

  test('bad input is a 4xx; signed out is a 401', async () => {
    const me = await createUser()
    expect((await me.agent.post('/api/notifications/read', { ids: ['nope'] })).status).toBe(422)
    expect((await me.agent.post('/api/notifications/read', { ids: 'all' })).status).toBe(422)
    expect((await me.agent.get('/api/notifications?limit=500')).status).toBe(422)
    expect((await anonymous().get('/api/notifications')).status).toBe(401)
    expect((await anonymous().post('/api/notifications/read', {})).status).toBe(401)
  })
})
