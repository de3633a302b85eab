import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { audit_logs, disclosures, invitations, jobs, outbox, profiles, referrals, user_roles } from '../../db/schema'
import { clock } from '../../lib/clock'
import { anonymous, createUser, db, setupTestDb } from '../../test/setup'
import { budgetMaxCents } from './referrals.schemas'

setupTestDb()

/** Every field of the six steps, filled in. */
const full = {
  referrer_name: 'Dana Whitfield',
  referrer_relationship: 'case-manager',
  referrer_email: 'Dana.Whitfield@Agency.example',
  referrer_phone: '(555) 010-0100',
  referral_source: 'County hospital discharge',
  client_first_name: 'Eleanor',
  client_last_name: 'Price',
  client_dob: '1948-03-14',
  client_gender: 'female',
  client_phone: '555-010-0200',
  client_previous_address: '12 Elm St, Austin TX',
  client_city: 'Austin',
  client_zip: '78704',
  client_marital_status: 'widowed',
  client_race: 'White',
  client_ethnicity: 'Not Hispanic or Latino',
  client_primary_language: 'English',
  preferred_state: 'tx',
  preferred_cities: ['Austin', 'Round Rock'],
  emergency_contact_name: 'Paul Price',
  emergency_contact_phone: '(555) 010-0300',
  emergency_contact_relationship: 'Son',
  emergency_contact_address: '40 Oak Ave, Dallas TX',
  legal_pending_cases: false,
  legal_current_probation: 'no',
  legal_previous_cj_involvement: 'yes',
  legal_cj_contact_name: 'Officer Reyes',
  legal_cj_contact_phone: '(555) 010-0400',
  client_medical_conditions: 'Type 2 diabetes, mild dementia',
  health_psychiatric_conditions: 'Mild depression',
  health_current_medications: 'Metformin',
  health_allergies: 'Penicillin',
  health_current_provider: 'Austin Family Clinic',
  health_current_doctor: 'Dr. Lee',
  health_doctor_phone: '(555) 010-0500',
  substance_attends_aa_na: true,
  substance_aa_na_frequency: '2',
  substance_last_use_date: '2020-01-31',
  substance_sobriety_length: '5 years',
  income_source: 'Social Security',
  income_people_dependent: 1,
  income_minors_dependent: '0',
  benefits_types: ['SSI', 'Medicare'],
  medicaid_status: 'pending',
  case_manager_name: 'Dana Whitfield',
  case_manager_phone: '(555) 010-0100',
  case_manager_agency: 'Travis County Services',
  requires_wheelchair_accessible: true,
  requires_pet_friendly: false,
  requires_private_room: true,
  requires_medical_care_24_7: false,
  requires_sex_offender_friendly: true,
  budget_range: '$3,000-$4,000',
  client_mobility_needs: 'Walker',
  client_dietary_restrictions: 'Diabetic diet',
  client_behavioral_notes: 'Calm, sociable',
  additional_notes: 'Prefers a quiet home.',
}

/** Only the required fields. */
const minimal = {
  referrer_name: 'Sam Nguyen',
  referrer_relationship: 'family',
  referrer_email: 'sam@example.com',
  referrer_phone: '(555) 010-0600',
  client_first_name: 'Hoa',
  client_last_name: 'Nguyen',
  client_dob: '1952-01-09',
  client_gender: 'other',
  preferred_state: 'WA',
  budget_range: '$5,000+',
}

const countReferrals = async () => (await db.select().from(referrals).all()).length

describe('submitting a referral', () => {
  test('stores every field, pending and masked, for the signed-in referrer', async () => {
    const user = await createUser()
    clock.set(new Date('2025-03-13T12:00:00Z'))
    const res = await user.agent.post('/api/referrals', full)
    clock.reset()
    expect(res.status).toBe(201)
    expect(res.json.referral).toMatchObject({ status: 'pending', client_first_name: 'Eleanor', preferred_state: 'TX' })
    const row = (await db.select().from(referrals).where(eq(referrals.id, res.json.referral.id)).get())!
    expect(row).toMatchObject({
      status: 'pending',
      visibility_level: 'masked',
      referrer_user_id: user.id,
      referrer_email: 'dana.whitfield@agency.example',
      referral_fee_paid: false,
      client_age: 76, // the day before the 77th birthday
      budget_range: '$3,000-$4,000',
      budget_max_cents: 400000,
      preferred_state: 'TX',
      preferred_cities: ['Austin', 'Round Rock'],
      legal_pending_cases: false,
      legal_current_probation: false,
      legal_previous_cj_involvement: true,
      substance_attends_aa_na: true,
      substance_aa_na_frequency: 2,
      income_people_dependent: 1,
      income_minors_dependent: 0,
      benefits_types: ['SSI', 'Medicare'],
      medicaid_status: 'pending',
      client_marital_status: 'widowed',
      health_allergies: 'Penicillin',
      additional_notes: 'Prefers a quiet home.',
    })
  })

  test('the five requirement checkboxes round-trip', async () => {
    const user = await createUser()
    const checked = { requires_wheelchair_accessible: true, requires_pet_friendly: true, requires_private_room: true, requires_medical_care_24_7: true, requires_sex_offender_friendly: true }
    const a = await user.agent.post('/api/referrals', { ...minimal, ...checked })
    const b = await user.agent.post('/api/referrals', { ...minimal, requires_pet_friendly: true, requires_medical_care_24_7: true })
    const one = await user.agent.get(`/api/referrals/${a.json.referral.id}`)
    expect(one.json.referral).toMatchObject(checked)
    const two = await user.agent.get(`/api/referrals/${b.json.referral.id}`)
    expect(two.json.referral).toMatchObject({
      requires_wheelchair_accessible: false,
      requires_pet_friendly: true,
      requires_private_room: false,
      requires_medical_care_24_7: true,
      requires_sex_offender_friendly: false,
    })
  })

  test('blank optional fields are stored as null', async () => {
    const user = await createUser()
    const blanks = Object.fromEntries(
      Object.keys(full)
        .filter((k) => !(k in minimal) && !k.startsWith('requires_'))
        .map((k) => [k, k === 'preferred_cities' || k === 'benefits_types' ? [] : '  ']),
    )
    const res = await user.agent.post('/api/referrals', { ...minimal, ...blanks })
    expect(res.status).toBe(201)
    const row = (await db.select().from(referrals).where(eq(referrals.id, res.json.referral.id)).get())!
    for (const key of Object.keys(blanks)) {
      if (key === 'preferred_cities') expect(row.preferred_cities).toEqual([])
      else expect([key, row[key as keyof typeof row]]).toEqual([key, null])
    }
    expect(row.budget_max_cents).toBeNull() // '$5,000+' has no upper bound
  })

  test('signed out: 401 with the product’s exact text, nothing stored', async () => {
    const before = await countReferrals()
    const res = await anonymous().post('/api/referrals', full)
    expect(res.status).toBe(401)
    expect(res.json.error.message).toBe('Please sign in or create an account to submit referrals.')
    expect(await countReferrals()).toBe(before)
  })

  test('malformed JSON is a 400 and stores nothing', async () => {
    const user = await createUser()
    const before = await countReferrals()
    const res = await user.agent.request('POST', '/api/referrals', { body: '{"referrer_name": ', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(await countReferrals()).toBe(before)
  })

  test.each([
    ['referrer_name', undefined, 'Name is required'],
    ['referrer_name', ' ', 'Name is required'],
    ['referrer_name', 'D', 'Name must be at least 2 characters'],
    ['referrer_name', 'x'.repeat(101), 'Name is too long'],
    ['referrer_relationship', undefined, 'Please select your role'],
    ['referrer_relationship', 'nurse', 'Please select your role'],
    ['referrer_email', undefined, 'Email is required'],
    ['referrer_email', 'not-an-email', 'Invalid email address'],
    ['referrer_email', `${'a'.repeat(250)}@x.com`, 'Email is too long'],
    ['referrer_phone', undefined, 'Phone number is required'],
    ['referrer_phone', 'call me', 'Invalid phone number format'],
    ['referrer_phone', '+1 555 010 0100', 'Invalid phone number format'],
    ['referrer_phone', '555-0100', 'Phone number is too short'],
    ['referrer_phone', '1'.repeat(21), 'Phone number is too long'],
    ['client_first_name', undefined, 'First name is required'],
    ['client_first_name', 'x'.repeat(51), 'First name is too long (at most 50 characters)'],
    ['client_last_name', '', 'Last name is required'],
    ['client_last_name', 'x'.repeat(51), 'Last name is too long (at most 50 characters)'],
    ['client_dob', undefined, 'Date of birth is required'],
    ['client_dob', '03/14/1948', 'Date of birth must be in YYYY-MM-DD format'],
    ['client_dob', '1948-02-30', 'Date of birth must be in YYYY-MM-DD format'],
    ['client_dob', '2999-01-01', 'Date of birth cannot be in the future'],
    ['client_dob', '1850-01-01', 'Please enter a valid date of birth'],
    ['client_gender', undefined, 'Please select a gender'],
    ['client_gender', 'unknown', 'Please select a gender'],
    ['preferred_state', undefined, 'Preferred state is required'],
    ['preferred_state', 'Texas', 'State must be 2 characters'],
    ['preferred_state', 'ZZ', 'Please select a valid state'],
    ['budget_range', undefined, 'Please select a monthly budget'],
    ['budget_range', '$1-$2', 'Please select a monthly budget'],
  ])('required %s = %p → %p, nothing stored', async (field, value, message) => {
    const user = await createUser()
    const before = await countReferrals()
    const res = await user.agent.post('/api/referrals', { ...minimal, [field]: value })
    expect(res.status).toBe(422)
    expect(res.json.error.fields[field]).toBe(message)
    expect(res.json.error.message).toBe(message)
    expect(await countReferrals()).toBe(before)
    expect(await db.select().from(user_roles).where(eq(user_roles.user_id, user.id)).all()).toEqual([])
  })

  test.each([
    ['client_zip', '7870', 'Invalid ZIP code'],
    ['client_zip', '78704-12', 'Invalid ZIP code'],
    ['client_phone', 'abc', 'Invalid phone number format'],
    ['emergency_contact_phone', '1'.repeat(21), 'Phone number is too long'],
    ['legal_cj_contact_phone', '12345', 'Phone number is too short'],
    ['health_doctor_phone', 'x', 'Invalid phone number format'],
    ['case_manager_phone', '555.010.0100', 'Invalid phone number format'],
    ['emergency_contact_name', 'P', 'Emergency contact name must be at least 2 characters'],
    ['emergency_contact_name', 'x'.repeat(101), 'Emergency contact name is too long (at most 100 characters)'],
    ['case_manager_name', 'x'.repeat(101), 'Case manager name is too long (at most 100 characters)'],
    ['client_medical_conditions', 'x'.repeat(1001), 'Medical conditions must be less than 1000 characters'],
    ['health_psychiatric_conditions', 'x'.repeat(1001), 'Psychiatric conditions must be less than 1000 characters'],
    ['health_current_medications', 'x'.repeat(1001), 'Current medications must be less than 1000 characters'],
    ['health_allergies', 'x'.repeat(501), 'Allergies must be less than 500 characters'],
    ['client_mobility_needs', 'x'.repeat(501), 'Mobility needs must be less than 500 characters'],
    ['client_dietary_restrictions', 'x'.repeat(501), 'Dietary restrictions must be less than 500 characters'],
    ['client_behavioral_notes', 'x'.repeat(1001), 'Behavioral notes must be less than 1000 characters'],
    ['additional_notes', 'x'.repeat(2001), 'Additional information must be less than 2000 characters'],
    ['client_previous_address', 'x'.repeat(301), 'Previous address must be less than 300 characters'],
    ['client_primary_language', 'x'.repeat(51), 'Primary language must be less than 50 characters'],
    ['client_marital_status', 'complicated', 'Please select a marital status from the list'],
    ['medicaid_status', 'maybe', 'Please select a Medicaid status from the list'],
    ['benefits_types', ['Lottery'], 'Please choose benefits from the list'],
    ['legal_pending_cases', 'perhaps', 'Please answer yes or no'],
    ['substance_aa_na_frequency', 'often', 'Meetings per week must be a number'],
    ['substance_aa_na_frequency', '1.5', 'Meetings per week must be a whole number'],
    ['income_people_dependent', -1, 'People dependent on the income cannot be negative'],
    ['income_minors_dependent', 21, 'Minors dependent on the income must be 20 or less'],
    ['substance_last_use_date', '2020-13-01', 'Last use date must be in YYYY-MM-DD format'],
    ['substance_last_use_date', '2999-01-01', 'Last use date cannot be in the future'],
    ['preferred_cities', Array.from({ length: 11 }, (_, i) => `City ${i}`), 'Please list at most 10 cities'],
    ['preferred_cities', ['x'.repeat(101)], 'City name is too long'],
    ['requires_pet_friendly', 'sometimes', 'Must be checked or unchecked'],
  ])('optional %s = %p → %p, nothing stored', async (field, value, message) => {
    const user = await createUser()
    const before = await countReferrals()
    const res = await user.agent.post('/api/referrals', { ...minimal, [field]: value })
    expect(res.status).toBe(422)
    const key = Object.keys(res.json.error.fields).find((k) => k === field || k.startsWith(`${field}.`))
    expect(res.json.error.fields[key!]).toBe(message)
    expect(await countReferrals()).toBe(before)
  })

  test('optional limits accept their maximum', async () => {
    const user = await createUser()
    const res = await user.agent.post('/api/referrals', {
      ...minimal,
      client_zip: '78704-1234',
      client_medical_conditions: 'x'.repeat(1000),
      health_allergies: 'x'.repeat(500),
      additional_notes: 'x'.repeat(2000),
      client_first_name: 'x'.repeat(50),
      referrer_name: 'x'.repeat(100),
      referrer_phone: '1'.repeat(20),
      preferred_cities: 'Seattle, Tacoma ,',
    })
    expect(res.status).toBe(201)
    expect(res.json.referral.preferred_cities).toEqual(['Seattle', 'Tacoma'])
  })

  test('the referrer role is added once and other roles are kept', async () => {
    const user = await createUser({ roles: ['operator'] })
    expect((await user.agent.post('/api/referrals', minimal)).status).toBe(201)
    expect((await user.agent.post('/api/referrals', minimal)).status).toBe(201)
    const roles = await db.select({ role: user_roles.role }).from(user_roles).where(eq(user_roles.user_id, user.id)).all()
    expect(roles.map((r) => r.role).sort()).toEqual(['operator', 'referrer'])
    const me = await user.agent.get('/api/me')
    expect(me.json.roles).toContain('referrer')
  })

  test("queues the 'referral_submitted' e-mail to the account, without care data", async () => {
    const user = await createUser()
    const res = await user.agent.post('/api/referrals', full)
    const mails = await db.select().from(outbox).where(eq(outbox.referral_id, res.json.referral.id)).all()
    const submitted = mails.filter((m) => m.type === 'referral_submitted')
    expect(submitted).toHaveLength(1)
    expect(submitted[0]!.to_email).toBe(user.email)
    expect(submitted[0]!.status).toBe('pending')
    for (const secret of ['Eleanor', 'Price', 'diabetes', 'Penicillin', '1948']) {
      expect(submitted[0]!.text_body).not.toContain(secret)
      expect(submitted[0]!.html_body).not.toContain(secret)
    }
    expect(submitted[0]!.text_body).toContain('/referrer-dashboard')
  })

  test('matching runs right away: the fallback job is cancelled', async () => {
    const user = await createUser()
    const res = await user.agent.post('/api/referrals', minimal)
    const job = (await db.select().from(jobs).where(eq(jobs.key, `referral.match:${res.json.referral.id}`)).get())!
    expect(job.status).toBe('cancelled')
  })
})

describe('my referrals', () => {
  test('lists only my own, newest first; active=1 keeps pending, matched and reviewing', async () => {
    const me = await createUser()
    const other = await createUser()
    await other.agent.post('/api/referrals', { ...minimal, client_first_name: 'Other' })
    const ids: string[] = []
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five', 'Six']) {
      const res = await me.agent.post('/api/referrals', { ...minimal, client_first_name: name })
      ids.push(res.json.referral.id)
      clock.advance(1000)
    }
    const statuses = ['pending', 'matched', 'reviewing', 'placed', 'rejected', 'cancelled'] as const
    for (const [i, id] of ids.entries()) {
      await db.update(referrals).set({ status: statuses[i] }).where(eq(referrals.id, id)).run()
    }

    const all = await me.agent.get('/api/referrals/mine')
    expect(all.status).toBe(200)
    expect(all.json.items.map((r: { client_first_name: string }) => r.client_first_name)).toEqual(['Six', 'Five', 'Four', 'Three', 'Two', 'One'])
    const active = await me.agent.get('/api/referrals/mine?active=1')
    expect(active.json.items.map((r: { status: string }) => r.status)).toEqual(['reviewing', 'matched', 'pending'])
    expect(active.json.items[0]).toMatchObject({ id: ids[2], preferred_state: 'WA', budget_range: '$5,000+', matched_operators_count: 0 })

    const summary = await me.agent.get('/api/referrals/mine/summary')
    expect(summary.json).toEqual({ total: 6, pending: 1, matched: 1, placed: 1, closed: 0, cancelled: 1 })
    clock.reset()
  })

  test('signed out: 401 for the list and the summary', async () => {
    expect((await anonymous().get('/api/referrals/mine')).status).toBe(401)
    expect((await anonymous().get('/api/referrals/mine/summary')).status).toBe(401)
  })

  test('a bad active flag is a 422', async () => {
    const me = await createUser()
    expect((await me.agent.get('/api/referrals/mine?active=yes')).status).toBe(422)
  })
})

describe('reading one referral', () => {
  test('full to the owner; no disclosure is recorded for the owner', async () => {
    const owner = await createUser()
    const { json } = await owner.agent.post('/api/referrals', full)
    const res = await owner.agent.get(`/api/referrals/${json.referral.id}`)
    expect(res.status).toBe(200)
    expect(res.json.view).toBe('full')
    expect(res.json.referral).toMatchObject({ client_last_name: 'Price', client_medical_conditions: 'Type 2 diabetes, mild dementia', health_allergies: 'Penicillin', client_dob: '1948-03-14' })
    expect(res.json.referral.key_id).toBeUndefined()
    expect(await db.select().from(disclosures).where(eq(disclosures.referral_id, json.referral.id)).all()).toHaveLength(0)
  })

  test('full to an admin and to an invited operator, each view accounted for', async () => {
    const owner = await createUser()
    const admin = await createUser({ roles: ['admin'] })
    const operator = await createUser({ roles: ['operator'], first_name: 'Olga', last_name: 'Viewer' })
    const { json } = await owner.agent.post('/api/referrals', full)
    const id = json.referral.id

    const byAdmin = await admin.agent.get(`/api/referrals/${id}`)
    expect(byAdmin.status).toBe(200)
    expect(byAdmin.json.referral.client_medical_conditions).toBe('Type 2 diabetes, mild dementia')

    expect((await operator.agent.get(`/api/referrals/${id}`)).status).toBe(404)
    await db.insert(invitations).values({ referral_id: id, operator_id: operator.id, invited_by: owner.id }).run()
    const byOperator = await operator.agent.get(`/api/referrals/${id}`)
    expect(byOperator.status).toBe(200)
    expect(byOperator.json.referral.health_psychiatric_conditions).toBe('Mild depression')

    const seen = await db.select().from(disclosures).where(eq(disclosures.referral_id, id)).all()
    expect(seen.map((d) => [d.viewer_id, d.viewer_role]).sort()).toEqual([[admin.id, 'admin'], [operator.id, 'operator']].sort())
    expect(seen.every((d) => d.ip_address === '203.0.113.7')).toBe(true)
    const audits = await db.select().from(audit_logs).where(and(eq(audit_logs.resource_id, id), eq(audit_logs.action, 'referral.view'))).all()
    expect(audits).toHaveLength(2)
    // The owner sees who accessed the data: operators by the organization's name (else their own), never their
    // login e-mail; staff anonymously; no addresses.
    const accessLog = async () => (await owner.agent.get(`/api/referrals/${id}`)).json.access_log as Array<{ viewer: string; viewer_role: string }>
    expect((await accessLog()).map((e) => e.viewer).sort()).toEqual(['Homeward admin', 'Olga Viewer'].sort())
    await db.update(profiles).set({ organization_name: 'Sunrise Care Homes' }).where(eq(profiles.id, operator.id)).run()
    const log = await accessLog()
    expect(log.map((e) => [e.viewer, e.viewer_role]).sort()).toEqual([['Homeward admin', 'admin'], ['Sunrise Care Homes', 'operator']].sort())
    expect(JSON.stringify(log)).not.toContain(operator.email)
    expect(JSON.stringify(log)).not.toContain('203.0.113.7')
    expect(byOperator.json.access_log).toBeUndefined()
    // An account deleted since: what was recorded then is all that is left, as account deletion rewrote it.
    await db.delete(profiles).where(eq(profiles.id, operator.id)).run()
    await db.update(disclosures).set({ viewer_label: 'deleted user' }).where(eq(disclosures.viewer_id, operator.id)).run()
    expect((await accessLog()).map((e) => e.viewer).sort()).toEqual(['Homeward admin', 'deleted user'].sort())
  })

  test('404 to anyone else and for unknown ids; 401 signed out', async () => {
    const owner = await createUser()
    const stranger = await createUser()
    const { json } = await owner.agent.post('/api/referrals', minimal)
    const res = await stranger.agent.get(`/api/referrals/${json.referral.id}`)
    expect(res.status).toBe(404)
    expect(JSON.stringify(res.json)).not.toContain('Hoa')
    expect((await stranger.agent.get('/api/referrals/no-such-id')).status).toBe(404)
    expect((await anonymous().get(`/api/referrals/${json.referral.id}`)).status).toBe(401)
  })
})

describe('cancelling', () => {
  test('the owner cancels an open referral; it is audited', async () => {
    const owner = await createUser()
    const { json } = await owner.agent.post('/api/referrals', minimal)
    const res = await owner.agent.post(`/api/referrals/${json.referral.id}/cancel`)
    expect(res.status).toBe(200)
    expect(res.json.referral.status).toBe('cancelled')
    expect((await db.select().from(referrals).where(eq(referrals.id, json.referral.id)).get())!.status).toBe('cancelled')
    const audit = await db.select().from(audit_logs).where(and(eq(audit_logs.resource_id, json.referral.id), eq(audit_logs.action, 'referral.cancel'))).get()
    expect(audit?.actor_id).toBe(owner.id)
  })

  test('only the owner: others get 404, admins 403, signed out 401; nothing changes', async () => {
    const owner = await createUser()
    const stranger = await createUser()
    const admin = await createUser({ roles: ['admin'] })
    const { json } = await owner.agent.post('/api/referrals', minimal)
    const path = `/api/referrals/${json.referral.id}/cancel`
    expect((await stranger.agent.post(path)).status).toBe(404)
    const byAdmin = await admin.agent.post(path)
    expect(byAdmin.status).toBe(403)
    expect(byAdmin.json.error.message).toBe('Only the referrer can cancel this referral')
    expect((await anonymous().post(path)).status).toBe(401)
    expect((await stranger.agent.post('/api/referrals/no-such-id/cancel')).status).toBe(404)
    expect((await db.select().from(referrals).where(eq(referrals.id, json.referral.id)).get())!.status).toBe('pending')
  })

  test.each(['placed', 'rejected', 'cancelled'] as const)('not once %s (409)', async (status) => {
    const owner = await createUser()
    const { json } = await owner.agent.post('/api/referrals', minimal)
    await db.update(referrals).set({ status }).where(eq(referrals.id, json.referral.id)).run()
    const res = await owner.agent.post(`/api/referrals/${json.referral.id}/cancel`)
    expect(res.status).toBe(409)
    expect(res.json.error).toMatchObject({ code: 'referral_closed', message: 'This referral can no longer be cancelled' })
    expect((await db.select().from(referrals).where(eq(referrals.id, json.referral.id)).get())!.status).toBe(status)
  })

  test.each(['matched', 'reviewing'] as const)('allowed while %s', async (status) => {
    const owner = await createUser()
    const { json } = await owner.agent.post('/api/referrals', minimal)
    await db.update(referrals).set({ status }).where(eq(referrals.id, json.referral.id)).run()
    expect((await owner.agent.post(`/api/referrals/${json.referral.id}/cancel`)).status).toBe(200)
  })
})

describe('budget ranges', () => {
  test.each([
    ['Under $1,500', 150000],
    ['$1,500-$2,000', 200000],
    ['$3,000-$4,000', 400000],
    ['$5,000+', null],
  ])('%s → %p cents', (range, cents) => {
    expect(budgetMaxCents(range)).toBe(cents)
  })
})
