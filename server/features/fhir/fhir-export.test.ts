import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, disclosures, invitations, referral_interests, referral_payments, referral_waitlist, referrals } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { expectedFrom, REFERRER_ANSWERS, SAMPLE_FILES, sampleText } from './fhir-fixtures'
import { validateR4 } from './r4-validator'

setupTestDb()

type Agent = Awaited<ReturnType<typeof createUser>>['agent']
const importRecord = (agent: Agent, body: string) => agent.post('/api/referrals/fhir-import', body, { headers: { 'content-type': 'application/fhir+json' } })

/** Imports a record and submits the draft with the referrer's own answers: the referral's id. */
async function referralFrom(agent: Agent, record: string, extra: Record<string, unknown> = {}) {
  const { json } = await importRecord(agent, record)
  const res = await agent.post('/api/referrals', { ...json.draft, ...REFERRER_ANSWERS, preferred_state: json.draft.preferred_state ?? 'MA', ...extra })
  expect(res.status).toBe(201)
  return res.json.referral.id as string
}

type Resource = { resourceType: string; [k: string]: any }
const resourcesOf = (bundle: { entry: { resource: Resource }[] }, type: string) => bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === type)

/** Every resource of the export (and the Bundle) against the R4 definitions: no issue at all. */
async function expectValid(bundle: Resource) {
  expect(await validateR4(bundle as never)).toEqual([])
  for (const [i, e] of bundle.entry.entries()) expect(await validateR4(e.resource, `Bundle.entry[${i}].resource`)).toEqual([])
}

describe('export', () => {
  for (const file of SAMPLE_FILES) {
    test(`${file.split('_').slice(0, 2).join(' ')}: a valid collection Bundle that brings the same client back (round trip)`, async () => {
      const me = await createUser()
      const id = await referralFrom(me.agent, sampleText(file))
      const res = await me.agent.get(`/api/referrals/${id}/fhir`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toStartWith('application/fhir+json')
      const bundle = res.json
      expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' })
      await expectValid(bundle)
      const want = expectedFrom(file)
      expect(resourcesOf(bundle, 'MedicationStatement')).toHaveLength(new Set(want.activeMedications).size)
      expect(resourcesOf(bundle, 'AllergyIntolerance')).toHaveLength(new Set(want.activeAllergies).size)
      expect(resourcesOf(bundle, 'Condition')).toHaveLength(new Set(want.activeConditions).size)
      expect(resourcesOf(bundle, 'ServiceRequest')[0]).toMatchObject({ status: 'active', intent: 'order', subject: { reference: bundle.entry[0].fullUrl } })

      const again = await importRecord(me.agent, res.text)
      expect(again.status).toBe(200)
      const first = (await importRecord(me.agent, sampleText(file))).json.draft
      for (const field of ['client_first_name', 'client_last_name', 'client_dob', 'client_gender', 'client_phone', 'client_city', 'client_zip', 'client_marital_status', 'client_race', 'client_ethnicity', 'client_primary_language', 'client_medical_conditions', 'health_current_medications', 'health_allergies']) {
        expect([field, again.json.draft[field]]).toEqual([field, first[field]])
      }
    })
  }

  test('every field of a full referral: conditions by kind, coverage, the emergency contact, the doctor, care extras; still valid', async () => {
    const me = await createUser()
    const res = await me.agent.post('/api/referrals', {
      ...REFERRER_ANSWERS,
      client_first_name: 'Eleanor',
      client_last_name: 'Price',
      client_dob: '1948-03-14',
      client_gender: 'female',
      preferred_state: 'TX',
      preferred_cities: 'Austin, Round Rock',
      client_medical_conditions: 'Type 2 diabetes; Hypertension',
      health_psychiatric_conditions: 'Mild depression',
      health_current_medications: 'Metformin 500 MG — twice daily',
      health_allergies: 'Penicillin (reaction: Hives, severe)',
      health_current_doctor: 'Grace Lee',
      health_current_provider: 'Austin Family Clinic',
      emergency_contact_name: 'Paul Price',
      emergency_contact_phone: '(555) 010-0300',
      emergency_contact_relationship: 'Son',
      funding_source: 'private_pay',
      medicaid_status: 'pending',
      level_of_care: 'assisted',
      timeline: 'within_2_weeks',
      is_urgent: true,
      requires_wheelchair_accessible: true,
      client_dietary_restrictions: 'Diabetic diet',
    })
    const id = res.json.referral.id
    const bundle = (await me.agent.get(`/api/referrals/${id}/fhir`)).json
    await expectValid(bundle)
    expect(resourcesOf(bundle, 'Coverage').map((c) => [c.status, c.type.text])).toEqual([['active', 'Private pay'], ['draft', 'Medicaid / waiver']])
    expect(resourcesOf(bundle, 'RelatedPerson')[0]).toMatchObject({ name: [{ text: 'Paul Price' }], telecom: [{ value: '(555) 010-0300' }] })
    const request = resourcesOf(bundle, 'ServiceRequest')[0]!
    expect(request.priority).toBe('urgent')
    expect(request.orderDetail.map((d: { text: string }) => d.text)).toEqual(expect.arrayContaining(['Level of care: Assisted', 'Wheelchair accessible', 'Timeline: Within 2 weeks']))
    expect(request.reasonReference).toHaveLength(3)
    expect(request.note).toEqual([{ text: 'Dietary restrictions: Diabetic diet' }])
    const back = (await importRecord(me.agent, JSON.stringify(bundle))).json.draft
    expect(back).toMatchObject({
      client_medical_conditions: 'Type 2 diabetes; Hypertension',
      health_psychiatric_conditions: 'Mild depression',
      health_current_medications: 'Metformin 500 MG — twice daily',
      health_allergies: 'Penicillin (reaction: Hives, severe)',
      health_current_doctor: 'Grace Lee',
      health_current_provider: 'Austin Family Clinic',
      emergency_contact_name: 'Paul Price',
      emergency_contact_relationship: 'Son',
      // The ServiceRequest's own funding code wins over the coverages (ADR 041): the referral's answer, not a guess.
      funding_source: 'private_pay',
      medicaid_status: 'pending',
      requires_wheelchair_accessible: 'true',
      client_dietary_restrictions: 'Diabetic diet',
    })
  })
})

describe('stable identity', () => {
  test("the same referral exports the same resource ids every time (and another referral others); the ServiceRequest and the Task carry different identifiers", async () => {
    const me = await createUser()
    const id = await referralFrom(me.agent, sampleText(SAMPLE_FILES[0]!))
    const other = await referralFrom(me.agent, sampleText(SAMPLE_FILES[0]!))
    const ids = async (referralId: string) => {
      const res = await me.agent.get(`/api/referrals/${referralId}/fhir`)
      expect(res.status).toBe(200)
      await expectValid(res.json)
      for (const e of res.json.entry) expect(e.fullUrl).toBe(`urn:uuid:${e.resource.id}`)
      return { bundle: res.json, ids: res.json.entry.map((e: { resource: Resource }) => `${e.resource.resourceType}/${e.resource.id}`) as string[] }
    }
    const first = await ids(id)
    const second = await ids(id)
    expect(second.ids).toEqual(first.ids)
    expect(new Set(first.ids).size).toBe(first.ids.length)
    const elsewhere = await ids(other)
    expect(elsewhere.ids.filter((x) => first.ids.includes(x))).toEqual([])
    const [request] = resourcesOf(first.bundle, 'ServiceRequest')
    const [task] = resourcesOf(first.bundle, 'Task')
    expect(request!.identifier).toEqual([{ system: 'urn:homeward:fhir:referral', value: id }])
    expect(task!.identifier).toEqual([{ system: 'urn:homeward:fhir:referral-task', value: id }])
  })
})

describe('who may export', () => {
  test('the referrer (no disclosure); an invited or unlocked operator and an admin (a disclosure each); 404 to everyone else, 401 signed out', async () => {
    const owner = await createUser()
    const id = await referralFrom(owner.agent, sampleText(SAMPLE_FILES[0]!))
    const [invited, unlocked, stranger, operatorNotUnlocked, admin] = await Promise.all([
      createUser({ roles: ['operator'] }),
      createUser({ roles: ['operator'], plan: 'premium' }),
      createUser(),
      createUser({ roles: ['operator'], plan: 'premium' }),
      createUser({ roles: ['admin'] }),
    ])
    await db.insert(invitations).values({ referral_id: id, operator_id: invited.id, invited_by: owner.id }).run()
    await db.insert(referral_payments).values({ referral_id: id, operator_id: unlocked.id, amount_cents: 20000, provider: 'offline', status: 'held_in_escrow' }).run()
    // Interest is not an unlock: the masked card only.
    await db.insert(referral_interests).values({ referral_id: id, operator_id: operatorNotUnlocked.id }).run()
    await db.insert(referral_payments).values({ referral_id: id, operator_id: operatorNotUnlocked.id, amount_cents: 20000, provider: 'offline', status: 'refunded' }).run()

    expect((await owner.agent.get(`/api/referrals/${id}/fhir`)).status).toBe(200)
    expect(await db.select().from(disclosures).where(eq(disclosures.referral_id, id)).all()).toHaveLength(0)

    for (const who of [invited, unlocked, admin]) {
      const res = await who.agent.get(`/api/referrals/${id}/fhir`)
      expect(res.status).toBe(200)
      expect(res.json.entry[0].resource.name[0].family).toBe(expectedFrom(SAMPLE_FILES[0]!).last)
    }
    const rows = await db.select().from(disclosures).where(eq(disclosures.referral_id, id)).all()
    expect(rows.map((d) => d.viewer_id).sort()).toEqual([invited.id, unlocked.id, admin.id].sort())
    expect(await db.select().from(audit_logs).where(and(eq(audit_logs.resource_id, id), eq(audit_logs.action, 'referral.export_fhir'))).all()).toHaveLength(3)

    for (const who of [stranger, operatorNotUnlocked]) {
      const res = await who.agent.get(`/api/referrals/${id}/fhir`)
      expect(res.status).toBe(404)
      expect(res.text).not.toContain(expectedFrom(SAMPLE_FILES[0]!).last)
    }
    expect((await stranger.agent.get('/api/referrals/no-such-referral/fhir')).status).toBe(404)
    expect((await anonymous().get(`/api/referrals/${id}/fhir`)).status).toBe(401)
    expect((await db.select().from(disclosures).where(eq(disclosures.referral_id, id)).all()).length).toBe(3)
  })
})

describe('the closed-loop Task', () => {
  const taskOf = async (agent: Agent, id: string) => resourcesOf((await agent.get(`/api/referrals/${id}/fhir`)).json, 'Task')[0]!

  test("status follows Gravity's referral Task, businessStatus names Homeward's step: the referral's furthest for the referrer, an operator's own for them", async () => {
    const owner = await createUser()
    const id = await referralFrom(owner.agent, sampleText(SAMPLE_FILES[1]!))
    const [a, b] = await Promise.all([createUser({ roles: ['operator'], plan: 'premium' }), createUser({ roles: ['operator'], plan: 'premium' })])
    const step = (t: Resource) => [t.status, t.businessStatus.coding[0].code]
    expect(step(await taskOf(owner.agent, id))).toEqual(['requested', 'submitted'])

    await db.insert(invitations).values({ referral_id: id, operator_id: a.id, invited_by: owner.id }).run()
    expect(step(await taskOf(a.agent, id))).toEqual(['requested', 'invited'])
    await db.insert(referral_interests).values({ referral_id: id, operator_id: a.id }).run()
    expect(step(await taskOf(a.agent, id))).toEqual(['requested', 'interest'])
    expect(step(await taskOf(owner.agent, id))).toEqual(['requested', 'interest'])

    await db.insert(referral_payments).values({ referral_id: id, operator_id: b.id, amount_cents: 20000, provider: 'offline', status: 'held_in_escrow' }).run()
    await db.insert(referral_waitlist).values({ referral_id: id, operator_id: a.id, position: 1, expires_at: new Date(Date.now() + 86_400_000) }).run()
    expect(step(await taskOf(a.agent, id))).toEqual(['requested', 'waitlisted'])
    expect(step(await taskOf(b.agent, id))).toEqual(['accepted', 'unlocked'])
    expect(step(await taskOf(owner.agent, id))).toEqual(['accepted', 'unlocked'])

    await db.update(referral_payments).set({ status: 'released_to_referrer' }).where(eq(referral_payments.referral_id, id)).run()
    expect((await owner.agent.post(`/api/referrals/${id}/close`, { outcome: 'placed_homeward' })).status).toBe(200)
    const placed = await taskOf(owner.agent, id)
    expect(step(placed)).toEqual(['completed', 'placed'])
    await expectValid((await owner.agent.get(`/api/referrals/${id}/fhir`)).json)

    const other = await referralFrom(owner.agent, sampleText(SAMPLE_FILES[2]!))
    // "Not a fit" ends the home's access to the record; the referral goes on for the others.
    await db.insert(invitations).values({ referral_id: other, operator_id: a.id, invited_by: owner.id }).run()
    expect((await a.agent.post(`/api/referrals/${other}/decline`, { reason: 'funding' })).status).toBe(200)
    expect((await a.agent.get(`/api/referrals/${other}/fhir`)).status).toBe(404)
    expect(step(await taskOf(owner.agent, other))).toEqual(['requested', 'submitted'])
    // A referral declined as a whole (an admin's decision) is rejected for its referrer.
    await db.update(referrals).set({ status: 'rejected' }).where(eq(referrals.id, other)).run()
    const declined = await taskOf(owner.agent, other)
    expect(step(declined)).toEqual(['rejected', 'declined'])
    await expectValid((await owner.agent.get(`/api/referrals/${other}/fhir`)).json)
    await db.update(referrals).set({ status: 'pending' }).where(eq(referrals.id, other)).run()
    expect((await owner.agent.post(`/api/referrals/${other}/cancel`)).status).toBe(200)
    expect(step(await taskOf(owner.agent, other))).toEqual(['cancelled', 'cancelled'])
  })
})

describe('GET /fhir/r4/metadata', () => {
  test('a valid CapabilityStatement of what Homeward reads and writes', async () => {
    const res = await anonymous().get('/fhir/r4/metadata')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('application/fhir+json')
    expect(res.json).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance' })
    expect(res.json.rest[0].resource.map((r: { type: string }) => r.type)).toEqual(expect.arrayContaining(['Patient', 'ServiceRequest', 'Task', 'MedicationStatement']))
    expect(await validateR4(res.json)).toEqual([])
    expect(res.json.rest[0].security.service[0].coding[0]).toMatchObject({ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR' })
    expect(res.json.rest[0].security.extension[0].extension).toEqual([{ url: 'token', valueUri: expect.stringMatching(/\/fhir\/r4\/auth\/token$/) }])
  })
})
