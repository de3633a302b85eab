/**
 * docs/fhir-api.md's "Create a referral" and "Subscribe" examples, sent as written (the `<…>` placeholders
 * filled): the Bundle creates a referral and names its Task, the Subscription follows that Task with a
 * rest-hook receiver on 127.0.0.1, and the cancellation reaches the receiver as an event-notification.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { env, publicUrl } from '../../../env'
import { anonymous, db, setupTestDb } from '../../../test/setup'
import { validateR4 } from '../r4-validator'
import { deliverNotifications } from '../subscriptions/deliver-notifications'
import { startReceiver, statusParam, systemWithToken, type Receiver } from '../subscriptions/test-fixtures'

setupTestDb()

const guide = fs.readFileSync(path.resolve(import.meta.dir, '../../../../docs/fhir-api.md'), 'utf8')
/** The first block of `lang` after the heading `heading`. */
const blockAfter = (heading: string, lang: string) => {
  const section = guide.slice(guide.indexOf(heading))
  return new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\``).exec(section)![1]!
}

let receiver: Receiver
const allowed = env.SUBSCRIPTION_ALLOWED_HOSTS
beforeAll(() => {
  receiver = startReceiver()
  ;(env as { SUBSCRIPTION_ALLOWED_HOSTS: string[] }).SUBSCRIPTION_ALLOWED_HOSTS = ['127.0.0.1']
})
afterAll(() => {
  void receiver.stop()
  ;(env as { SUBSCRIPTION_ALLOWED_HOSTS: string[] }).SUBSCRIPTION_ALLOWED_HOSTS = allowed
})

test("the guide's Create and Subscribe examples work as written, and the cancellation is notified", async () => {
  const system = await systemWithToken()
  const created = await system.post('/fhir/r4', JSON.parse(blockAfter('## Create a referral', 'json')))
  expect(created.status).toBe(200)
  expect(await validateR4(created.json)).toEqual([])
  const statuses = created.json.entry.map((e: { response: { status: string } }) => e.response.status)
  expect(statuses).toEqual(statuses.map(() => '201 Created'))
  const task = (created.json.entry as { response: { location: string } }[]).map((e) => e.response.location).find((l) => l.startsWith('Task/'))!.split('/')[1]!
  expect((await system.get(`/fhir/r4/Task/${task}`)).json).toMatchObject({ resourceType: 'Task', status: 'requested' })

  const request = blockAfter('## Subscribe', 'http')
  const body = request
    .slice(request.indexOf('\n\n') + 2)
    .replace('<base>', publicUrl())
    .replace('<task id>', task)
    .replace('https://integration.hospital.example/homeward/notifications', receiver.url())
  const subscribed = await system.post('/fhir/r4/Subscription', JSON.parse(body))
  expect([subscribed.status, subscribed.json.status]).toEqual([201, 'active'])
  expect(receiver.received.at(-1)!.headers.get('authorization')).toBe('Bearer <a secret of your receiver>')

  const cancel = await anonymous().patch(`/fhir/r4/Task/${task}`, [{ op: 'replace', path: '/status', value: 'cancelled' }], {
    headers: { authorization: `Bearer ${system.token}`, 'content-type': 'application/json-patch+json' },
  })
  expect(cancel.status).toBe(200)
  await deliverNotifications(db)
  const event = receiver.received.at(-1)!.body
  expect(statusParam(event, 'type').valueCode).toBe('event-notification')
  expect(statusParam(event, 'notification-event').part.find((p: { name: string }) => p.name === 'focus').valueReference.reference).toStartWith(`Task/${task}/_history/`)
})
