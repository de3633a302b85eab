import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { and, asc, eq } from 'drizzle-orm'
import { connOf } from '../../../db/client'
import { audit_logs, disclosures, fhir_subscription_notifications as notifications, fhir_subscriptions } from '../../../db/schema'
import { transaction } from '../../../db/unit-of-work'
import { env } from '../../../env'
import { CLI_ACTOR } from '../../../lib/audit'
import { clock, MINUTE } from '../../../lib/clock'
import { db, setupTestDb } from '../../../test/setup'
import { revokeClient } from '../../systems'
import { CLIENT_FIRST, CLIENT_LAST, insertReferral, SENSITIVE } from '../../marketplace/test-fixtures'
import { validateR4 } from '../r4-validator'
import { deliverNotifications, DELIVERY } from './deliver-notifications'
import { enqueueTaskNotifications } from './enqueue-notifications'
import { resolver } from './endpoint-guard'
import { requesterReference } from './subscription-resource'
import { type Receiver, startReceiver, statusParam, subscriptionBody, systemWithToken, type TestSystem } from './test-fixtures'
import { taskTopicUrl } from './topic'

setupTestDb()

const allowed = env.SUBSCRIPTION_ALLOWED_HOSTS
const setAllowed = (hosts: string[]) => {
  ;(env as { SUBSCRIPTION_ALLOWED_HOSTS: string[] }).SUBSCRIPTION_ALLOWED_HOSTS = hosts
}
let receiver: Receiver
beforeAll(() => {
  setAllowed(['127.0.0.1'])
  receiver = startReceiver()
})
// Each test's subscriptions go with it: a later test's delivery run must not send (or retry) an earlier one's.
afterEach(async () => {
  clock.reset()
  await transaction(db, (tx) => tx.delete(fhir_subscriptions))
})
afterAll(async () => {
  setAllowed(allowed)
  await receiver.stop()
})

/** A system, a referral of its account, and an active subscription to that referral's Task. */
async function subscribed(content: 'id-only' | 'full-resource' = 'id-only', filter?: (s: TestSystem, taskId: string) => string) {
  const system = await systemWithToken()
  const referral = await insertReferral(system.referrer.id)
  const taskId = crypto.randomUUID()
  const res = await system.post('/fhir/r4/Subscription', subscriptionBody(receiver.url(), filter ? filter(system, taskId) : `Task?_id=${taskId}`, content, ['Authorization: Bearer receiver-secret-42']))
  expect(res.status).toBe(201)
  return { system, referral, taskId, subscription: res.json }
}

/** One committed change of the Task (what fhir-read's touchTask does when the Task's projection changed). */
const change = (referralId: string, taskId: string, versionId: string) =>
  transaction(db, (tx) => enqueueTaskNotifications(tx, { referralId, taskId, versionId, changedAt: clock.now() }))

const deliveredTo = (subscriptionId: string) =>
  receiver.received.filter((r) => r.body?.entry?.[0]?.resource?.parameter?.some((p: any) => p.name === 'subscription' && p.valueReference.reference.endsWith(`/Subscription/${subscriptionId}`)))
const events = (subscriptionId: string) => deliveredTo(subscriptionId).filter((r) => statusParam(r.body, 'type').valueCode === 'event-notification')

describe('the CapabilityStatement', () => {
  test("advertises the topic with the Backport IG's extension on Subscription, create/read/delete and $status; still valid R4", async () => {
    const { TestAgent } = await import('../../../test/setup')
    const res = await new TestAgent().get('/fhir/r4/metadata')
    const subscription = res.json.rest[0].resource.find((r: { type: string }) => r.type === 'Subscription')
    expect(subscription.extension).toEqual([{ url: 'http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition/capabilitystatement-subscriptiontopic-canonical', valueCanonical: taskTopicUrl() }])
    expect(subscription.interaction.map((i: { code: string }) => i.code)).toEqual(['create', 'read', 'delete'])
    expect(subscription.operation).toEqual([expect.objectContaining({ name: 'status' })])
    expect(await validateR4(res.json)).toEqual([])
  })
})

describe('POST /fhir/r4/Subscription', () => {
  test('a handshake to the endpoint (with its headers) makes it active; read back without the headers, sealed at rest; audited', async () => {
    const { system, subscription } = await subscribed()
    expect(subscription).toMatchObject({ resourceType: 'Subscription', status: 'active', criteria: taskTopicUrl(), channel: { type: 'rest-hook', endpoint: receiver.url() } })
    expect(JSON.stringify(subscription)).not.toContain('receiver-secret-42')
    const [handshake] = deliveredTo(subscription.id)
    expect(handshake!.headers.get('authorization')).toBe('Bearer receiver-secret-42')
    expect(handshake!.headers.get('content-type')).toBe('application/fhir+json')
    expect(handshake!.body).toMatchObject({ resourceType: 'Bundle', type: 'history', entry: [{ resource: { resourceType: 'Parameters' } }] })
    expect(statusParam(handshake!.body, 'type').valueCode).toBe('handshake')
    expect(statusParam(handshake!.body, 'status').valueCode).toBe('requested')
    expect(statusParam(handshake!.body, 'events-since-subscription-start').valueString).toBe('0')
    expect(await validateR4(handshake!.body)).toEqual([])

    const read = await system.get(`/fhir/r4/Subscription/${subscription.id}`)
    expect([read.status, read.json.status, read.json.channel.header]).toEqual([200, 'active', undefined])
    expect(await validateR4(read.json)).toEqual([])
    const raw = await connOf(db).all<{ headers: string }>(`SELECT headers FROM fhir_subscriptions WHERE id = '${subscription.id}'`)
    expect(raw[0]!.headers).not.toContain('receiver-secret-42')
    const audit = await db.select({ action: audit_logs.action, details: audit_logs.details }).from(audit_logs).where(eq(audit_logs.resource_id, subscription.id))
    expect(audit.map((a) => a.action).sort()).toEqual(['fhir_subscription.created', 'fhir_subscription.status'])
    expect(JSON.stringify(audit)).not.toContain('receiver-secret-42')
  })

  test('an endpoint that answers the handshake 500 leaves the subscription in error', async () => {
    const system = await systemWithToken()
    receiver.answers.push(500)
    const res = await system.post('/fhir/r4/Subscription', subscriptionBody(receiver.url(), `Task?_id=${crypto.randomUUID()}`))
    expect([res.status, res.json.status, res.json.error]).toEqual([201, 'error', 'Handshake: The endpoint answered 500'])
  })

  test('invalid Subscriptions are 422 OperationOutcomes naming the element; nothing is written', async () => {
    const system = await systemWithToken()
    const other = await systemWithToken()
    const good = subscriptionBody(receiver.url(), `Task?_id=${crypto.randomUUID()}`)
    const cases: [string, unknown, string][] = [
      ['another topic', { ...good, criteria: 'http://example.org/SubscriptionTopic/admission' }, 'Subscription.criteria'],
      ['no filter', { ...good, _criteria: undefined }, 'Subscription.criteria'],
      ['a filter on Patient', subscriptionBody(receiver.url(), 'Patient?_id=1'), 'Subscription.criteria'],
      ["another system's requester", subscriptionBody(receiver.url(), `Task?requester=${requesterReference(other.referrer.id)}`), 'Subscription.criteria'],
      ['no payload content', { ...good, channel: { ...good.channel, _payload: undefined } }, 'Subscription.channel.payload'],
      ['empty payload content', subscriptionBody(receiver.url(), 'Task?_id=1', 'empty' as never), 'Subscription.channel.payload'],
      ['a websocket channel', { ...good, channel: { ...good.channel, type: 'websocket' } }, 'Subscription.channel.type'],
      ['a header with a line break', subscriptionBody(receiver.url(), 'Task?_id=1', 'id-only', ['X-A: 1\r\nHost: evil']), 'Subscription.channel.header[0]'],
      ['a Host header', subscriptionBody(receiver.url(), 'Task?_id=1', 'id-only', ['Host: evil']), 'Subscription.channel.header[0]'],
      ['not a Subscription', { resourceType: 'Patient' }, 'Subscription.resourceType'],
    ]
    for (const [name, body, element] of cases) {
      const res = await system.post('/fhir/r4/Subscription', body)
      expect([name, res.status, res.json.resourceType]).toEqual([name, 422, 'OperationOutcome'])
      expect([name, res.json.issue.map((i: any) => i.expression?.[0])]).toEqual([name, expect.arrayContaining([element])])
    }
    expect(await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.client_id, system.clientId))).toEqual([])
  })

  test("a requester filter names the system's own Tasks: every Task of its account's referrals, not another account's", async () => {
    const { system, referral, subscription } = await subscribed('id-only', (s) => `Task?requester=${requesterReference(s.referrer.id)}`)
    const second = await insertReferral(system.referrer.id)
    const stranger = await insertReferral((await systemWithToken()).referrer.id)
    expect(await change(referral.id, 'task-a', '2')).toBe(1)
    expect(await change(second.id, 'task-b', '2')).toBe(1)
    expect(await change(stranger.id, 'task-c', '2')).toBe(0)
    await deliverNotifications(db)
    expect(events(subscription.id).map((r) => statusParam(r.body, 'notification-event').part.find((p: any) => p.name === 'focus').valueReference.reference)).toEqual(['Task/task-a/_history/2', 'Task/task-b/_history/2'])
  })

  test('a bearer token is required, with a Subscription scope; another system sees none of it (404)', async () => {
    const { subscription } = await subscribed()
    const other = await systemWithToken()
    for (const path of [`/fhir/r4/Subscription/${subscription.id}`, `/fhir/r4/Subscription/${subscription.id}/$status`]) {
      const res = await other.get(path)
      expect([path, res.status, res.json.resourceType]).toEqual([path, 404, 'OperationOutcome'])
    }
    expect((await other.delete(`/fhir/r4/Subscription/${subscription.id}`)).status).toBe(404)
    const taskOnly = await systemWithToken('system/Task.rs')
    expect((await taskOnly.post('/fhir/r4/Subscription', subscriptionBody(receiver.url(), 'Task?_id=1'))).status).toBe(403)
    const { TestAgent } = await import('../../../test/setup')
    expect((await new TestAgent().post('/fhir/r4/Subscription', subscriptionBody(receiver.url(), 'Task?_id=1'))).status).toBe(401)
  })

  test('bad input: not JSON 400, over 64 KB 413, a malformed or unknown id 400/404, all OperationOutcomes; nothing written', async () => {
    const system = await systemWithToken()
    const { TestAgent } = await import('../../../test/setup')
    const raw = (body: string) => new TestAgent().post('/fhir/r4/Subscription', body, { headers: { authorization: `Bearer ${system.token}`, 'content-type': 'application/fhir+json' } })
    const cases: [string, Promise<{ status: number; json: any }>, number][] = [
      ['not JSON', raw('{not json'), 400],
      ['JSON null', raw('null'), 422],
      ['an array', raw('[]'), 422],
      ['over 64 KB', system.post('/fhir/r4/Subscription', { ...subscriptionBody(receiver.url(), 'Task?_id=1'), reason: 'x'.repeat(70_000) }), 413],
      ['a malformed id', system.get(`/fhir/r4/Subscription/${encodeURIComponent("' OR '1'='1")}`), 400],
      ['a malformed id, $status', system.get(`/fhir/r4/Subscription/${'a'.repeat(200)}/$status`), 400],
      ['an unknown id', system.get(`/fhir/r4/Subscription/${crypto.randomUUID()}`), 404],
      ['an unknown id, DELETE', system.delete(`/fhir/r4/Subscription/${crypto.randomUUID()}`), 404],
    ]
    for (const [name, pending, status] of cases) {
      const res = await pending
      expect([name, res.status, res.json?.resourceType]).toEqual([name, status, 'OperationOutcome'])
    }
    expect(await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.client_id, system.clientId))).toEqual([])
  })

  test('DELETE removes it and its undelivered notifications; audited', async () => {
    const { system, referral, taskId, subscription } = await subscribed()
    await change(referral.id, taskId, '2')
    const res = await system.delete(`/fhir/r4/Subscription/${subscription.id}`)
    expect(res.status).toBe(204)
    expect((await system.get(`/fhir/r4/Subscription/${subscription.id}`)).status).toBe(404)
    expect(await db.select().from(notifications).where(eq(notifications.subscription_id, subscription.id))).toEqual([])
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.resource_id, subscription.id), eq(audit_logs.action, 'fhir_subscription.deleted')))).toHaveLength(1)
  })
})

describe('the endpoint: https to a public address, checked after resolution', () => {
  const refused = async (system: TestSystem, endpoint: string) => {
    const res = await system.post('/fhir/r4/Subscription', subscriptionBody(endpoint, 'Task?_id=1'))
    return res.status === 422 && res.json.issue.some((i: any) => i.expression?.[0] === 'Subscription.channel.endpoint') ? (res.json.issue[0].diagnostics as string) : `not refused: ${res.status}`
  }

  test('loopback, 10/8, 169.254, ::1, fc00::/7, a name resolving to 127.0.0.1, http, credentials: refused unless the host is allowed', async () => {
    const system = await systemWithToken()
    setAllowed([])
    try {
      for (const endpoint of ['https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://[fc00::1]/hook', 'https://[fd12:3456::1]/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://localhost/hook', 'https://192.168.1.1/hook', 'https://172.16.0.1/hook']) {
        expect([endpoint, await refused(system, endpoint)]).toEqual([endpoint, expect.stringMatching(/private, loopback or link-local/)])
      }
      expect(await refused(system, 'http://hospital.example/hook')).toMatch(/https/)
      expect(await refused(system, receiver.url())).toMatch(/https/)
      expect(await refused(system, 'https://user:pw@hospital.example/hook')).toMatch(/user name or password/)
      expect(await refused(system, 'ftp://hospital.example/hook')).toMatch(/https/)
    } finally {
      setAllowed(['127.0.0.1'])
    }
    expect(await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.client_id, system.clientId))).toEqual([])
  })

  test('a name with one public and one private address is refused (every address is checked)', async () => {
    const system = await systemWithToken()
    const lookup = spyOn(resolver, 'lookup').mockResolvedValue([
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ])
    try {
      expect(await refused(system, 'https://rebind.example/hook')).toMatch(/private, loopback or link-local/)
    } finally {
      lookup.mockRestore()
    }
  })

  test('a name that resolved to a public address when subscribing and to 127.0.0.1 at delivery is not posted to', async () => {
    // Allowed as a name (so its http is accepted), the check of its addresses is what is tested.
    const { system, referral, taskId } = await subscribed()
    const [row] = await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.client_id, system.clientId))
    await db.update(fhir_subscriptions).set({ endpoint: `https://rebind.example:${receiver.server.port}/hook` }).where(eq(fhir_subscriptions.id, row!.id))
    const lookup = spyOn(resolver, 'lookup').mockResolvedValue([{ address: '127.0.0.1', family: 4 }])
    const before = receiver.received.length
    try {
      await change(referral.id, taskId, '2')
      await deliverNotifications(db)
    } finally {
      lookup.mockRestore()
    }
    expect(receiver.received.length).toBe(before)
    const [n] = await db.select().from(notifications).where(eq(notifications.subscription_id, row!.id))
    expect([n!.status, n!.attempts, n!.last_error]).toEqual(['pending', 1, 'The endpoint resolves to a private, loopback or link-local address'])
  })

  test('a redirect is not followed: the notification stays undelivered', async () => {
    const { referral, taskId, subscription } = await subscribed()
    const elsewhere = startReceiver()
    try {
      receiver.answers.push(new Response(null, { status: 307, headers: { location: elsewhere.url() } }))
      await change(referral.id, taskId, '2')
      await deliverNotifications(db)
      expect(elsewhere.received).toEqual([])
      const [n] = await db.select().from(notifications).where(eq(notifications.subscription_id, subscription.id))
      expect([n!.status, n!.last_error]).toEqual(['pending', 'The endpoint answered 307 (redirects are not followed)'])
    } finally {
      await elsewhere.stop()
    }
  })
})

describe('delivery', () => {
  test('one notification per change, in order, numbered; id-only carries the focus and no care data', async () => {
    const { system, referral, taskId, subscription } = await subscribed()
    for (const v of ['2', '3', '4']) await change(referral.id, taskId, v)
    expect(await deliverNotifications(db)).toBeGreaterThanOrEqual(3)
    const got = events(subscription.id)
    expect(got).toHaveLength(3)
    for (const [i, r] of got.entries()) {
      expect(r.body.type).toBe('history')
      expect(r.body.entry).toHaveLength(1)
      expect(statusParam(r.body, 'events-since-subscription-start').valueString).toBe(String(i + 1))
      const event = statusParam(r.body, 'notification-event').part
      expect(event.find((p: any) => p.name === 'event-number').valueString).toBe(String(i + 1))
      expect(event.find((p: any) => p.name === 'focus').valueReference.reference).toBe(`Task/${taskId}/_history/${i + 2}`)
      expect(r.headers.get('authorization')).toBe('Bearer receiver-secret-42')
      const text = JSON.stringify(r.body)
      for (const secret of [CLIENT_FIRST, CLIENT_LAST, String(SENSITIVE.client_dob)]) expect(text).not.toContain(secret)
      expect(await validateR4(r.body)).toEqual([])
    }
    expect(await db.select().from(disclosures).where(eq(disclosures.referral_id, referral.id))).toEqual([])
    // Delivered rows are not sent again.
    expect(await deliverNotifications(db)).toBe(0)
    expect(events(subscription.id)).toHaveLength(3)
    const status = await system.get(`/fhir/r4/Subscription/${subscription.id}/$status`)
    expect(status.status).toBe(200)
    expect(status.json).toMatchObject({ resourceType: 'Bundle', type: 'searchset' })
    expect(statusParam(status.json, 'type').valueCode).toBe('query-status')
    expect(statusParam(status.json, 'events-since-subscription-start').valueString).toBe('3')
    expect(statusParam(status.json, 'status').valueCode).toBe('active')
    expect(await validateR4(status.json)).toEqual([])
  })

  test('full-resource carries the Task read through the account (valid R4), and records a disclosure to the system', async () => {
    const { referral, taskId, subscription, system } = await subscribed('full-resource')
    await change(referral.id, taskId, '2')
    await deliverNotifications(db)
    const [got] = events(subscription.id)
    expect(got!.body.entry).toHaveLength(2)
    expect(got!.body.entry[1].resource).toMatchObject({ resourceType: 'Task', status: 'requested' })
    expect(await validateR4(got!.body)).toEqual([])
    const seen = await db.select().from(disclosures).where(eq(disclosures.referral_id, referral.id))
    expect(seen.map((d) => [d.viewer_label, d.viewer_role])).toEqual([[expect.stringContaining('(registered system)'), 'system']])
    expect(seen[0]!.viewer_label).toStartWith('Mercy Hospital')
    expect(system.clientId).toBeTruthy()
  })

  test('20 changes at once are numbered 1 to 20, no number twice', async () => {
    const { referral, taskId, subscription } = await subscribed()
    await Promise.all(Array.from({ length: 20 }, (_, i) => change(referral.id, taskId, String(i + 2))))
    const rows = await db.select({ n: notifications.event_number }).from(notifications).where(eq(notifications.subscription_id, subscription.id))
    expect(rows.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    const [sub] = await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.id, subscription.id))
    expect(sub!.events_since_start).toBe(20)
  })

  test('two delivery runs at once send each notification exactly once, in order', async () => {
    const { referral, taskId, subscription } = await subscribed()
    for (let i = 0; i < 5; i++) await change(referral.id, taskId, String(i + 2))
    await Promise.all([deliverNotifications(db), deliverNotifications(db), deliverNotifications(db)])
    const numbers = events(subscription.id).map((r) => statusParam(r.body, 'events-since-subscription-start').valueString)
    expect(numbers).toEqual(['1', '2', '3', '4', '5'])
  })

  test('the receiver answers 500, then 200: retried after its backoff; errors counted, error after 3, active again on success; audited', async () => {
    const { referral, taskId, subscription, system } = await subscribed()
    await change(referral.id, taskId, '2')
    await change(referral.id, taskId, '3')
    receiver.answers.push(500)
    await deliverNotifications(db)
    let [n1] = await db.select().from(notifications).where(and(eq(notifications.subscription_id, subscription.id), eq(notifications.event_number, 1)))
    expect([n1!.status, n1!.attempts, n1!.next_attempt_at.getTime() - clock.ms() > 50_000]).toEqual(['pending', 1, true])
    // Nothing is due before its backoff ends, and the second event does not overtake the first.
    expect(await deliverNotifications(db)).toBe(0)
    expect(events(subscription.id)).toHaveLength(1)
    const [sub1] = await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.id, subscription.id))
    expect([sub1!.status, sub1!.error_count]).toEqual(['active', 1])

    // Two more failures: the subscription is in error, and $status says why.
    for (const minutes of [1, 2]) {
      clock.advance(minutes * MINUTE + 1000)
      receiver.answers.push(500)
      await deliverNotifications(db)
    }
    const [sub3] = await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.id, subscription.id))
    expect([sub3!.status, sub3!.error_count]).toEqual(['error', 3])
    const status = await system.get(`/fhir/r4/Subscription/${subscription.id}/$status`)
    expect(statusParam(status.json, 'status').valueCode).toBe('error')
    expect(statusParam(status.json, 'error').valueCodeableConcept.text).toBe('The endpoint answered 500')

    clock.advance(4 * MINUTE + 1000)
    expect(await deliverNotifications(db)).toBe(2)
    const ok = events(subscription.id)
    expect(ok.slice(-2).map((r) => statusParam(r.body, 'events-since-subscription-start').valueString)).toEqual(['1', '2'])
    ;[n1] = await db.select().from(notifications).where(and(eq(notifications.subscription_id, subscription.id), eq(notifications.event_number, 1)))
    expect([n1!.status, n1!.attempts]).toEqual(['sent', 4])
    const [after] = await db.select().from(fhir_subscriptions).where(eq(fhir_subscriptions.id, subscription.id))
    expect([after!.status, after!.error_count, after!.last_error]).toEqual(['active', 0, null])
    const changes = await db.select({ details: audit_logs.details }).from(audit_logs).where(and(eq(audit_logs.resource_id, subscription.id), eq(audit_logs.action, 'fhir_subscription.status'))).orderBy(asc(audit_logs.created_at))
    expect(changes.map((c) => [(c.details as any).from, (c.details as any).to])).toEqual([['requested', 'active'], ['active', 'error'], ['error', 'active']])
    clock.reset()
  })

  test(`after ${DELIVERY.maxAttempts} failed attempts a notification is failed and the next one goes`, async () => {
    const { referral, taskId, subscription } = await subscribed()
    await change(referral.id, taskId, '2')
    await change(referral.id, taskId, '3')
    try {
      for (let i = 0; i < DELIVERY.maxAttempts; i++) {
        receiver.answers.push(503)
        await deliverNotifications(db)
        clock.advance(20 * MINUTE)
      }
      const [n1] = await db.select().from(notifications).where(and(eq(notifications.subscription_id, subscription.id), eq(notifications.event_number, 1)))
      expect([n1!.status, n1!.attempts]).toEqual(['failed', DELIVERY.maxAttempts])
      await deliverNotifications(db)
      expect(events(subscription.id).map((r) => statusParam(r.body, 'events-since-subscription-start').valueString).at(-1)).toBe('2')
    } finally {
      clock.reset()
    }
  })

  test('a revoked system gets no new notifications and none are sent to it', async () => {
    const { system, referral, taskId, subscription } = await subscribed()
    await change(referral.id, taskId, '2')
    await revokeClient(db, CLI_ACTOR, system.clientId)
    expect(await change(referral.id, taskId, '3')).toBe(0)
    await deliverNotifications(db)
    expect(events(subscription.id)).toEqual([])
  })

  test('queued rows survive a stop: nothing in memory, the next run (any instance, after a restart) delivers them', async () => {
    const { referral, taskId, subscription } = await subscribed()
    await change(referral.id, taskId, '2')
    // A run that claimed the subscription and died before sending (its lease is left behind).
    await db.update(fhir_subscriptions).set({ delivering_until: new Date(clock.ms() + DELIVERY.leaseMs) }).where(eq(fhir_subscriptions.id, subscription.id))
    expect(await deliverNotifications(db)).toBe(0)
    clock.advance(DELIVERY.leaseMs + 1000)
    try {
      expect(await deliverNotifications(db)).toBe(1)
    } finally {
      clock.reset()
    }
    expect(events(subscription.id)).toHaveLength(1)
  })
})
