import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, disclosures, properties, referral_payments, referrals } from '../../../db/schema'
import { transaction } from '../../../db/unit-of-work'
import { publicUrl } from '../../../env'
import { clock } from '../../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../../test/setup'
import { touchTask } from '../../referrals'
import { premiumOperator, unlockAndPay } from '../../marketplace/test-fixtures'
import { validateR4 } from '../r4-validator'
import { stableId } from '../stable-id'
import { taskId } from '../task-resource'
import { submitReferral, systemClient } from './rest-fixtures'
import { onTaskChanged, type TaskChange } from './task-version'

setupTestDb()

type Client = Awaited<ReturnType<typeof systemClient>>
const changes: TaskChange[] = []
onTaskChanged(async (_tx, change) => {
  changes.push(change)
})

async function readTask(sys: Client, referralId: string) {
  const res = await sys.get(`/fhir/r4/Task/${taskId(referralId)}`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toStartWith('application/fhir+json')
  expect(await validateR4(res.json)).toEqual([])
  expect(res.headers.get('etag')).toBe(`W/"${res.json.meta.versionId}"`)
  expect(new Date(res.headers.get('last-modified')!).getTime()).toBe(Math.floor(Date.parse(res.json.meta.lastUpdated) / 1000) * 1000)
  return res.json
}
const home = (operatorId: string) =>
  db
    .insert(properties)
    .values({ operator_id: operatorId, name: 'Cedar House', address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '73301', total_beds: 4, available_beds: 1 })
    .returning()
    .get()

describe('the Task through a placement', () => {
  test('requested → accepted (unlock) → in-progress (the home reports it) → completed (both confirm), a new version each; none for a no-op', async () => {
    const sys = await systemClient()
    const id = await submitReferral(sys.account.agent)
    const first = await readTask(sys, id)
    expect(first).toMatchObject({
      status: 'requested',
      businessStatus: { coding: [{ code: 'submitted' }] },
      intent: 'order',
      focus: { reference: `ServiceRequest/${stableId(id, 'ServiceRequest')}` },
      for: { reference: `Patient/${stableId(id, 'Patient')}` },
      requester: { reference: '#requester' },
    })
    expect(first.owner).toBeUndefined()
    const v = (t: { meta: { versionId: string } }) => Number(t.meta.versionId)
    // Reading again, or a use case that changes nothing the Task says: the same version.
    expect(v(await readTask(sys, id))).toBe(v(first))
    await transaction(db, (tx) => touchTask(tx, id))
    expect(v(await readTask(sys, id))).toBe(v(first))

    const holder = await premiumOperator({ licensing_type: 'licensed' })
    expect((await holder.agent.post(`/api/referrals/${id}/interest`)).status).toBe(200)
    const interest = await readTask(sys, id)
    expect([interest.status, interest.businessStatus.coding[0].code, v(interest)]).toEqual(['requested', 'interest', v(first) + 1])
    // Interest again: idempotent, no new version.
    expect((await holder.agent.post(`/api/referrals/${id}/interest`)).status).toBe(200)
    expect(v(await readTask(sys, id))).toBe(v(interest))

    await unlockAndPay(holder.agent, id)
    const accepted = await readTask(sys, id)
    expect(accepted).toMatchObject({ status: 'accepted', businessStatus: { coding: [{ code: 'unlocked' }] }, owner: { reference: `${publicUrl()}/fhir/r4/Organization/${holder.id}` } })
    expect(v(accepted)).toBe(v(interest) + 1)
    expect(Date.parse(accepted.meta.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(interest.meta.lastUpdated))

    const cedar = await home(holder.id)
    expect((await holder.agent.post(`/api/referrals/${id}/placement`, { placed: true })).status).toBe(200)
    const reported = await readTask(sys, id)
    expect([reported.status, reported.businessStatus.coding[0].code, v(reported)]).toEqual(['in-progress', 'placement_reported', v(accepted) + 1])

    expect((await sys.account.agent.post(`/api/referrals/${id}/placement`, { placed: true })).json.outcome).toBe('released')
    const completed = await readTask(sys, id)
    expect(completed).toMatchObject({ status: 'completed', businessStatus: { coding: [{ code: 'placed' }] }, owner: { reference: `${publicUrl()}/fhir/r4/Organization/${holder.id}` } })
    expect(completed.output.map((o: { valueReference: { reference: string } }) => o.valueReference.reference)).toEqual([
      `${publicUrl()}/fhir/r4/Location/${cedar.id}`,
      `${publicUrl()}/fhir/r4/HealthcareService/${cedar.id}`,
    ])
    expect(v(completed)).toBe(v(reported) + 1)
    // The directory serves what the output names.
    expect((await sys.get(`/fhir/r4/Location/${cedar.id}`)).status).toBe(200)
    // Each new version was announced once, in order (the seam subscriptions hook into).
    expect(changes.filter((c) => c.referralId === id).map((c) => c.versionId)).toEqual([1, 2, 3, 4, 5])
  })

  test('a change made without the hook is still counted at the next read (never an old version for new content)', async () => {
    const sys = await systemClient()
    const id = await submitReferral(sys.account.agent)
    const before = await readTask(sys, id)
    await db.update(referrals).set({ status: 'rejected' }).where(eq(referrals.id, id)).run()
    const after = await readTask(sys, id)
    expect(after).toMatchObject({ status: 'rejected', statusReason: { text: 'Declined' } })
    expect(Number(after.meta.versionId)).toBe(Number(before.meta.versionId) + 1)
  })
})

describe('versions under concurrency', () => {
  test('20 changes at once to one referral: consecutive versions, none twice', async () => {
    const sys = await systemClient()
    const id = await submitReferral(sys.account.agent)
    const start = Number((await readTask(sys, id)).meta.versionId)
    const mine = () => changes.filter((c) => c.referralId === id)
    const already = mine().length
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transaction(db, async (tx) => {
          await tx.update(referrals).set({ status: i % 2 ? 'rejected' : 'pending' }).where(eq(referrals.id, id))
          await touchTask(tx, id)
        }),
      ),
    )
    const versions = mine().slice(already).map((c) => c.versionId)
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => start + 1 + i))
    expect(Number((await readTask(sys, id)).meta.versionId)).toBe(start + versions.length)
  })

  test('20 touches at once after one change: exactly one new version', async () => {
    const sys = await systemClient()
    const id = await submitReferral(sys.account.agent)
    const start = Number((await readTask(sys, id)).meta.versionId)
    const already = changes.filter((c) => c.referralId === id).length
    await db.update(referrals).set({ status: 'rejected' }).where(eq(referrals.id, id)).run()
    await Promise.all(Array.from({ length: 20 }, () => transaction(db, (tx) => touchTask(tx, id))))
    expect(changes.filter((c) => c.referralId === id).slice(already).map((c) => c.versionId)).toEqual([start + 1])
    expect(Number((await readTask(sys, id)).meta.versionId)).toBe(start + 1)
  })
})

describe('reads', () => {
  test("the account's own resources, valid R4, each read disclosed to the system, which the referrer sees; anyone else's: 404 OperationOutcome", async () => {
    const sys = await systemClient({ name: 'Mercy Hospital' })
    const id = await submitReferral(sys.account.agent)
    for (const type of ['ServiceRequest', 'Patient'] as const) {
      const res = await sys.get(`/fhir/r4/${type}/${stableId(id, type)}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toBe(`W/"${res.json.meta.versionId}"`)
      expect(res.json).toMatchObject({ resourceType: type, id: stableId(id, type), meta: { versionId: expect.any(String), lastUpdated: expect.any(String) } })
      expect(await validateR4(res.json)).toEqual([])
    }
    const rows = await db.select().from(disclosures).where(eq(disclosures.referral_id, id)).all()
    // One per request, naming the system; never the referrer's own account.
    expect(rows.map((r) => [r.viewer_role, r.viewer_label, r.viewer_id])).toEqual([
      ['system', 'Mercy Hospital', null],
      ['system', 'Mercy Hospital', null],
    ])
    const log = (await sys.account.agent.get(`/api/referrals/${id}`)).json.access_log
    expect(log).toEqual([expect.objectContaining({ viewer: 'Mercy Hospital', viewer_role: 'system', count: 2 })])

    // Another account's referral, an unknown id, an id of another type: the same 404.
    const other = await createUser({ roles: ['referrer'] })
    const theirs = await submitReferral(other.agent)
    for (const path of [`/fhir/r4/Task/${taskId(theirs)}`, `/fhir/r4/Patient/${stableId(theirs, 'Patient')}`, `/fhir/r4/Task/${crypto.randomUUID()}`, `/fhir/r4/Patient/${taskId(id)}`]) {
      const res = await sys.get(path)
      expect([path, res.status]).toEqual([path, 404])
      expect(res.json).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] })
    }
    expect(await db.select().from(disclosures).where(eq(disclosures.referral_id, theirs)).all()).toEqual([])
    // Even when the account, as an operator, may read that referral in the browser.
    await db.insert(referral_payments).values({ referral_id: theirs, operator_id: sys.account.id, amount_cents: 20000, provider: 'offline', status: 'held_in_escrow' }).run()
    expect((await sys.get(`/fhir/r4/Task/${taskId(theirs)}`)).status).toBe(404)
    // A bad id: 422; no token: 401; a token without the read scope: 403.
    expect((await sys.get('/fhir/r4/Task/not*an*id')).status).toBe(422)
    expect((await sys.call('GET', `/fhir/r4/Task/${taskId(id)}`, { headers: { authorization: '' } })).status).toBe(401)
    const searchOnly = await systemClient({ account: sys.account, scopes: 'system/Task.s' })
    expect((await searchOnly.get(`/fhir/r4/Task/${taskId(id)}`)).status).toBe(403)
  })
})

describe('searches', () => {
  test('Task: total, exact next/previous links, _lastUpdated, status, _id and _include=Task:focus; only the account’s', async () => {
    const sys = await systemClient()
    // Apart in time: the search's order is the Tasks' last change (then the referral's id, for equal instants).
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      ids.push(await submitReferral(sys.account.agent))
      clock.advance(10)
    }
    await submitReferral((await createUser({ roles: ['referrer'] })).agent)
    const page1 = await sys.get('/fhir/r4/Task?_count=2')
    expect(page1.status).toBe(200)
    expect(page1.json).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 3 })
    expect(await validateR4(page1.json)).toEqual([])
    expect(page1.json.entry.map((e: any) => e.resource.id)).toEqual(ids.slice(0, 2).map(taskId))
    expect(page1.json.entry[0].fullUrl).toBe(`${publicUrl()}/fhir/r4/Task/${taskId(ids[0]!)}`)
    const next = page1.json.link.find((l: any) => l.relation === 'next').url
    expect(next).toBe(`${publicUrl()}/fhir/r4/Task?_count=2&_offset=2`)
    const page2 = await sys.get(next.slice(publicUrl().length))
    expect(page2.json.entry.map((e: any) => e.resource.id)).toEqual([taskId(ids[2]!)])
    expect(page2.json.link.map((l: any) => l.relation)).toEqual(['self', 'previous'])

    // Changes since an instant: the Task cancelled after it.
    const since = page2.json.entry[0].resource.meta.lastUpdated
    clock.advance(1000)
    expect((await sys.account.agent.post(`/api/referrals/${ids[0]}/cancel`)).status).toBe(200)
    const changed = await sys.get(`/fhir/r4/Task?_lastUpdated=gt${since}`)
    expect(changed.json.entry.map((e: any) => [e.resource.id, e.resource.status])).toEqual([[taskId(ids[0]!), 'cancelled']])
    expect((await sys.get('/fhir/r4/Task?status=cancelled')).json.total).toBe(1)
    expect((await sys.get('/fhir/r4/Task?status=requested,cancelled')).json.total).toBe(3)

    const included = await sys.get(`/fhir/r4/Task?_id=${taskId(ids[1]!)}&_include=Task:focus`)
    expect(included.json.total).toBe(1)
    expect(included.json.entry.map((e: any) => [e.resource.resourceType, e.search.mode])).toEqual([
      ['Task', 'match'],
      ['ServiceRequest', 'include'],
    ])
    expect(included.json.entry[1].resource.id).toBe(stableId(ids[1]!, 'ServiceRequest'))
    expect(await validateR4(included.json)).toEqual([])

    // A ServiceRequest changes with its referral and with a new document (its supportingInfo).
    const srSince = clock.now().toISOString()
    clock.advance(1000)
    expect((await sys.get(`/fhir/r4/ServiceRequest?_lastUpdated=gt${srSince}`)).json.total).toBe(0)
    const f = new FormData()
    f.append('file', new File([new TextEncoder().encode(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${' '.repeat(200)}`)], 'plan.pdf', { type: 'application/pdf' }))
    expect((await sys.account.agent.upload(`/api/referrals/${ids[2]}/documents`, f)).status).toBe(201)
    const withDocument = await sys.get(`/fhir/r4/ServiceRequest?_lastUpdated=gt${srSince}`)
    expect(withDocument.json.entry.map((e: any) => e.resource.id)).toEqual([stableId(ids[2]!, 'ServiceRequest')])
    expect(Date.parse(withDocument.json.entry[0].resource.meta.lastUpdated)).toBeGreaterThan(Date.parse(srSince))

    const requests = await sys.get('/fhir/r4/ServiceRequest?_count=1')
    expect(requests.json).toMatchObject({ total: 3 })
    expect(requests.json.entry[0].resource.resourceType).toBe('ServiceRequest')

    for (const q of ['_count=0', '_count=x', 'status=done', '_lastUpdated=2026', '_include=Task:patient', '_id=a*b']) {
      const bad = await sys.get(`/fhir/r4/Task?${q}`)
      expect([q, bad.status, bad.json.resourceType]).toEqual([q, 422, 'OperationOutcome'])
    }
    const readOnly = await systemClient({ account: sys.account, scopes: 'system/Task.r' })
    expect((await readOnly.get('/fhir/r4/Task')).status).toBe(403)
    // A token that may not read ServiceRequests gets the Tasks without their focus.
    const tasksOnly = await systemClient({ account: sys.account, scopes: 'system/Task.rs' })
    const withoutFocus = await tasksOnly.get(`/fhir/r4/Task?_id=${taskId(ids[1]!)}&_include=Task:focus`)
    expect(withoutFocus.json.entry.map((e: any) => e.resource.resourceType)).toEqual(['Task'])
  })
})

describe('PATCH Task: the requester cancels', () => {
  const cancel = (sys: Client, id: string, body: unknown, headers: Record<string, string> = {}) =>
    sys.call('PATCH', `/fhir/r4/Task/${taskId(id)}`, { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json-patch+json', ...headers } })
  const CANCEL = [{ op: 'replace', path: '/status', value: 'cancelled' }]

  test('If-Match honoured (412 when stale), the referral cancelled as its referrer would, audited with the system as actor', async () => {
    const sys = await systemClient({ name: 'Mercy Hospital' })
    const id = await submitReferral(sys.account.agent)
    const task = await readTask(sys, id)
    const stale = await cancel(sys, id, CANCEL, { 'if-match': `W/"${Number(task.meta.versionId) + 7}"` })
    expect(stale.status).toBe(412)
    expect(stale.json).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'conflict' }] })
    expect((await db.select().from(referrals).where(eq(referrals.id, id)).get())!.status).toBe('pending')

    const res = await cancel(sys, id, [...CANCEL, { op: 'add', path: '/statusReason', value: { text: 'Placed elsewhere' } }], { 'if-match': `W/"${task.meta.versionId}"` })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ resourceType: 'Task', status: 'cancelled', meta: { versionId: String(Number(task.meta.versionId) + 1) } })
    expect(res.headers.get('etag')).toBe(`W/"${Number(task.meta.versionId) + 1}"`)
    expect((await db.select().from(referrals).where(eq(referrals.id, id)).get())!.status).toBe('cancelled')
    const audit = await db.select().from(audit_logs).where(and(eq(audit_logs.action, 'referral.cancel'), eq(audit_logs.resource_id, id))).all()
    expect(audit.map((a) => [a.actor_id, a.actor_label])).toEqual([[sys.account.id, 'system:Mercy Hospital']])
    // Once cancelled, no more: 409.
    expect((await cancel(sys, id, CANCEL)).status).toBe(409)
  })

  test('any other status, path or a malformed patch: 422; not a JSON Patch: 415; another account’s Task: 404; nothing changes', async () => {
    const sys = await systemClient()
    const id = await submitReferral(sys.account.agent)
    const bodies: unknown[] = [
      [{ op: 'replace', path: '/status', value: 'completed' }],
      [{ op: 'replace', path: '/status', value: 'accepted' }],
      [{ op: 'replace', path: '/owner', value: { reference: 'Organization/x' } }],
      [{ op: 'remove', path: '/status' }],
      [{ op: 'add', path: '/statusReason', value: { text: 'why' } }],
      [],
      {},
      'not json',
      [{ op: 'replace', path: '/status', value: 'cancelled', extra: 1 }],
    ]
    for (const body of bodies) {
      const res = await cancel(sys, id, body)
      expect([JSON.stringify(body), res.status, res.json?.resourceType]).toEqual([JSON.stringify(body), 422, 'OperationOutcome'])
    }
    expect((await sys.call('PATCH', `/fhir/r4/Task/${taskId(id)}`, { body: JSON.stringify(CANCEL), headers: { 'content-type': 'application/json' } })).status).toBe(415)
    const other = await submitReferral((await createUser({ roles: ['referrer'] })).agent)
    expect((await cancel(sys, other, CANCEL)).status).toBe(404)
    expect((await db.select().from(referrals).where(eq(referrals.id, id)).get())!.status).toBe('pending')
    expect((await db.select().from(referrals).where(eq(referrals.id, other)).get())!.status).toBe('pending')
    const readOnly = await systemClient({ account: sys.account, scopes: 'system/Task.rs' })
    expect((await cancel(readOnly, id, CANCEL)).status).toBe(403)
  })
})

describe('documents as Binary', () => {
  test('DocumentReference links /fhir/r4/Binary/<id>: the file itself to the token (disclosed to the system) and to the browser’s session', async () => {
    const sys = await systemClient({ name: 'Mercy Hospital' })
    const id = await submitReferral(sys.account.agent)
    const bytes = new TextEncoder().encode(`%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${' '.repeat(300)}`)
    const f = new FormData()
    f.append('file', new File([bytes], 'care-plan.pdf', { type: 'application/pdf' }))
    const up = await sys.account.agent.upload(`/api/referrals/${id}/documents`, f)
    expect([up.status, up.text]).toEqual([201, up.text])
    const docId = up.json.id as string
    const request = (await sys.get(`/fhir/r4/ServiceRequest/${stableId(id, 'ServiceRequest')}`)).json
    const docRef = request.supportingInfo.map((s: { reference: string }) => s.reference).find((r: string) => r.startsWith('DocumentReference/'))
    expect(docRef).toBe(`DocumentReference/${stableId(id, `DocumentReference:${docId}`)}`)
    const doc = await sys.get(`/fhir/r4/${docRef}`)
    expect(doc.status).toBe(200)
    expect(await validateR4(doc.json)).toEqual([])
    const url = doc.json.content[0].attachment.url as string
    expect(url).toStartWith(`${publicUrl()}/fhir/r4/Binary/`)
    const file = await sys.get(url.slice(publicUrl().length))
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(new TextEncoder().encode(file.text)).toEqual(bytes)
    expect((await db.select().from(disclosures).where(eq(disclosures.referral_id, id)).all()).map((d) => [d.viewer_label, d.what]).sort()).toContainEqual(['Mercy Hospital', `document:${docId}`])
    // As a FHIR resource when asked: a Binary with the file in base64.
    const resource = await sys.get(url.slice(publicUrl().length), { accept: 'application/fhir+json' })
    expect(resource.json).toMatchObject({ resourceType: 'Binary', contentType: 'application/pdf' })
    expect(new Uint8Array(Buffer.from(resource.json.data, 'base64'))).toEqual(bytes)
    expect(await validateR4(resource.json)).toEqual([])
    // The browser's export links the same URL, which its session opens; another account gets 404.
    const exported = (await sys.account.agent.get(`/api/referrals/${id}/fhir`)).json
    expect(exported.entry.find((e: any) => e.resource.resourceType === 'DocumentReference').resource.content[0].attachment.url).toBe(url)
    expect((await sys.account.agent.get(url.slice(publicUrl().length))).status).toBe(200)
    const stranger = await createUser({ roles: ['referrer'] })
    expect((await stranger.agent.get(url.slice(publicUrl().length))).status).toBe(404)
    expect((await (await systemClient({ account: stranger })).get(url.slice(publicUrl().length))).status).toBe(404)
  })
})

describe('GET /fhir/r4/metadata', () => {
  test('lists every interaction and search parameter of the REST API, and the SMART security service with its token endpoint', async () => {
    const res = await anonymous().get('/fhir/r4/metadata')
    expect(await validateR4(res.json)).toEqual([])
    const rest = res.json.rest[0]
    const of = (type: string) => rest.resource.find((r: { type: string }) => r.type === type)
    const codes = (type: string) => of(type).interaction.map((i: { code: string }) => i.code)
    expect(codes('Task')).toEqual(['read', 'search-type', 'patch'])
    expect(of('Task').searchParam.map((p: { name: string }) => p.name)).toEqual(['_id', '_lastUpdated', 'status', '_count', '_offset'])
    expect(of('Task').searchInclude).toEqual(['Task:focus'])
    expect(codes('ServiceRequest')).toEqual(['read', 'search-type'])
    expect(of('ServiceRequest').searchParam.map((p: { name: string }) => p.name)).toEqual(['_id', '_lastUpdated', '_count', '_offset'])
    for (const type of ['Patient', 'DocumentReference', 'Binary']) expect(codes(type)).toEqual(['read'])
    expect(rest.security.service[0].coding[0]).toMatchObject({ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' })
    expect(rest.security.extension[0]).toMatchObject({ url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris', extension: [{ url: 'token', valueUri: `${publicUrl()}/fhir/r4/auth/token` }] })
  })
})
