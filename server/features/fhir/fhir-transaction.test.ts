import fs from 'node:fs'
import { beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose'
import { connOf, ENGINE } from '../../db/client'
import { audit_logs, jobs, referral_documents, referrals } from '../../db/schema'
import { transaction } from '../../db/unit-of-work'
import { CLI_ACTOR } from '../../lib/audit'
import { openFileBytes, placeOf } from '../../lib/sealed-file'
import { filePath, storedFile } from '../../storage/files'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { createReferralSchema } from '../referrals'
import { addClient, tokenUrl } from '../systems'
import { SAMPLE_FILES, sampleText } from './fhir-fixtures'
import { formValue } from './import-draft'
import { validateR4 } from './r4-validator'
import { stableId } from './stable-id'
import { REFERRAL_EXTENSION_IDS } from './structure-definitions'

setupTestDb()

/**
 * POST /fhir/r4 with a transaction Bundle (ADR 041): a registered system creates a referral as the
 * browser would, and the export sent back creates a referral with the same fields.
 */
let key: CryptoKey
let jwks: { keys: Record<string, unknown>[] }
beforeAll(async () => {
  const pair = await generateKeyPair('ES384', { extractable: true })
  key = pair.privateKey
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES384' }] }
})

/** A registered system (its own referrer account) and a token for it, as a hospital's system gets one. */
async function system(scopes = 'system/*.cruds', ask?: string) {
  const account = await createUser({ roles: ['referrer'] })
  const { client_id } = await addClient(db, CLI_ACTOR, { name: 'Mercy Hospital', account: account.email, jwks: jwks as never, scopes })
  const assertion = await new SignJWT({ jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid: 'k1' })
    .setIssuer(client_id)
    .setSubject(client_id)
    .setAudience(tokenUrl())
    .setExpirationTime(Math.floor(Date.now() / 1000) + 240)
    .sign(key)
  const res = await anonymous().post(
    '/fhir/r4/auth/token',
    new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion, ...(ask ? { scope: ask } : {}) }).toString(),
    { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  )
  expect(res.status).toBe(200)
  return { token: res.json.access_token as string, account, clientId: client_id }
}

const post = (token: string | null, bundle: unknown) =>
  anonymous().post('/fhir/r4', typeof bundle === 'string' ? bundle : JSON.stringify(bundle), {
    headers: { 'content-type': 'application/fhir+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })

type Resource = { resourceType: string; [k: string]: any }
type Bundle = { resourceType: 'Bundle'; type: string; entry: { fullUrl?: string; resource: Resource; request?: unknown }[] }

/** An export (collection) sent back as a transaction: each entry a POST of its type. */
const asTransaction = (bundle: Bundle): Bundle => ({ ...bundle, type: 'transaction', entry: bundle.entry.map((e) => ({ ...e, request: { method: 'POST', url: e.resource.resourceType } })) })

/** Every field of the browser's form filled (the Requirements step's checkboxes all checked). */
const FULL = {
  referrer_name: 'Dana Whitfield',
  referrer_relationship: 'social-worker',
  referrer_email: 'dana@agency.example',
  referrer_phone: '(555) 010-0100',
  referral_source: 'Discharge planning, St. Mary',
  client_first_name: 'Eleanor Rose',
  client_last_name: 'Price',
  client_dob: '1948-03-14',
  client_gender: 'female',
  client_phone: '(555) 010-0200',
  client_previous_address: '12 Elm Street, Apt 3',
  client_city: 'Austin',
  client_zip: '78701',
  client_marital_status: 'widowed',
  client_race: 'White',
  client_ethnicity: 'Not Hispanic or Latino',
  client_primary_language: 'English',
  preferred_state: 'TX',
  preferred_cities: ['Austin', 'Round Rock'],
  emergency_contact_name: 'Paul Price',
  emergency_contact_phone: '(555) 010-0300',
  emergency_contact_relationship: 'Son',
  emergency_contact_address: '40 Oak Avenue, Austin',
  legal_pending_cases: 'no',
  legal_current_probation: 'yes',
  legal_previous_cj_involvement: 'yes',
  legal_cj_contact_name: 'Officer Ramos',
  legal_cj_contact_phone: '(555) 010-0400',
  client_medical_conditions: 'Type 2 diabetes; Hypertension',
  health_psychiatric_conditions: 'Mild depression',
  health_current_medications: 'Metformin 500 MG — twice daily; Lisinopril 10 MG',
  health_allergies: 'Penicillin (reaction: Hives, severe)',
  health_current_provider: 'Austin Family Clinic',
  health_current_doctor: 'Grace Lee',
  health_doctor_phone: '(555) 010-0500',
  substance_attends_aa_na: 'yes',
  substance_aa_na_frequency: '3',
  substance_last_use_date: '2023-06-01',
  substance_sobriety_length: 'Two years',
  income_source: 'Social Security',
  income_people_dependent: '2',
  income_minors_dependent: '0',
  benefits_types: ['SSI', 'Medicaid', 'SNAP'],
  medicaid_status: 'active',
  case_manager_name: 'Maria Lopez',
  case_manager_phone: '(555) 010-0600',
  case_manager_agency: 'Travis County Services',
  requires_wheelchair_accessible: true,
  requires_pet_friendly: true,
  requires_private_room: true,
  requires_medical_care_24_7: true,
  requires_sex_offender_friendly: true,
  level_of_care: 'assisted',
  funding_source: 'other',
  timeline: 'within_2_weeks',
  is_urgent: true,
  budget_range: 'Under $1,500',
  client_mobility_needs: 'Uses a walker',
  client_dietary_restrictions: 'Diabetic diet',
  client_behavioral_notes: 'Calm; likes routine',
  additional_notes: 'Prefers a quiet home.\nVisits from her son on Sundays.',
}
/** The other answers of the choices (the second engine of the round trip: different values, unanswered yes/no, no cities). */
const OTHER = {
  ...FULL,
  referrer_relationship: 'guardian',
  client_gender: 'other',
  client_marital_status: 'other',
  preferred_cities: [],
  legal_pending_cases: 'yes',
  legal_current_probation: '',
  legal_previous_cj_involvement: 'no',
  substance_attends_aa_na: 'no',
  substance_aa_na_frequency: '0',
  benefits_types: ['Housing Assistance', 'Other'],
  medicaid_status: 'not-enrolled',
  requires_pet_friendly: false,
  requires_sex_offender_friendly: false,
  level_of_care: 'skilled',
  funding_source: 'ssi_ssdi',
  timeline: 'flexible',
  is_urgent: false,
  budget_range: '$5,000+',
}
const FORM_FIELDS = Object.keys(createReferralSchema.shape) as (keyof typeof createReferralSchema.shape)[]

async function expectValid(resource: Resource, at = resource.resourceType) {
  expect([at, await validateR4(resource as never, at)]).toEqual([at, []])
}

async function exported(input: Record<string, unknown>) {
  const me = await createUser()
  const res = await me.agent.post('/api/referrals', input)
  expect(res.status).toBe(201)
  const id = res.json.referral.id as string
  const bundle = (await me.agent.get(`/api/referrals/${id}/fhir`)).json as Bundle
  return { me, id, bundle }
}

const rowOf = async (id: string) => (await db.select().from(referrals).where(eq(referrals.id, id)))[0]!
const referralsOf = async (userId: string) => db.select().from(referrals).where(eq(referrals.referrer_user_id, userId))

describe('the round trip: an export sent back as a transaction creates the same referral', () => {
  for (const [name, input] of [['every field filled', FULL], ['the other choices, unanswered questions, no cities', OTHER]] as const) {
    test(name, async () => {
      const { id, bundle } = await exported(input)
      for (const [i, e] of bundle.entry.entries()) await expectValid(e.resource, `Bundle.entry[${i}].resource`)
      const { token, account } = await system()
      const res = await post(token, asTransaction(bundle))
      expect([res.status, res.text.slice(0, 300)]).toEqual([200, expect.any(String)])
      expect(res.headers.get('content-type')).toStartWith('application/fhir+json')
      const answer = res.json
      await expectValid(answer)
      expect(answer).toMatchObject({ resourceType: 'Bundle', type: 'transaction-response' })
      expect(answer.entry).toHaveLength(bundle.entry.length)

      const [created] = await referralsOf(account.id)
      expect(created).toBeDefined()
      const original = await rowOf(id)
      // Every field of the form, as stored: the same.
      for (const field of FORM_FIELDS) expect([field, created![field]]).toEqual([field, original[field]])
      // And what is derived from them.
      for (const field of ['client_age', 'budget_max_cents'] as const) expect([field, created![field]]).toEqual([field, original[field]])
      expect(created).toMatchObject({ referrer_user_id: account.id, status: 'pending', visibility_level: 'masked' })

      // Each entry was kept: 201 and the location the new referral's export gives the same resource.
      const again = (await (await createUserAgentFor(account)).get(`/api/referrals/${created!.id}/fhir`)).json as Bundle
      for (const [i, e] of answer.entry.entries()) {
        const sent = bundle.entry[i]!.resource
        expect([sent.resourceType, e.response.status]).toEqual([sent.resourceType, '201 Created'])
        const [type, newId, history, version] = e.response.location.split('/')
        expect([history, version]).toEqual(['_history', '1'])
        expect(again.entry.some((x) => x.resource.resourceType === type && x.resource.id === newId)).toBe(true)
      }
      const locations = answer.entry.map((e: { response: { location: string } }) => e.response.location)
      expect(locations).toContain(`ServiceRequest/${stableId(created!.id, 'ServiceRequest')}/_history/1`)
      expect(locations).toContain(`Task/${stableId(created!.id, 'Task')}/_history/1`)
      expect(locations).toContain(`Patient/${stableId(created!.id, 'Patient')}/_history/1`)

      // Audited with the system as the actor.
      const audits = await db.select().from(audit_logs).where(eq(audit_logs.resource_id, created!.id))
      expect(audits.map((a) => [a.action, a.actor_label, a.actor_id])).toEqual([['referral.create', 'system:Mercy Hospital', account.id]])
    })
  }

  test("the browser's import of an export fills every field of the form (race and ethnicity offered apart, included when the referrer chooses)", async () => {
    for (const input of [FULL, OTHER]) {
      const { me, bundle } = await exported(input)
      const res = await me.agent.post('/api/referrals/fhir-import', JSON.stringify(bundle), { headers: { 'content-type': 'application/fhir+json' } })
      expect(res.status).toBe(200)
      expect(res.json.draft.client_race).toBeUndefined()
      // The referrer ticks "Include race and ethnicity": the form then takes what the import offered apart.
      const chosen = { ...res.json.draft, ...res.json.race_ethnicity }
      const draft = Object.fromEntries(Object.entries(chosen as Record<string, string | string[]>).map(([k, v]) => [k, formValue(k, v)]))
      const want = createReferralSchema.parse(input)
      const got = createReferralSchema.parse(draft)
      for (const field of FORM_FIELDS) expect([field, got[field]]).toEqual([field, want[field]])
    }
  })
})

test("an EHR's own ServiceRequests (its orders) are not a referral: the import takes no referrer from them", async () => {
  const me = await createUser()
  const record = JSON.parse(sampleText(SAMPLE_FILES[0]!)) as Bundle
  const patient = record.entry.find((e) => e.resource.resourceType === 'Patient')!
  const clinician = record.entry.find((e) => e.resource.resourceType === 'Practitioner')!
  record.entry.push({
    fullUrl: 'urn:uuid:7d1c1d8e-2f0a-4a53-9a55-0c3b8f1e9a02',
    resource: { resourceType: 'ServiceRequest', status: 'active', intent: 'order', code: { text: 'Lipid panel' }, subject: { reference: patient.fullUrl }, requester: { reference: clinician.fullUrl }, priority: 'urgent' },
  })
  const res = await me.agent.post('/api/referrals/fhir-import', JSON.stringify(record), { headers: { 'content-type': 'application/fhir+json' } })
  expect(res.status).toBe(200)
  for (const field of ['referrer_name', 'referrer_email', 'referrer_phone', 'is_urgent', 'preferred_cities']) expect([field, res.json.draft[field]]).toEqual([field, undefined])
  expect(res.json.skipped).toContainEqual(expect.objectContaining({ resourceType: 'ServiceRequest', reason: 'Not part of a referral' }))
})

/** A browser agent of the system's account (to read the export of what it created). */
async function createUserAgentFor(account: Awaited<ReturnType<typeof createUser>>) {
  return account.agent
}

const PATIENT = { resourceType: 'Patient', name: [{ family: 'Price', given: ['Eleanor'] }], gender: 'female', birthDate: '1948-03-14' }
const REQUEST = {
  resourceType: 'ServiceRequest',
  status: 'active',
  intent: 'order',
  code: { text: 'Placement in a group home' },
  subject: { reference: 'urn:uuid:p' },
  requester: { reference: 'urn:uuid:role' },
  orderDetail: [{ coding: [{ system: 'urn:homeward:fhir:budget-range', code: '$2,000-$3,000' }] }],
  extension: [{ url: 'https://homeward.example/fhir/r4/StructureDefinition/referral-preferred-location', valueAddress: { state: 'MA' } }],
}
const ROLE = {
  resourceType: 'PractitionerRole',
  practitioner: { reference: 'urn:uuid:dr' },
  code: [{ coding: [{ system: 'urn:homeward:fhir:referrer-role', code: 'case-manager' }] }],
  telecom: [{ system: 'phone', value: '(555) 010-0100' }, { system: 'email', value: 'dana@agency.example' }],
}
const PERSON = { resourceType: 'Practitioner', name: [{ text: 'Dana Whitfield' }] }
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

/** A small hand-written transaction, as a hospital's system would send: the four resources a referral needs, and more. */
function minimal(extra: object[] = [], patient: object = PATIENT) {
  const entries = [
    { fullUrl: 'urn:uuid:p', resource: patient },
    { fullUrl: 'urn:uuid:sr', resource: REQUEST },
    { fullUrl: 'urn:uuid:role', resource: ROLE },
    { fullUrl: 'urn:uuid:dr', resource: PERSON },
    ...extra.map((resource, i) => ({ fullUrl: `urn:uuid:x${i}`, resource })),
  ]
  return { resourceType: 'Bundle', type: 'transaction', entry: entries.map((e) => ({ ...e, request: { method: 'POST', url: (e.resource as Resource).resourceType } })) }
}
const documentOf = (data: Buffer, title = 'discharge.pdf') => ({
  resourceType: 'DocumentReference',
  status: 'current',
  subject: { reference: 'urn:uuid:p' },
  description: 'Discharge summary',
  content: [{ attachment: { contentType: 'application/pdf', title, data: data.toString('base64') } }],
})
const storedFiles = () => {
  const dir = filePath('referral-documents/x/y.pdf').replace(/\/x\/y\.pdf$/, '')
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0
}

describe('POST /fhir/r4: a transaction from a registered system', () => {
  test('a hand-written Bundle with a document: the referral, its document sealed at rest, matching run; a Condition no longer active answers 200 with why', async () => {
    const { token, account } = await system()
    const inactive = { resourceType: 'Condition', clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'resolved' }] }, code: { text: 'Fracture' }, subject: { reference: 'urn:uuid:p' } }
    const res = await post(token, minimal([documentOf(PDF), inactive]))
    expect(res.status).toBe(200)
    expect(res.json.entry.map((e: { response: { status: string } }) => e.response.status)).toEqual(['201 Created', '201 Created', '201 Created', '201 Created', '201 Created', '200 OK'])
    expect(res.json.entry[5].response.outcome.issue[0].diagnostics).toContain('Resolved or inactive')
    const [created] = await referralsOf(account.id)
    expect(created).toMatchObject({ client_first_name: 'Eleanor', preferred_state: 'MA', budget_range: '$2,000-$3,000', referrer_relationship: 'case-manager', referrer_name: 'Dana Whitfield' })
    // Matching ran right after commit, as for the browser: its fallback job was cancelled.
    const [job] = await db.select().from(jobs).where(eq(jobs.key, `referral.match:${created!.id}`))
    expect(job!.status).toBe('cancelled')
    const [doc] = await db.select().from(referral_documents).where(eq(referral_documents.referral_id, created!.id))
    expect(doc).toMatchObject({ file_name: 'discharge.pdf', file_type: 'application/pdf', file_size: PDF.length, uploader_role: 'referrer', uploaded_by: account.id, description: 'Discharge summary' })
    const sealed = new Uint8Array(await storedFile(doc!.storage_key).arrayBuffer())
    expect(Buffer.from(sealed.subarray(0, 5)).toString()).not.toBe('%PDF-')
    expect(Buffer.from(await openFileBytes(placeOf(doc!.storage_key), sealed)).equals(PDF)).toBe(true)
    expect(res.json.entry[4].response.location).toBe(`DocumentReference/${stableId(created!.id, `DocumentReference:${doc!.id}`)}/_history/1`)
  })

  test('a document that is not an accepted file: 422 naming the attachment; nothing written, no file left', async () => {
    const { token, account } = await system()
    const files = storedFiles()
    const res = await post(token, minimal([documentOf(PDF), documentOf(Buffer.from('just some text, not a PDF'), 'notes.txt')]))
    expect(res.status).toBe(422)
    expect(res.json.resourceType).toBe('OperationOutcome')
    expect(res.json.issue[0].expression).toEqual(['Bundle.entry[5].resource.content[0].attachment.data'])
    expect(await referralsOf(account.id)).toHaveLength(0)
    expect(storedFiles()).toBe(files)
  })

  test('a failure after the first document is stored rolls back the referral and removes the file', async () => {
    const { token, account } = await system()
    const files = storedFiles()
    // The audit row is the transaction's last write, after the document's file and row: a trigger makes it fail.
    const [create, drop] =
      ENGINE === 'sqlite'
        ? [["CREATE TRIGGER fail_create BEFORE INSERT ON audit_logs WHEN NEW.action = 'referral.create' BEGIN SELECT RAISE(ABORT, 'disk full'); END"], ['DROP TRIGGER fail_create']]
        : [
            [
              "CREATE FUNCTION fail_create() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.action = 'referral.create' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$",
              'CREATE TRIGGER fail_create BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION fail_create()',
            ],
            ['DROP TRIGGER fail_create ON audit_logs', 'DROP FUNCTION fail_create()'],
          ]
    await transaction(db, async (tx) => {
      for (const statement of create) await connOf(tx).exec(statement)
    })
    try {
      const res = await post(token, minimal([documentOf(PDF), documentOf(PDF, 'second.pdf')]))
      expect(res.status).toBe(500)
    } finally {
      await transaction(db, async (tx) => {
        for (const statement of drop) await connOf(tx).exec(statement)
      })
    }
    expect(await referralsOf(account.id)).toHaveLength(0)
    expect(storedFiles()).toBe(files)
  })

  test('refusals name the element, and nothing is written', async () => {
    const { token, account } = await system()
    const cases: [unknown, number, string][] = [
      ['not json', 400, 'Bundle'],
      [{ resourceType: 'Patient' }, 400, 'resourceType'],
      [{ ...minimal(), type: 'batch' }, 422, 'Bundle.type'],
      [minimal([{ resourceType: 'Observation', status: 'final', code: { text: 'x' } }]), 422, 'Bundle.entry[4].resource.resourceType'],
      [minimal([PATIENT]), 422, 'Bundle.entry[4]'],
      [{ ...minimal(), entry: minimal().entry.map((e, i) => (i === 1 ? { ...e, request: { method: 'PUT', url: 'ServiceRequest/1' } } : e)) }, 422, 'Bundle.entry[1].request.method'],
      [minimal([], { ...PATIENT, birthDate: undefined }), 422, 'Bundle.entry[0].resource.birthDate'],
      [minimal([], { ...PATIENT, birthDate: '1948-13-45' }), 422, 'Bundle.entry[0].resource.birthDate'],
      [minimal([], { ...PATIENT, birthDate: '2999-01-01' }), 422, 'Bundle.entry[0].resource.birthDate'],
      [{ ...minimal(), entry: minimal().entry.filter((_, i) => i !== 1) }, 422, 'Bundle.entry'],
      [minimal([], { ...PATIENT, gender: 'unknown' }), 422, 'Bundle.entry[0].resource.gender'],
    ]
    for (const [body, status, expression] of cases) {
      const res = await post(token, body)
      expect([expression, res.status, res.json?.resourceType]).toEqual([expression, status, 'OperationOutcome'])
      expect(res.json.issue.flatMap((i: { expression?: string[] }) => i.expression ?? [])).toContain(expression)
    }
    // The form's rules: a budget outside its list names the order detail.
    const bad = minimal()
    bad.entry[1]!.resource = { ...REQUEST, orderDetail: [{ coding: [{ system: 'urn:homeward:fhir:budget-range', code: 'a lot' }] }] }
    const res = await post(token, bad)
    expect(res.status).toBe(422)
    expect(res.json.issue[0]).toMatchObject({ expression: ['Bundle.entry[1].resource.orderDetail'], diagnostics: 'Please select a monthly budget' })
    expect(await referralsOf(account.id)).toHaveLength(0)
  })

  test('the door: no token 401; scopes without creating ServiceRequest, or without DocumentReference for a document, 403', async () => {
    expect((await post(null, minimal())).status).toBe(401)
    const readOnly = await system('system/*.rs')
    expect((await post(readOnly.token, minimal())).status).toBe(403)
    const noDocuments = await system('system/Bundle.c system/Patient.c system/ServiceRequest.c system/Task.c')
    expect((await post(noDocuments.token, minimal([documentOf(PDF)]))).status).toBe(403)
    expect(await referralsOf(noDocuments.account.id)).toHaveLength(0)
    expect((await post(noDocuments.token, minimal())).status).toBe(200)
    expect(await referralsOf(noDocuments.account.id)).toHaveLength(1)
    const text = await post((await system()).token, 'x')
    expect(text.status).toBe(400)
    const wrongType = await anonymous().post('/fhir/r4', JSON.stringify(minimal()), { headers: { 'content-type': 'text/plain', authorization: `Bearer ${(await system()).token}` } })
    expect(wrongType.status).toBe(415)
  })
})

describe('the StructureDefinitions of the referral extensions', () => {
  test('each is served, valid R4, a constraint on Extension with its canonical URL; the CapabilityStatement lists them and the transaction; the directory still answers its own', async () => {
    for (const id of REFERRAL_EXTENSION_IDS) {
      const res = await anonymous().get(`/fhir/r4/StructureDefinition/${id}`)
      expect(res.status).toBe(200)
      const sd = res.json
      await expectValid(sd)
      expect(sd).toMatchObject({ resourceType: 'StructureDefinition', id, kind: 'complex-type', type: 'Extension', derivation: 'constraint', baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Extension' })
      expect(sd.url).toEndWith(`/fhir/r4/StructureDefinition/${id}`)
      expect(sd.differential.element.length).toBeGreaterThan(2)
    }
    expect((await anonymous().get('/fhir/r4/StructureDefinition/bed-availability')).status).toBe(200)
    expect((await anonymous().get('/fhir/r4/StructureDefinition/no-such')).status).toBe(404)
    const cs = (await anonymous().get('/fhir/r4/metadata')).json
    await expectValid(cs)
    const text = JSON.stringify(cs)
    for (const id of REFERRAL_EXTENSION_IDS) expect(text).toContain(`/fhir/r4/StructureDefinition/${id}`)
    expect(cs.rest[0].interaction).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'transaction' })]))
  })

  test('the extensions in an export are the served ones (same URL)', async () => {
    const { bundle } = await exported(FULL)
    const request = bundle.entry.find((e) => e.resource.resourceType === 'ServiceRequest')!.resource
    const urls = new Set(request.extension.map((e: { url: string }) => e.url.replace(/^.*\/StructureDefinition\//, '')))
    expect([...urls].sort()).toEqual([...REFERRAL_EXTENSION_IDS].sort())
  })
})
