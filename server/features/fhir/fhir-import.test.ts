import { afterAll, describe, expect, spyOn, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { count } from 'drizzle-orm'
import { env } from '../../env'
import { referrals } from '../../db/schema'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { expectedFrom, SAMPLE_FILES, sampleText } from './fhir-fixtures'
import { RECORD_LIMITS } from './read-record'

setupTestDb()

const importAs = (agent: Awaited<ReturnType<typeof createUser>>['agent'], body: unknown, contentType = 'application/fhir+json') =>
  agent.post('/api/referrals/fhir-import', typeof body === 'string' ? body : JSON.stringify(body), { headers: { 'content-type': contentType } })

const patient = (extra: Record<string, unknown> = {}) => ({ resourceType: 'Patient', name: [{ use: 'official', family: 'Okafor', given: ['Ada', 'N.'] }], gender: 'female', birthDate: '1950-02-03', ...extra })
const collection = (...resources: unknown[]) => ({ resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ resource })) })

describe("the record's clinicians and hospital", () => {
  test('a record without generalPractitioner fills Primary Doctor and Current Healthcare Provider from its Practitioner and Organization; the others are listed, none dropped', async () => {
    const me = await createUser()
    const record = collection(
      patient(),
      { resourceType: 'Practitioner', id: 'p1', name: [{ family: 'Torphy', given: ['Tyron'], prefix: ['Dr.'] }] },
      { resourceType: 'Practitioner', id: 'p2', name: [{ family: 'Second', given: ['Sam'] }] },
      { resourceType: 'Organization', id: 'o1', name: 'Lawrence General Hospital' },
    )
    const res = await importAs(me.agent, record)
    expect(res.status).toBe(200)
    expect(res.json.draft.health_current_doctor).toContain('Tyron Torphy')
    expect(res.json.draft.health_current_provider).toBe('Lawrence General Hospital')
    expect(res.json.skipped).toContainEqual({ resourceType: 'Practitioner', count: 1, reason: 'The form has one Primary Doctor: the first is used' })
    expect(res.json.skipped.some((s: { resourceType: string }) => s.resourceType === 'Organization')).toBe(false)
  })

  test("the Patient's generalPractitioner wins over the record's order, and the unnamed ones are listed", async () => {
    const me = await createUser()
    const record = collection(
      patient({ generalPractitioner: [{ reference: 'Practitioner/p2' }] }),
      { resourceType: 'Practitioner', id: 'p1', name: [{ family: 'First', given: ['Fay'] }] },
      { resourceType: 'Practitioner', id: 'p2', name: [{ family: 'Chosen', given: ['Cy'] }] },
      { resourceType: 'Organization', id: 'o1', name: 'North Clinic' },
      { resourceType: 'Organization', id: 'o2', name: 'South Clinic' },
    )
    const res = await importAs(me.agent, record)
    expect(res.json.draft.health_current_doctor).toBe('Cy Chosen')
    expect(res.json.draft.health_current_provider).toBe('North Clinic')
    expect(res.json.skipped).toContainEqual({ resourceType: 'Practitioner', count: 1, reason: 'The form has one Primary Doctor: the first is used' })
    expect(res.json.skipped).toContainEqual({ resourceType: 'Organization', count: 1, reason: 'The form has one Current Healthcare Provider: the first is used' })
  })
})

describe('importing the sample records', () => {
  for (const file of SAMPLE_FILES) {
    test(`${file.split('_').slice(0, 2).join(' ')}: a draft whose fields match the record, nothing stored`, async () => {
      const me = await createUser()
      const before = (await db.select({ n: count() }).from(referrals).get())!.n
      const res = await importAs(me.agent, sampleText(file))
      expect(res.status).toBe(200)
      const want = expectedFrom(file)
      const { draft, imported, skipped } = res.json
      expect(draft).toMatchObject({ client_first_name: want.first, client_last_name: want.last, client_dob: want.birthDate, client_gender: want.gender })
      for (const m of want.activeMedications) expect(draft.health_current_medications).toContain(m)
      for (const a of want.activeAllergies) expect(draft.health_allergies).toContain(a)
      for (const c of want.activeConditions) expect(draft.client_medical_conditions).toContain(c)
      const listed = `${draft.client_medical_conditions ?? ''} ${draft.health_psychiatric_conditions ?? ''}`
      for (const c of want.resolvedConditions.filter((c) => !want.activeConditions.includes(c))) expect(listed).not.toContain(c)
      for (const m of want.stoppedMedications.filter((m) => !want.activeMedications.includes(m))) expect(draft.health_current_medications ?? '').not.toContain(m)
      if (!want.activeConditions.length) expect(draft.client_medical_conditions).toBeUndefined()
      expect(imported).toEqual(Object.keys(draft))
      expect(skipped).toContainEqual({ resourceType: 'Condition', count: want.resolvedConditions.length, reason: expect.any(String) })
      expect(skipped).toContainEqual({ resourceType: 'Observation', count: expect.any(Number), reason: 'Not part of a referral' })
      expect((await db.select({ n: count() }).from(referrals).get())!.n).toBe(before)
    })
  }
})

describe('what maps where', () => {
  test('a single Patient: official name first, phone, address, marital status, language; US Core race and ethnicity kept apart from the draft', async () => {
    const me = await createUser()
    const res = await importAs(
      me.agent,
      patient({
        name: [{ use: 'usual', given: ['Addie'], family: 'O' }, { use: 'official', family: 'Okafor', given: ['Ada', 'N.'] }],
        gender: 'unknown',
        telecom: [{ system: 'email', value: 'a@b.example' }, { system: 'phone', value: '+1 555.010.0777', use: 'mobile' }],
        address: [{ use: 'home', line: ['12 Elm St'], city: 'Austin', state: 'TX', postalCode: '78704' }],
        maritalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus', code: 'W' }] },
        communication: [{ language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'es', display: 'Spanish' }] }, preferred: true }],
        extension: [
          { url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race', extension: [{ url: 'ombCategory', valueCoding: { system: 'urn:oid:2.16.840.1.113883.6.238', code: '2054-5', display: 'Black or African American' } }, { url: 'text', valueString: 'Black' }] },
          { url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-ethnicity', extension: [{ url: 'ombCategory', valueCoding: { system: 'urn:oid:2.16.840.1.113883.6.238', code: '2135-2', display: 'Hispanic or Latino' } }] },
        ],
      }),
    )
    expect(res.status).toBe(200)
    expect(res.json.draft).toEqual({
      client_first_name: 'Ada N.',
      client_last_name: 'Okafor',
      client_dob: '1950-02-03',
      client_phone: '555-010-0777',
      client_city: 'Austin',
      client_zip: '78704',
      client_previous_address: '12 Elm St, Austin, TX 78704',
      preferred_state: 'TX',
      client_marital_status: 'widowed',
      client_primary_language: 'Spanish',
    })
    // Race and ethnicity go into a referral only if the referrer chooses to include them: offered apart, not filled, not counted as imported.
    expect(res.json.race_ethnicity).toEqual({ client_race: 'Black', client_ethnicity: 'Hispanic or Latino' })
    expect(res.json.imported).not.toContain('client_race')
    expect(res.json.imported).not.toContain('client_ethnicity')
  })

  test('a record without race or ethnicity offers none', async () => {
    const me = await createUser()
    const res = await importAs(me.agent, patient())
    expect(res.status).toBe(200)
    expect(res.json.race_ethnicity).toEqual({})
  })

  test('conditions by kind, medication statements, coverage, the emergency contact, the doctor, documents; a long list cut at a word', async () => {
    const me = await createUser()
    const p = { ...patient({ id: 'p1', generalPractitioner: [{ reference: 'Practitioner/dr1' }, { reference: 'Organization/org1' }] }) }
    const subject = { reference: 'Patient/p1' }
    const active = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] }
    const many = Array.from({ length: 60 }, (_, i) => ({ resourceType: 'Condition', subject, clinicalStatus: active, code: { text: `Chronic condition number ${i + 1}` } }))
    const pdf = Buffer.from('%PDF-1.4 discharge summary').toString('base64')
    const res = await importAs(
      me.agent,
      collection(
        p,
        { resourceType: 'Practitioner', id: 'dr1', name: [{ family: 'Lee', given: ['Grace'], prefix: ['Dr.'] }], telecom: [{ system: 'phone', value: '(555) 010-0500' }] },
        { resourceType: 'Organization', id: 'org1', name: 'Austin Family Clinic' },
        { resourceType: 'Condition', subject, clinicalStatus: active, code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'F33.1', display: 'Major depressive disorder, recurrent, moderate' }] } },
        { resourceType: 'Condition', subject, clinicalStatus: active, code: { coding: [{ system: 'http://snomed.info/sct', code: '58214004', display: 'Schizophrenia' }] } },
        { resourceType: 'Condition', subject, clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'resolved' }] }, abatementDateTime: '2021-05-04', code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'F10.20', display: 'Alcohol dependence' }] } },
        ...many,
        { resourceType: 'MedicationStatement', status: 'active', subject, medicationCodeableConcept: { text: 'Sertraline 50 MG' }, dosage: [{ text: 'once daily' }] },
        { resourceType: 'MedicationStatement', status: 'completed', subject, medicationCodeableConcept: { text: 'Amoxicillin' } },
        { resourceType: 'AllergyIntolerance', patient: subject, clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }] }, code: { text: 'Penicillin' }, reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'severe' }] },
        { resourceType: 'Coverage', status: 'active', beneficiary: subject, payor: [{ display: 'Texas Medicaid' }], type: { coding: [{ system: 'urn:oid:2.16.840.1.113883.3.221.5', code: '2', display: 'MEDICAID' }] } },
        { resourceType: 'RelatedPerson', patient: subject, name: [{ given: ['Paul'], family: 'Okafor' }], telecom: [{ system: 'phone', value: '555-010-0300' }], relationship: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode', code: 'SON', display: 'natural son' }] }] },
        { resourceType: 'DocumentReference', status: 'current', subject, content: [{ attachment: { contentType: 'application/pdf', data: pdf, title: 'Discharge summary.pdf' } }] },
        { resourceType: 'DocumentReference', status: 'current', subject, content: [{ attachment: { contentType: 'text/plain', data: 'aGk=' } }] },
      ),
    )
    expect(res.status).toBe(200)
    const { draft, skipped, documents } = res.json
    expect(draft.health_psychiatric_conditions).toBe('Major depressive disorder, recurrent, moderate; Schizophrenia')
    expect(draft.substance_last_use_date).toBe('2021-05-04')
    expect(draft.client_medical_conditions.length).toBeLessThanOrEqual(1000)
    expect(draft.client_medical_conditions).toStartWith('Chronic condition number 1; Chronic condition number 2;')
    expect(draft.client_medical_conditions).toMatch(/\w…$/)
    expect(skipped).toContainEqual({ resourceType: 'Field', count: 1, reason: "client_medical_conditions was cut to the form's 1000 characters" })
    expect(draft.health_current_medications).toBe('Sertraline 50 MG — once daily')
    expect(skipped).toContainEqual({ resourceType: 'MedicationStatement', count: 1, reason: expect.any(String) })
    expect(draft.health_allergies).toBe('Penicillin (reaction: Hives, severe)')
    expect(draft).toMatchObject({ funding_source: 'medicaid_waiver', medicaid_status: 'active', benefits_types: ['Medicaid'] })
    expect(draft).toMatchObject({ emergency_contact_name: 'Paul Okafor', emergency_contact_phone: '555-010-0300', emergency_contact_relationship: 'natural son' })
    expect(draft).toMatchObject({ health_current_doctor: 'Grace Lee', health_doctor_phone: '(555) 010-0500', health_current_provider: 'Austin Family Clinic' })
    expect(documents).toEqual([{ title: 'Discharge summary.pdf', content_type: 'application/pdf', data: pdf }])
    expect(skipped).toContainEqual({ resourceType: 'DocumentReference', count: 1, reason: expect.any(String) })
  })

  test("the Patient's contact is the emergency contact when there is no RelatedPerson; a searchset is read too", async () => {
    const me = await createUser()
    const res = await importAs(me.agent, {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [{ resource: patient({ contact: [{ relationship: [{ text: 'Daughter' }], name: { text: 'Mary Okafor' }, telecom: [{ system: 'phone', value: '555 010 0900' }] }] }), search: { mode: 'match' } }],
    }, 'application/json')
    expect(res.status).toBe(200)
    expect(res.json.draft).toMatchObject({ emergency_contact_name: 'Mary Okafor', emergency_contact_relationship: 'Daughter', emergency_contact_phone: '555 010 0900' })
  })
})

describe('refusals', () => {
  const refused = async (body: unknown, contentType?: string) => {
    const me = await createUser()
    return importAs(me.agent, body, contentType)
  }

  test('empty, a PDF, cut off, not JSON, not FHIR, a type it cannot use, a Bundle type without a record: 422 invalid_fhir, each with its own message', async () => {
    for (const [body, message] of [
      ['{"resourceType": "Bundle", "type": "collection", "entry": [{"resource": {"resourceType": "Patient", "name": [{"fam', 'The health record is cut off'],
      ['', 'The file is empty'],
      ['  \n', 'The file is empty'],
      ['%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <</Type /Catalog>> endobj', 'The file is a PDF, not a FHIR record'],
      ['resourceType: Bundle', 'not JSON'],
      ['{"resourceType": "Bundle",, }', 'not JSON'],
      [{ hello: 'world' }, 'no resourceType'],
      [{ resourceType: 'Observation', status: 'final', code: { text: 'x' } }, 'cannot start a referral'],
      [{ resourceType: 'Bundle', type: 'history', entry: [] }, 'holds no record'],
    ] as const) {
      const res = await refused(body)
      expect(res.status).toBe(422)
      expect(res.json.error.code).toBe('invalid_fhir')
      expect(res.json.error.message).toContain(message)
    }
  })

  test('a Bundle without a Patient says so', async () => {
    const res = await refused(collection({ resourceType: 'AllergyIntolerance', patient: { reference: 'Patient/x' }, clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }] }, code: { text: 'Peanut' } }))
    expect(res.status).toBe(422)
    expect(res.json.error).toMatchObject({ code: 'invalid_fhir', message: 'The health record has no Patient: a referral needs the client it is for.' })
  })

  test('invalid resources: each issue at its location (structure, type, cardinality, codes), at most 20', async () => {
    const res = await refused(
      collection(
        patient(),
        { resourceType: 'Observation', status: 'not-checked-it-is-not-used' },
        { resourceType: 'Condition', subject: { reference: 'Patient/x' }, clinicalStatus: { coding: [{ code: 'active' }] }, code: { text: 'Asthma' } },
        patient({ birthDate: '03/02/1950', gender: 'bloke', name: 'Ada' }),
        { resourceType: 'MedicationRequest', status: 'accepted-ish', intent: 'order', medicationCodeableConcept: { text: 'X' } },
      ),
    )
    expect(res.status).toBe(422)
    expect(res.json.error.code).toBe('invalid_fhir')
    const fields = res.json.error.fields as Record<string, string>
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['Bundle.entry[3].resource.birthDate', 'Bundle.entry[3].resource.gender', 'Bundle.entry[4].resource.status']))
    expect(Object.keys(fields).some((k) => k.startsWith('Bundle.entry[3].resource.name'))).toBe(true)
    expect(Object.keys(fields).some((k) => k.startsWith('Bundle.entry[4].resource.subject'))).toBe(true) // required, missing
    expect(Object.keys(fields).some((k) => k.startsWith('Bundle.entry[1]'))).toBe(false) // not used, not validated
    expect(fields['Bundle.entry[4].resource.status']).toContain('accepted-ish')
    expect(res.json.error.message).toStartWith('The health record is not valid FHIR R4: Bundle.entry[3].resource')

    const many = await refused(collection(...Array.from({ length: 30 }, () => patient({ birthDate: 'soon' }))))
    expect(Object.keys(many.json.error.fields)).toHaveLength(20)
  })

  test('hostile shapes: too deep, too many entries, over 20 MB (413), another content type (415), signed out (401)', async () => {
    let deep: unknown = { url: 'x' }
    for (let i = 0; i < 200; i++) deep = { url: 'x', extension: [deep] }
    const tooDeep = await refused(patient({ extension: [deep] }))
    expect(tooDeep.status).toBe(422)
    expect(tooDeep.json.error.message).toContain(`more than ${RECORD_LIMITS.depth} levels deep`)

    const crowded = await refused({ resourceType: 'Bundle', type: 'collection', entry: Array.from({ length: RECORD_LIMITS.entries + 1 }, () => ({})) })
    expect(crowded.status).toBe(422)
    expect(crowded.json.error.fields['Bundle.entry']).toBe(`More than ${RECORD_LIMITS.entries} entries`)

    const huge = `{"resourceType":"Patient","text":{"status":"generated","div":"${'x'.repeat(RECORD_LIMITS.bytes)}"}}`
    const big = await refused(huge)
    expect(big.status).toBe(413)
    expect(big.json.error.code).toBe('too_large')

    expect((await refused(patient(), 'text/plain')).status).toBe(415)
    const res = await anonymous().post('/api/referrals/fhir-import', JSON.stringify(patient()), { headers: { 'content-type': 'application/fhir+json' } })
    expect(res.status).toBe(401)
  })
})

describe('the record stays in memory', () => {
  const logs: string[] = []
  const spies = (['log', 'info', 'warn', 'error'] as const).map((m) => spyOn(console, m).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' '))))
  afterAll(() => {
    for (const spy of spies) spy.mockRestore()
  })
  // On PostgreSQL nothing may have created the data folder yet: then nothing was written there either.
  const filesUnder = (dir: string): string[] =>
    !existsSync(dir) ? [] : readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))

  test('neither an import nor a refusal logs the record or writes it to the data folder', async () => {
    const me = await createUser()
    const marker = 'Zyxwvutsonian'
    expect((await importAs(me.agent, patient({ name: [{ family: marker, given: ['Mark'] }] }))).status).toBe(200)
    expect((await importAs(me.agent, patient({ name: [{ family: marker, given: ['Mark'] }], birthDate: 'never' }))).status).toBe(422)
    expect((await importAs(me.agent, `{"resourceType":"Patient","name":[{"family":"${marker}"`)).status).toBe(422)
    expect(logs.join('\n')).not.toContain(marker)
    const written = filesUnder(env.DATA_DIR).filter((f) => statSync(f).size < 50_000_000 && readFileSync(f).includes(marker))
    expect(written).toEqual([])
  })
})
