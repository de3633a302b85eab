/**
 * Subscription notifications with two real instances on one PostgreSQL database, both running the
 * delivery job (ADR 022, ADR 043): every notification reaches the receiver exactly once, in order per
 * subscription; and rows queued while every instance is stopped are delivered once one starts again.
 * Real processes (server/test/server-process.ts), a real receiver on 127.0.0.1. PostgreSQL only:
 * SQLite is one process.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { closeHandle, ENGINE, openDatabase, useDatabase, type DB } from '../../../db/client'
import { transaction } from '../../../db/unit-of-work'
import { publicUrl } from '../../../env'
import { CLI_ACTOR } from '../../../lib/audit'
import { clock } from '../../../lib/clock'
import { currentKeyId } from '../../../lib/crypto'
import { eventually } from '../../../test/eventually'
import { createEmptyDatabase, dropDatabase } from '../../../test/postgres-databases'
import { startServer, type ServerProcess } from '../../../test/server-process'
import { createUser } from '../../../test/setup'
import { insertReferral } from '../../marketplace/test-fixtures'
import { addClient, tokenUrl } from '../../systems'
import { enqueueTaskNotifications } from './enqueue-notifications'
import { startReceiver, statusParam, subscriptionBody, type Receiver } from './test-fixtures'

const SERVER = process.env.TEST_DATABASE_URL
const runs = ENGINE === 'postgres' && !!SERVER

describe.if(runs)('two instances deliver Subscription notifications', () => {
  let url = ''
  let dataDir = ''
  let database: DB
  let env: Record<string, string>
  let instances: ServerProcess[] = []
  let receiver: Receiver

  beforeAll(async () => {
    url = await createEmptyDatabase(SERVER!)
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-subscriptions-'))
    // The instances seal the channel headers with this run's key ring, on their shared folder.
    currentKeyId()
    fs.copyFileSync(path.join(process.env.DATA_DIR!, 'keys.json'), path.join(dataDir, 'keys.json'))
    env = { DATA_DIR: dataDir, DATABASE_URL: url, SCHEDULER: 'true', SUBSCRIPTION_ALLOWED_HOSTS: '127.0.0.1', PUBLIC_URL: publicUrl() }
    instances = await Promise.all([startServer(env), startServer(env)])
    database = await openDatabase(url, { poolSize: 4 })
    useDatabase(database) // the fixtures write here
    receiver = startReceiver()
  }, 120_000)

  afterAll(async () => {
    await receiver?.stop()
    await Promise.all(instances.map((i) => i.stop()))
    if (database) await closeHandle(database)
    if (url) await dropDatabase(SERVER!, url)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)

  /** A system registered for a new referrer, its token from `instance`, and `count` subscriptions made through it. */
  async function subscriptions(instance: ServerProcess, count: number) {
    const pair = await generateKeyPair('ES384', { extractable: true })
    const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES384' }] }
    const referrer = await createUser({ roles: ['referrer'] })
    const { client_id } = await addClient(database, CLI_ACTOR, { name: 'Mercy Hospital', account: referrer.email, jwks: jwks as never })
    const assertion = await new SignJWT({ jti: crypto.randomUUID() }).setProtectedHeader({ alg: 'ES384', kid: 'k1' }).setIssuer(client_id).setSubject(client_id).setAudience(tokenUrl()).setExpirationTime('4m').sign(pair.privateKey)
    const tokenRes = await fetch(`${instance.url}/fhir/r4/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion }),
    })
    expect(tokenRes.status).toBe(200)
    const token = ((await tokenRes.json()) as { access_token: string }).access_token
    const referral = await insertReferral(referrer.id)
    const made: { id: string; taskId: string }[] = []
    for (let i = 0; i < count; i++) {
      const taskId = crypto.randomUUID()
      const res = await fetch(`${instance.url}/fhir/r4/Subscription`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
        body: JSON.stringify(subscriptionBody(receiver.url(), `Task?_id=${taskId}`, 'id-only', ['X-Receiver-Key: k-42'])),
      })
      const body = (await res.json()) as { id: string; status: string }
      expect([res.status, body.status]).toEqual([201, 'active'])
      made.push({ id: body.id, taskId })
    }
    return { referral, made }
  }

  const change = (referralId: string, taskId: string, versionId: string) =>
    transaction(database, (tx) => enqueueTaskNotifications(tx, { referralId, taskId, versionId, changedAt: clock.now() }))

  /** The event numbers the receiver got for a subscription, in arrival order. */
  const numbersFor = (subscriptionId: string) =>
    receiver.received
      .filter((r) => statusParam(r.body, 'type')?.valueCode === 'event-notification' && statusParam(r.body, 'subscription').valueReference.reference.endsWith(`/Subscription/${subscriptionId}`))
      .map((r) => Number(statusParam(r.body, 'events-since-subscription-start').valueString))

  const sentLines = () => instances.flatMap((i) => i.output().split('\n').filter((l) => l.includes('"msg":"subscription notification sent"')))

  test('both instances running the job: each of 4 × 10 notifications arrives once, in order per subscription', async () => {
    const { referral, made } = await subscriptions(instances[0]!, 4)
    for (let v = 2; v <= 11; v++) for (const s of made) await change(referral.id, s.taskId, String(v))
    await eventually('every notification to arrive', () => made.every((s) => numbersFor(s.id).length >= 10))
    // Both schedulers keep running: one more event each, arriving after at least one more round of both
    // instances over these subscriptions, would come after any second delivery of the first ten.
    for (const s of made) await change(referral.id, s.taskId, '12')
    await eventually('the last events to arrive', () => made.every((s) => numbersFor(s.id).includes(11)))
    const expected = Array.from({ length: 11 }, (_, i) => i + 1)
    for (const s of made) expect(numbersFor(s.id)).toEqual(expected)
    // Each was sent by one instance, once (their logs, after their commits).
    const lines = await eventually('every delivery to be logged', () => (sentLines().length >= 44 ? sentLines() : null))
    for (const s of made) for (const n of expected) expect(lines.filter((l) => l.includes(`"subscription_id":"${s.id}","event_number":${n}}`))).toHaveLength(1)
    expect(receiver.received.every((r) => r.headers.get('x-receiver-key') === 'k-42')).toBe(true)
  }, 120_000)

  test('rows queued while every instance is stopped are delivered once one starts again', async () => {
    const { referral, made } = await subscriptions(instances[1]!, 1)
    const [s] = made
    await Promise.all(instances.map((i) => i.stop()))
    for (let v = 2; v <= 4; v++) await change(referral.id, s!.taskId, String(v))
    expect(numbersFor(s!.id)).toEqual([])
    instances = [await startServer(env)]
    await eventually('the queued notifications to arrive', () => numbersFor(s!.id).length >= 3)
    expect(numbersFor(s!.id)).toEqual([1, 2, 3])
  }, 120_000)
})
