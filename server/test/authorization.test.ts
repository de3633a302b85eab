/**
 * Authorization matrix ("Proof"): every /api route × every kind of
 * caller → the expected status, and for every answer the absence of what that
 * caller must not see. A route of the app without a row fails the first test,
 * so no endpoint ships without a decision about who may call it.
 *
 * Expected statuses follow the API's status rules (README, Security and privacy):
 *   401 signed out · 403 role or plan (`premium_required`) · 404 not visible to you.
 * Applied as one rule so every row reads the same way:
 *   - a read the caller may not make is a 404 (the thing is not visible to them);
 *   - a write the caller may not make is a 403 when they may read its target
 *     (admins, operators who unlocked or were invited, the other party of a
 *     document) and a 404 when they may not even read it;
 *   - a route gated by role or plan (admin, subscribed operator) is a 403 for
 *     everyone signed in without it, before anything is looked up.
 *
 * One shared world is built through the real API in beforeAll. Rows whose call
 * would change that world (cancel, placement, waitlist, checkout completion,
 * sign-out, ...) act on a fresh target per caller, made the same way.
 *
 * Leak checks run on every answer of every row: each "secret" (the client's
 * care data, each operator's messages and documents, a pending review, a
 * tour visitor's contact) lists the callers allowed to see it; any other
 * caller whose answer contains it fails the row. Objects describing the
 * referral must also not carry the sensitive keys at all for those callers.
 */
import { transaction } from '../db/unit-of-work'
import { beforeAll, describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { createApp } from '../app'
import { disclosures, invitations, outbox, payouts, properties, referral_payments } from '../db/schema'
import { sendBedConfirmation } from '../features/properties/bed-confirmation-links'
import { enqueueEmail } from '../mail/outbox'
import { mailIfWanted, setEmailPreferences } from '../features/notifications'
import { createPlacementAnswerLink } from '../features/marketplace/placement-answer-token'
import { addEhr } from '../features/smart/ehr-registry'
import { addClient } from '../features/systems'
import { CLI_ACTOR } from '../lib/audit'
import { createReferral } from '../features/referrals/create-referral'
import { createReferralSchema } from '../features/referrals/referrals.schemas'
import { createSession, SESSION_COOKIE } from '../features/auth/session'
import { totpCode } from '../features/accounts/two-factor'
import { resetAllLimiters } from '../lib/rate-limit'
import { formWith, mp4Bytes, png } from './media-fixtures'
import { contractProblems, documentedResponses, jsonSchemaOf } from './response-contract'
import { anonymous, createUser, fakeServer, setupTestDb, TEST_PASSWORD, TEST_TOTP_KEY, TestAgent, db } from './setup'

setupTestDb()

// ---------------------------------------------------------------------------
// Callers
// ---------------------------------------------------------------------------

const WHO = ['anon', 'owner', 'referrer', 'free', 'premium', 'interested', 'unlocked', 'invited', 'other', 'admin'] as const
type Who = (typeof WHO)[number]

/** What each caller is (also used to make a fresh account of the same kind). */
const KIND: Record<Exclude<Who, 'anon'>, Parameters<typeof createUser>[0]> = {
  owner: { roles: ['referrer'] }, // owns the referral
  referrer: { roles: ['referrer'] }, // another referrer, with a referral of their own
  free: { roles: ['operator'], plan: 'free' },
  premium: { roles: ['operator'], plan: 'premium', licensing_type: 'licensed' }, // owns the property; no relation to the referral
  interested: { roles: ['operator'], plan: 'premium' }, // expressed interest only
  unlocked: { roles: ['operator'], plan: 'premium' }, // paid: held_in_escrow
  invited: { roles: ['operator'], plan: 'premium' }, // invited by the owner
  other: { roles: ['operator'], plan: 'premium' }, // another operator with a home of their own
  admin: { roles: ['admin'] },
}

/** Who may read the referral's full record (GET /api/referrals/:id). */
const FULL_ACCESS: Who[] = ['owner', 'unlocked', 'invited', 'admin']

type Caller = { who: Who; id: string | null; email: string | null; agent: TestAgent }

// ---------------------------------------------------------------------------
// Expectations
// ---------------------------------------------------------------------------

const OK = 'ok' as const // any 2xx
const PREMIUM = '403:premium_required' as const
type Expect = number | typeof OK | `${number}:${string}`
type Expectations = Record<Who, Expect>

const everyone = (s: Expect) => Object.fromEntries(WHO.map((w) => [w, s])) as Expectations
/** 401 when signed out, `s` for every signed-in caller unless overridden. */
const signedIn = (s: Expect, over: Partial<Expectations> = {}): Expectations => ({ ...everyone(s), anon: 401, ...over })
/** 401 signed out; the listed callers as given; everybody else `otherwise` (404: not visible). */
const only = (allowed: Partial<Expectations>, otherwise: Expect = 404): Expectations => ({ ...everyone(otherwise), anon: 401, ...allowed })
/** Admin routes: 401 signed out, 403 signed in without the admin role. */
const adminOnly = (admin: Expect = OK): Expectations => ({ ...everyone(403), anon: 401, admin })
/** Marketplace routes: subscribed operators (premium, complimentary, admin); referrers and free operators get premium_required. */
const subscribed = (over: Partial<Expectations>): Expectations => ({
  ...everyone(OK),
  anon: 401,
  owner: PREMIUM,
  referrer: PREMIUM,
  free: PREMIUM,
  ...over,
})

type Res = { status: number; json: any; text: string; headers: Headers }
type Ctx = { who: Who; caller: Caller; agent: TestAgent }

type Row = {
  /** `METHOD /api/path` exactly as the app registers it. */
  route: string
  expect: Expectations
  /** The concrete path (required when the route has parameters). */
  path?: (c: Ctx) => string | Promise<string>
  body?: (c: Ctx) => unknown | Promise<unknown>
  form?: (c: Ctx) => FormData | Promise<FormData>
  /** Who makes the call: the caller's own session (default), a new session of the same user, or a new user of the same kind. */
  as?: 'session' | 'fresh-session' | 'fresh-user'
  /** Extra assertions on a successful answer; returns a failure message. */
  check?: (res: Res, c: Ctx) => string | undefined
  /** Server-sent events: only the status and content type are read. */
  stream?: boolean
  /** Binary answer (downloads): no JSON. */
  binary?: boolean
}

// ---------------------------------------------------------------------------
// The shared world
// ---------------------------------------------------------------------------

/** The client's care data: every value is unique, so any appearance in an answer is a leak. */
const CLIENT = {
  first: 'Zephyrine',
  last: 'Quillfeather',
  dob: '1947-11-23',
  medical: 'MEDSECRET congestive heart failure',
}

function referralBody(client = CLIENT) {
  return {
    referrer_name: 'Dana Whitfield',
    referrer_relationship: 'case-manager',
    referrer_email: 'dana.whitfield@agency.example',
    referrer_phone: '(555) 010-0100',
    referral_source: 'SOURCESECRET county hospital discharge',
    client_first_name: client.first,
    client_last_name: client.last,
    client_dob: client.dob,
    client_gender: 'female',
    client_phone: '(555) 313-4242',
    client_previous_address: 'ADDRSECRET 12 Hidden Lane',
    client_city: 'Hushwickton',
    client_zip: '78704',
    client_marital_status: 'widowed',
    client_race: 'White',
    client_ethnicity: 'Not Hispanic or Latino',
    client_primary_language: 'English',
    preferred_state: 'tx',
    preferred_cities: ['Austin'],
    emergency_contact_name: 'Ignatius Emergencyson',
    emergency_contact_phone: '(555) 313-4343',
    emergency_contact_relationship: 'Son',
    emergency_contact_address: 'EMERGSECRET 40 Oak Ave',
    legal_pending_cases: true,
    legal_current_probation: 'yes',
    legal_previous_cj_involvement: 'yes',
    legal_cj_contact_name: 'Officer Legalsecret',
    legal_cj_contact_phone: '(555) 313-4444',
    client_medical_conditions: client.medical,
    health_psychiatric_conditions: 'PSYCHSECRET bipolar disorder',
    health_current_medications: 'MEDSSECRET lithium',
    health_allergies: 'ALLERGYSECRET penicillin',
    health_current_provider: 'PROVIDERSECRET clinic',
    health_current_doctor: 'Dr. Doctorsecret',
    health_doctor_phone: '(555) 313-4545',
    substance_attends_aa_na: true,
    substance_aa_na_frequency: '2',
    substance_last_use_date: '2020-01-31',
    substance_sobriety_length: 'SOBRIETYSECRET 5 years',
    income_source: 'INCOMESECRET social security',
    income_people_dependent: 1,
    income_minors_dependent: '0',
    benefits_types: ['SSDI', 'VA Benefits'],
    medicaid_status: 'not-enrolled',
    case_manager_name: 'Casemanager Secretname',
    case_manager_phone: '(555) 313-4646',
    case_manager_agency: 'AGENCYSECRET county',
    requires_wheelchair_accessible: true,
    requires_pet_friendly: false,
    requires_private_room: false,
    requires_medical_care_24_7: false,
    requires_sex_offender_friendly: false,
    budget_range: '$3,000-$4,000',
    client_mobility_needs: 'MOBILITYSECRET walker',
    client_dietary_restrictions: 'DIETSECRET low sodium',
    client_behavioral_notes: 'BEHAVESECRET calm',
    additional_notes: 'NOTESSECRET prefers quiet',
  }
}

/** Keys that an object about the referral must not carry for callers without full access. */
const SENSITIVE_KEYS = [
  'client_dob', 'client_phone', 'client_previous_address', 'client_city', 'client_zip', 'client_marital_status', 'client_race',
  'client_ethnicity', 'client_primary_language', 'emergency_contact_name', 'emergency_contact_phone', 'emergency_contact_relationship',
  'emergency_contact_address', 'legal_pending_cases', 'legal_current_probation', 'legal_previous_cj_involvement', 'legal_cj_contact_name',
  'legal_cj_contact_phone', 'client_medical_conditions', 'health_psychiatric_conditions', 'health_current_medications', 'health_allergies',
  'health_current_provider', 'health_current_doctor', 'health_doctor_phone', 'substance_attends_aa_na', 'substance_aa_na_frequency',
  'substance_last_use_date', 'substance_sobriety_length', 'income_source', 'income_people_dependent', 'income_minors_dependent',
  'benefits_types', 'medicaid_status', 'case_manager_name', 'case_manager_phone', 'case_manager_agency', 'client_mobility_needs',
  'client_dietary_restrictions', 'client_behavioral_notes', 'additional_notes',
]

type Secret = { label: string; value: string; allowed: Who[] }
const SECRETS: Secret[] = []
const secret = (label: string, value: string, allowed: Who[]) => {
  SECRETS.push({ label, value, allowed: ['admin', ...allowed] })
  return value
}
{
  const body = referralBody()
  const care: Array<[string, string]> = [
    ['referral source', body.referral_source],
    ['client first name', body.client_first_name],
    ['client last name', body.client_last_name],
    ['client birth date', body.client_dob],
    ['client phone', body.client_phone],
    ['client address', body.client_previous_address],
    ['client city', body.client_city],
    ['emergency contact', body.emergency_contact_name],
    ['emergency address', body.emergency_contact_address],
    ['legal contact', body.legal_cj_contact_name],
    ['medical conditions', body.client_medical_conditions],
    ['psychiatric conditions', body.health_psychiatric_conditions],
    ['medications', body.health_current_medications],
    ['allergies', body.health_allergies],
    ['provider', body.health_current_provider],
    ['doctor', body.health_current_doctor],
    ['sobriety', body.substance_sobriety_length],
    ['income', body.income_source],
    ['case manager', body.case_manager_name],
    ['agency', body.case_manager_agency],
    ['mobility', body.client_mobility_needs],
    ['diet', body.client_dietary_restrictions],
    ['behavioral notes', body.client_behavioral_notes],
    ['additional notes', body.additional_notes],
  ]
  for (const [label, value] of care) secret(label, value, FULL_ACCESS)
}
const OTHER_CLIENT = { first: 'Bartholomew', last: 'Otherclientson', dob: '1950-05-06', medical: 'OTHERMEDSECRET asthma' }
secret("other referrer's client", OTHER_CLIENT.last, ['referrer'])
secret("other referrer's client care data", OTHER_CLIENT.medical, ['referrer'])
const MSG = {
  ownerToInterested: secret('owner → interested operator message', 'MSGSECRET owner-to-interested', ['owner', 'interested']),
  interested: secret("interested operator's message", 'MSGSECRET from-interested', ['owner', 'interested']),
  unlocked: secret("unlocked operator's message", 'MSGSECRET from-unlocked', ['owner', 'unlocked']),
  invited: secret("invited operator's message", 'MSGSECRET from-invited', ['owner', 'invited']),
}
const DOC = {
  unlocked: secret("unlocked operator's document", 'DOCSECRET unlocked-exchange', ['owner', 'unlocked']),
  shared: secret('document shared with operators who may see the referral', 'DOCSECRET shared-with-access', ['owner', 'unlocked', 'invited']),
}
const DOC_CONTENT = secret("a document's content", 'DOCSECRET content of the file', ['owner', 'unlocked', 'invited'])
const INVITATION_NOTE = secret("the owner's invitation note", 'NOTESECRET please have a look', ['owner', 'invited'])
const TOUR_VISITOR_EMAIL = secret("tour visitor's e-mail", 'tourvisitor-secret@example.com', ['premium'])
const PENDING_REVIEW = secret('review awaiting approval', 'REVIEWSECRET waiting for the operator', ['owner', 'premium'])
const LICENSE_PROOF = secret("premium operator's license proof", 'LICENSESECRET TX-4455', ['premium'])
/**
 * Sealed referral data (care fields, messages, documents, the invitation note):
 * an answer that shows any of it to an operator or an admin is a disclosure.
 */
// A license proof is the operator's own document, not referral data: no disclosure row (its admin downloads are audited instead).
const SEALED_MARKERS = [...SECRETS.map((s) => s.value).filter((v) => v !== TOUR_VISITOR_EMAIL && v !== PENDING_REVIEW && v !== LICENSE_PROOF), 'Checkoutclient']
/** What each operator wrote themselves: shown back to its author, no disclosure. */
const WRITTEN_BY: Partial<Record<Who, string[]>> = { interested: [MSG.interested], unlocked: [MSG.unlocked, DOC.unlocked], invited: [MSG.invited] }

const callers = {} as Record<Who, Caller>
const w = {
  referralId: '',
  otherReferralId: '',
  propertyId: '',
  otherPropertyId: '',
  premiumUsername: '',
  conversations: { interested: '', unlocked: '', invited: '' },
  documents: { unlocked: '', shared: '' },
  reviewToken: '',
  tourId: '',
  reviewReferralId: '',
}
/** Every referral that carries CLIENT's care data (the shared one and the fresh ones). */
const careReferrals = new Set<string>()

const app = createApp()
/** The responses each route documents (its describeRoute), and the routes whose documented JSON body a real answer was checked against. */
const DOCUMENTED = documentedResponses(app)
const CHECKED = new Set<string>()
/** Routes no caller of the matrix gets a success answer from, and where their answer is checked instead. */
const UNCHECKED: Record<string, string> = {
  'POST /api/referrals/:id/unlock': 'every operator here meets a held escrow slot; openapi.test.ts unlocks one',
  'POST /api/auth/2fa/disable': 'only the admin has two-factor on here, and may not turn it off; openapi.test.ts turns it off',
  'POST /api/webhooks/stripe': 'needs a signed Stripe event (billing/stripe.test.ts)',
  'POST /api/smart/draft': 'needs a launch through an EHR in the same browser (smart/smart-launch.test.ts holds the answer to its schema)',
}
let ipCounter = 10
const nextIp = () => `198.51.100.${ipCounter++ % 250}`

function must(res: Res, what: string, status: number | 'ok' = 'ok') {
  const good = status === 'ok' ? res.status >= 200 && res.status < 300 : res.status === status
  if (!good) throw new Error(`fixture: ${what} → ${res.status} ${res.text.slice(0, 300)}`)
  return res.json
}

/** Every uploaded document's content carries a marker: a download that shows it is a disclosure. */
const PDF = (line = DOC_CONTENT) =>
  new TextEncoder().encode(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${line}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`)

function documentForm(description: string, opts: { requires_signature?: boolean; filename?: string } = {}) {
  const form = new FormData()
  // The content carries the same marker as the description: whoever may see one may see the other.
  form.append('file', new File([PDF(description)], opts.filename ?? 'file.pdf', { type: 'application/pdf' }))
  form.append('description', description)
  if (opts.requires_signature) form.append('requires_signature', 'true')
  return form
}

const propertyBody = (name: string) => ({
  name,
  address: '12 Main Street',
  city: 'Austin',
  state: 'tx',
  zip_code: '78704',
  description: 'A calm family-style home.',
  total_beds: 6,
  available_beds: 2,
  monthly_fee: 3200,
  license_number: 'LIC-1',
})

/** A new property of the premium operator (through the API). */
async function newPremiumProperty(name = 'Scratch House') {
  return must(await callers.premium.agent.post('/api/my/properties', propertyBody(name)), 'create property').property.id as string
}

/** A new referral of the owner with CLIENT's care data (through the referrals service). */
async function newOwnerReferral() {
  const owner = callers.owner
  const referral = await createReferral(db, createReferralSchema.parse(referralBody()), { id: owner.id!, email: owner.email! })
  careReferrals.add(referral.id)
  return referral.id
}

/** The three relations of the shared world, made through the API on `referralId`. */
async function relate(referralId: string) {
  must(await callers.interested.agent.post(`/api/referrals/${referralId}/interest`), 'interest')
  await unlock(callers.unlocked, referralId)
  must(
    await callers.owner.agent.post('/api/invitations', { referral_id: referralId, operator_id: callers.invited.id, message: INVITATION_NOTE }),
    'invitation',
  )
}

/** Unlock through the API: take the slot, then complete the offline checkout. */
async function unlock(operator: Caller, referralId: string) {
  const started = must(await operator.agent.post(`/api/referrals/${referralId}/unlock`), 'unlock')
  must(await operator.agent.post(`/api/pay/offline/unlock/${started.payment_id}/complete`), 'complete unlock checkout')
  const payment = await db.select().from(referral_payments).where(eq(referral_payments.id, started.payment_id)).get()
  if (payment?.status !== 'held_in_escrow') throw new Error(`fixture: unlock payment is ${payment?.status}`)
  return started.payment_id as string
}

/** A fresh referral with the same relations as the shared one. */
async function relatedReferral() {
  const id = await newOwnerReferral()
  await relate(id)
  return id
}

/** A payout owed on a fresh related referral (its payment as if released): the target of the admin's payout routes. */
async function owedPayout() {
  const id = await relatedReferral()
  const payment = (await db.select().from(referral_payments).where(eq(referral_payments.referral_id, id)).get())!
  const [payout] = await db
    .insert(payouts)
    .values({ payment_id: payment.id, referral_id: id, referrer_user_id: callers.owner.id, amount_cents: payment.amount_cents, status: 'owed' })
    .returning()
  return payout!.id
}

/** The token of a fresh account's password-reset link, as its e-mail carries it. */
async function resetLinkToken() {
  const target = await createUser({ roles: ['referrer'] })
  must(await new TestAgent(app, nextIp()).post('/api/auth/forgot-password', { email: target.email }), 'forgot password')
  const mail = (await db.select().from(outbox).where(eq(outbox.to_email, target.email)).all()).filter((m) => m.type === 'password_reset').at(-1)
  return /token=([a-z0-9]+)/.exec(mail?.text_body ?? '')?.[1]
}

/** The invited operator's invitation on a fresh related referral (accept / decline). */
async function invitationOfRelated() {
  const referralId = await relatedReferral()
  return (await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.referral_id, referralId), eq(invitations.operator_id, callers.invited.id!)))
    .get())!.id
}

/** A pending unlock checkout of the premium operator on a fresh referral: the target of the offline checkout routes. */
async function pendingUnlockCheckout() {
  // Completing it unlocks this referral for the premium operator: it must not carry CLIENT's data.
  const body = referralBody({ first: 'Checkoutclient', last: 'Scratch', dob: '1955-02-02', medical: 'none' })
  const { id } = await createReferral(db, createReferralSchema.parse(body), { id: callers.owner.id!, email: callers.owner.email! })
  const started = must(await callers.premium.agent.post(`/api/referrals/${id}/unlock`), 'start unlock')
  return `/api/pay/offline/unlock/${started.payment_id}`
}

/** A placed referral matched to the premium operator's home, and the token of its review-request e-mail. */
async function placedReferralWithReviewLink() {
  const id = await newOwnerReferral()
  must(await callers.admin.agent.patch(`/api/admin/referrals/${id}`, { status: 'placed', matched_property_id: w.propertyId }), 'place referral')
  const mail = (await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.referral_id, id), eq(outbox.type, 'review_request')))
    .all())
    .at(-1)
  const token = /token=([A-Za-z0-9%_-]+)/.exec(mail?.text_body ?? '')?.[1]
  if (!token) throw new Error('fixture: no review-request e-mail')
  return { id, token: decodeURIComponent(token) }
}

async function conversationOf(operator: Caller, referralId: string) {
  const list = must(await operator.agent.get(`/api/conversations?referral_id=${referralId}&as=operator`), 'conversations')
  const id = list.items[0]?.id as string | undefined
  if (!id) throw new Error(`fixture: no conversation for ${operator.who}`)
  return id
}

/** A caller's agent for one call. */
async function agentFor(row: Row, who: Who): Promise<{ caller: Caller; agent: TestAgent }> {
  const base = callers[who]
  const as = row.as ?? 'session'
  if (as === 'session' || who === 'anon') {
    if (as !== 'session') return { caller: base, agent: new TestAgent(app, nextIp()) }
    return { caller: base, agent: base.agent }
  }
  if (as === 'fresh-user') {
    const u = await createUser(KIND[who])
    u.agent.ip = nextIp()
    return { caller: { who, id: u.id, email: u.email, agent: u.agent }, agent: u.agent }
  }
  const admin = who === 'admin'
  const { token } = await createSession(db, { userId: base.id!, isAdmin: admin, twoFactorVerified: admin })
  const agent = new TestAgent(app, nextIp())
  agent.cookie = `${SESSION_COOKIE}=${token}`
  return { caller: base, agent }
}

beforeAll(async () => {
  callers.anon = { who: 'anon', id: null, email: null, agent: new TestAgent(app, nextIp()) }
  for (const who of WHO) {
    if (who === 'anon') continue
    const username = who === 'premium' || who === 'other' ? `${who}-home-${crypto.randomUUID().slice(0, 6)}` : undefined
    const u = await createUser({ ...KIND[who], username, first_name: `Caller-${who}` })
    u.agent.app = app
    u.agent.ip = nextIp()
    callers[who] = { who, id: u.id, email: u.email, agent: u.agent }
    if (who === 'premium') w.premiumUsername = username!
  }

  // Homes: the premium operator's (with a photo) and the other operator's.
  w.propertyId = await newPremiumProperty('Premium Home')
  must(await callers.premium.agent.upload(`/api/my/properties/${w.propertyId}/images`, formWith([{ bytes: await png(), filename: 'a.png' }])), 'photo')
  w.otherPropertyId = must(await callers.other.agent.post('/api/my/properties', propertyBody('Other Home')), 'other property').property.id
  must(await callers.free.agent.post('/api/my/properties', propertyBody('Free Home')), 'free property')

  // The referral, submitted through the API, and one of the other referrer.
  w.referralId = must(await callers.owner.agent.post('/api/referrals', referralBody()), 'submit referral', 201).referral.id
  careReferrals.add(w.referralId)
  w.otherReferralId = must(await callers.referrer.agent.post('/api/referrals', referralBody(OTHER_CLIENT)), 'other referral', 201).referral.id

  // Interest, unlock (offline checkout), invitation.
  await relate(w.referralId)

  // Conversations and messages.
  w.conversations.interested = await conversationOf(callers.interested, w.referralId)
  w.conversations.unlocked = await conversationOf(callers.unlocked, w.referralId)
  w.conversations.invited = await conversationOf(callers.invited, w.referralId)
  const say = async (who: Who, conversation: string, text: string) =>
    must(await callers[who].agent.post(`/api/conversations/${conversation}/messages`, { message_text: text }), `message from ${who}`)
  await say('owner', w.conversations.interested, MSG.ownerToInterested)
  await say('interested', w.conversations.interested, MSG.interested)
  await say('unlocked', w.conversations.unlocked, MSG.unlocked)
  await say('invited', w.conversations.invited, MSG.invited)

  // Documents: one in the unlocked operator's exchange, one the owner shares with every operator who may see the referral.
  w.documents.unlocked = must(
    await callers.unlocked.agent.upload(`/api/referrals/${w.referralId}/documents`, documentForm(DOC.unlocked)),
    'unlocked document',
  ).id
  w.documents.shared = must(
    await callers.owner.agent.upload(`/api/referrals/${w.referralId}/documents`, documentForm(DOC.shared)),
    'shared document',
  ).id

  // A tour request at the premium home.
  w.tourId = must(
    await anonymous().post('/api/tours', {
      property_id: w.propertyId,
      visitor_name: 'Tour Visitor',
      visitor_email: TOUR_VISITOR_EMAIL,
      visitor_phone: '(555) 222-3333',
      scheduled_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      scheduled_time: '10:30',
      notes: '',
    }),
    'tour',
  ).id

  // A placed referral whose review link is still unused, and a review awaiting the operator's approval.
  const link = await placedReferralWithReviewLink()
  w.reviewToken = link.token
  w.reviewReferralId = link.id
  const reviewed = await placedReferralWithReviewLink()
  must(
    await anonymous().post('/api/reviews', {
      token: reviewed.token,
      referral_id: reviewed.id,
      reviewer_name: 'Dana Whitfield',
      reviewer_email: 'dana.whitfield@agency.example',
      rating: 4,
      communication_rating: 4,
      professionalism_rating: 4,
      facility_quality_rating: 4,
      overall_experience_rating: 4,
      review_text: PENDING_REVIEW,
    }),
    'review',
  )
}, 120_000)

// ---------------------------------------------------------------------------
// Leak checks
// ---------------------------------------------------------------------------

function sensitiveKeysIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) sensitiveKeysIn(v, found)
  else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>
    const about = [obj.id, obj.referral_id].some((id) => typeof id === 'string' && careReferrals.has(id))
    if (about) for (const key of SENSITIVE_KEYS) if (key in obj) found.push(key)
    for (const v of Object.values(obj)) sensitiveKeysIn(v, found)
  }
  return found
}

function leaks(res: Res, who: Who): string[] {
  const out: string[] = []
  for (const s of SECRETS) if (!s.allowed.includes(who) && res.text.includes(s.value)) out.push(`leaks the ${s.label}`)
  if (!FULL_ACCESS.includes(who)) {
    const keys = [...new Set(sensitiveKeysIn(res.json))]
    if (keys.length) out.push(`carries care-data fields of the referral: ${keys.join(', ')}`)
  }
  return out
}

/** Success checks: what an allowed caller must find (so the leak checks are not vacuous). */
const contains =
  (...values: string[]) =>
  (res: Res) => {
    const missing = values.filter((v) => !res.text.includes(v))
    return missing.length ? `answer lacks ${missing.join(', ')}` : undefined
  }
const containsFor =
  (map: Partial<Record<Who, string[]>>) =>
  (res: Res, c: Ctx) =>
    contains(...(map[c.who] ?? []))(res)

// ---------------------------------------------------------------------------
// The matrix
// ---------------------------------------------------------------------------

const visitorTour = (c: Ctx) => ({
  property_id: w.propertyId,
  visitor_name: `Visitor ${c.who}`,
  visitor_email: `visitor-${c.who}@example.com`,
  visitor_phone: '(555) 444-5555',
  scheduled_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  scheduled_time: '14:00',
  notes: '',
})

/** A new tour request at the premium home (anonymous visitor). */
async function newTour() {
  return must(await new TestAgent(app, nextIp()).post('/api/tours', visitorTour({ who: 'anon' } as Ctx)), 'tour').id as string
}

/** A PDF of license proof whose text is `marker`. */
const licenseProofForm = (marker: string) => {
  const form = new FormData()
  form.append('file', new File([new TextEncoder().encode(`%PDF-1.4\n% ${marker}\n%%EOF\n`)], 'license.pdf', { type: 'application/pdf' }))
  return form
}

/** The premium operator's license proof (uploaded once, through the API). */
let premiumProofId = ''
async function premiumLicenseProof() {
  premiumProofId ||= must(await callers.premium.agent.upload('/api/my/license-proofs', licenseProofForm(LICENSE_PROOF)), 'license proof').proofs[0].id
  return premiumProofId
}

/** A pending license proof of a new operator: the target of one admin decision. */
async function pendingLicenseProof() {
  const u = await createUser({ roles: ['operator'] })
  u.agent.app = app
  return must(await u.agent.upload('/api/my/license-proofs', licenseProofForm('a scratch proof')), 'scratch license proof').proofs[0].id as string
}

/** Operators (ADR 001: also no role) may hold license proof; referrers and admins may not. */
const proofHolders = (s: Expect): Expectations => ({ ...everyone(s), anon: 401, owner: 403, referrer: 403, admin: 403 })

/**
 * A tour at the premium home with a new time proposed by its operator (issue
 * 15), and the token of the link e-mailed to its visitor (one per call).
 */
async function rescheduleLink() {
  const visitor_email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`
  const tour = must(await new TestAgent(app, nextIp()).post('/api/tours', { ...visitorTour({ who: 'anon' } as Ctx), visitor_email }), 'tour').id as string
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  must(await callers.premium.agent.post(`/api/tours/${tour}/reschedule`, { scheduled_date: later, scheduled_time: '11:00' }), 'reschedule')
  const mail = await db.select().from(outbox).where(and(eq(outbox.to_email, visitor_email), eq(outbox.type, 'tour_reschedule_proposed'))).get()
  const token = /token=([a-z0-9]+)/.exec(mail?.text_body ?? '')?.[1]
  if (!token) throw new Error('fixture: no reschedule e-mail')
  return token
}

/** The interested operator's waitlist entry on a fresh related referral (renew). */
async function waitlistEntryOfRelated() {
  const id = await relatedReferral()
  return must(await callers.interested.agent.post(`/api/referrals/${id}/waitlist`, { needs: 'A ground-floor room' }), 'join waitlist').id as string
}

/** A new review of the premium home, awaiting approval. */
async function newReview() {
  const link = await placedReferralWithReviewLink()
  must(
    await anonymous().post('/api/reviews', {
      token: link.token,
      referral_id: link.id,
      reviewer_name: 'Dana Whitfield',
      reviewer_email: 'dana.whitfield@agency.example',
      rating: 5,
      communication_rating: 5,
      professionalism_rating: 5,
      facility_quality_rating: 5,
      overall_experience_rating: 5,
      review_text: 'A warm and attentive home.',
    }),
    'review',
  )
  return must(await callers.premium.agent.get('/api/my/reviews'), 'my reviews').items.find((r: any) => r.referral_id === link.id).id as string
}

const PUBLIC: Row[] = [
  { route: 'GET /api/health', expect: everyone(OK) },
  { route: 'GET /api/config', expect: everyone(OK) },
  { route: 'GET /api/openapi.json', expect: everyone(OK) },
  { route: 'GET /api/geo/zip/:zip', path: () => '/api/geo/zip/78704', expect: everyone(OK) },
  { route: 'GET /api/properties', path: () => '/api/properties?state=TX', expect: everyone(OK) },
  { route: 'GET /api/properties/:id', path: () => `/api/properties/${w.propertyId}`, expect: everyone(OK) },
  { route: 'GET /api/properties/:id/nearby', path: () => `/api/properties/${w.propertyId}/nearby`, expect: everyone(OK) },
  { route: 'GET /api/operators', path: () => '/api/operators?state=TX', expect: everyone(OK) },
  { route: 'GET /api/operators/:username', path: () => `/api/operators/${w.premiumUsername}`, expect: everyone(OK) },
  {
    route: 'POST /api/operators/:username/views',
    path: () => `/api/operators/${w.premiumUsername}/views`,
    body: () => ({ referrer_url: null }),
    expect: everyone(OK),
  },
  // Visitors request tours without an account; premium homes only.
  { route: 'POST /api/tours', body: visitorTour, expect: everyone(OK) },
  // The e-mailed link is the credential: whoever holds a valid one answers the proposed time, signed in or not (a fresh link per call).
  { route: 'GET /api/tour-reschedules/:token', path: async () => `/api/tour-reschedules/${await rescheduleLink()}`, expect: everyone(OK) },
  {
    route: 'POST /api/tour-reschedules/:token',
    path: async () => `/api/tour-reschedules/${await rescheduleLink()}`,
    body: () => ({ answer: 'accept' }),
    expect: everyone(OK),
  },
]

const AUTH: Row[] = [
  {
    route: 'POST /api/auth/sign-up',
    as: 'fresh-session',
    body: (c) => ({
      email: `signup-${c.who}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'a-long-password',
      first_name: 'New',
      last_name: 'Person',
      phone: '(555) 010-9999',
    }),
    expect: everyone(OK),
  },
  {
    route: 'POST /api/auth/sign-in',
    as: 'fresh-session',
    body: (c) => ({ email: c.caller.email ?? callers.free.email, password: TEST_PASSWORD }),
    expect: everyone(OK),
  },
  // The no-JavaScript form: anyone may post it; it answers with a redirect (303) whether or not the password is right.
  { route: 'POST /api/auth/sign-in/form', as: 'fresh-session', expect: everyone(303) },
  { route: 'POST /api/auth/sign-out', as: 'fresh-session', expect: everyone(OK) },
  { route: 'GET /api/me', expect: everyone(OK) },
  {
    route: 'POST /api/auth/forgot-password',
    body: (c) => ({ email: c.caller.email ?? `nobody-${crypto.randomUUID().slice(0, 8)}@example.com` }),
    expect: everyone(OK),
  },
  {
    // The link is the credential: anyone holding a valid one may use it (a new session, signed in as its owner).
    route: 'POST /api/auth/reset-password',
    as: 'fresh-session',
    body: async () => ({ token: await resetLinkToken(), password: 'another-long-password' }),
    expect: everyone(OK),
  },
  {
    // Checking a reset link spends nothing; anyone holding a valid link may ask.
    route: 'POST /api/auth/reset-password/check',
    body: async () => ({ token: await resetLinkToken() }),
    expect: everyone(OK),
  },
  {
    route: 'POST /api/auth/verify-email',
    body: async () => {
      const agent = new TestAgent(app, nextIp())
      const email = `verify-${crypto.randomUUID().slice(0, 8)}@example.com`
      must(await agent.post('/api/auth/sign-up', { email, password: 'a-long-password', first_name: 'V', last_name: 'E', phone: '(555) 010-9999' }), 'sign-up')
      const mail = (await db.select().from(outbox).where(eq(outbox.to_email, email)).all()).filter((m) => m.type === 'email_verification').at(-1)
      return { token: /token=([a-z0-9]+)/.exec(mail?.text_body ?? '')?.[1] }
    },
    expect: everyone(OK),
  },
  { route: 'POST /api/auth/resend-verification', expect: signedIn(OK) },
  // Test admins are enrolled already.
  { route: 'POST /api/auth/2fa/setup', as: 'fresh-user', expect: signedIn(OK, { admin: 409 }) },
  {
    route: 'POST /api/auth/2fa/enable',
    as: 'fresh-user',
    body: async (c) => {
      const setup = await c.agent.post('/api/auth/2fa/setup')
      if (setup.status !== 200) return { code: '000000' }
      const { decodeBase32IgnorePadding } = await import('@oslojs/encoding')
      return { code: totpCode(decodeBase32IgnorePadding(setup.json.secret)) }
    },
    expect: signedIn(OK, { admin: 409 }),
  },
  {
    // The second step of sign-in: only a session that passed the password step and awaits its code.
    route: 'POST /api/auth/2fa/verify',
    as: 'fresh-session',
    // The admin calls from a session that passed the password step only (test admins are enrolled); for
    // everyone else there is no pending step, fully signed in or not.
    body: async (c) => {
      if (c.who === 'admin') {
        const { token } = await createSession(db, { userId: callers.admin.id!, isAdmin: true, twoFactorVerified: false })
        c.agent.cookie = `${SESSION_COOKIE}=${token}`
      }
      return { code: totpCode(TEST_TOTP_KEY) }
    },
    expect: { ...everyone(401), admin: OK },
  },
  {
    route: 'POST /api/auth/2fa/disable',
    body: () => ({ password: TEST_PASSWORD, code: totpCode(TEST_TOTP_KEY) }),
    // Nobody but the admin has it on; admins may not turn it off.
    expect: signedIn(409, { admin: 403 }),
  },
  { route: 'GET /api/auth/sessions', expect: signedIn(OK) },
  { route: 'POST /api/auth/sessions/revoke-others', as: 'fresh-user', expect: signedIn(OK) },
  // The switcher's choice, saved on one's own account (ADR 037).
  { route: 'PUT /api/me/language', as: 'fresh-user', body: () => ({ language: 'es' }), expect: signedIn(OK) },
  // Payout details: only referrers are paid referral fees (each her own; admins read them through the audited payee route).
  { route: 'GET /api/me/payout-details', expect: only({ owner: OK, referrer: OK }, 403) },
  {
    route: 'PUT /api/me/payout-details',
    as: 'fresh-user',
    body: () => ({ method: 'check', payee_name: 'Dana Whitfield', details: '12 Payout Lane, Austin TX 78701' }),
    expect: only({ owner: OK, referrer: OK }, 403),
  },
  { route: 'GET /api/me/payouts', expect: signedIn(OK) },
  // Danger Zone: a new account of each kind deletes itself (the admin is not the last one).
  { route: 'DELETE /api/me', as: 'fresh-user', body: () => ({ password: TEST_PASSWORD }), expect: signedIn(OK) },
]

const REFERRALS: Row[] = [
  // Any signed-in user may submit (the referrer role is added); fresh accounts so the callers' roles stay as they are.
  {
    route: 'POST /api/referrals',
    as: 'fresh-user',
    body: () => referralBody({ first: 'Newclient', last: 'Submitted', dob: '1960-01-01', medical: 'none' }),
    expect: signedIn(OK),
  },
  {
    route: 'GET /api/referrals/mine',
    expect: signedIn(OK),
    check: containsFor({ owner: [CLIENT.first], referrer: [OTHER_CLIENT.last] }),
  },
  { route: 'GET /api/referrals/mine/summary', expect: signedIn(OK) },
  {
    route: 'GET /api/referrals/:id',
    path: () => `/api/referrals/${w.referralId}`,
    expect: only({ owner: OK, unlocked: OK, invited: OK, admin: OK }),
    check: contains(CLIENT.first, CLIENT.last, CLIENT.dob, CLIENT.medical),
  },
  {
    // The referral as FHIR R4, to exactly those who may read it in full; documents as links, by what each may open.
    route: 'GET /api/referrals/:id/fhir',
    path: () => `/api/referrals/${w.referralId}/fhir`,
    expect: only({ owner: OK, unlocked: OK, invited: OK, admin: OK }),
    check: containsFor({
      owner: [CLIENT.first, CLIENT.last, CLIENT.dob, CLIENT.medical, DOC.unlocked, DOC.shared],
      unlocked: [CLIENT.first, CLIENT.medical, DOC.unlocked, DOC.shared],
      invited: [CLIENT.first, CLIENT.medical, DOC.shared],
      admin: [CLIENT.first, CLIENT.medical, DOC.unlocked, DOC.shared],
    }),
  },
  {
    // Only the browser that made a SMART launch holds its cookie: without it there is no draft to take (smart-launch.test.ts).
    route: 'POST /api/smart/draft',
    expect: signedIn(404),
  },
  {
    // Nothing is stored: any signed-in account may turn a record into a draft of the form.
    route: 'POST /api/referrals/fhir-import',
    body: () => ({ resourceType: 'Patient', name: [{ family: 'Imported', given: ['Draft'] }], gender: 'female', birthDate: '1950-01-01' }),
    expect: signedIn(OK),
    check: contains('"client_last_name":"Imported"'),
  },
  {
    route: 'POST /api/referrals/:id/cancel',
    path: async () => `/api/referrals/${await relatedReferral()}/cancel`,
    expect: only({ owner: OK, unlocked: 403, invited: 403, admin: 403 }),
  },
  {
    // Only the referrer closes, and only without an open escrow payment (a fresh referral has none).
    route: 'POST /api/referrals/:id/close',
    path: async () => `/api/referrals/${await newOwnerReferral()}/close`,
    body: () => ({ outcome: 'no_longer_needed' }),
    expect: only({ owner: OK, admin: 403 }),
  },
  {
    // "Not a fit": operators matched or invited (here: invited); those who may read the referral otherwise get 403.
    route: 'POST /api/referrals/:id/decline',
    path: async () => `/api/referrals/${await relatedReferral()}/decline`,
    body: () => ({ reason: 'no_bed' }),
    expect: only({ invited: OK, owner: 403, unlocked: 403, admin: 403 }),
  },
  { route: 'GET /api/my/invitations', expect: signedIn(OK) },
  {
    route: 'POST /api/invitations/:id/accept',
    path: async () => `/api/invitations/${await invitationOfRelated()}/accept`,
    expect: only({ invited: OK, owner: 403, admin: 403 }),
  },
  {
    route: 'POST /api/invitations/:id/decline',
    path: async () => `/api/invitations/${await invitationOfRelated()}/decline`,
    body: () => ({ reason: 'level_of_care', note: 'Needs skilled nursing' }),
    expect: only({ invited: OK, owner: 403, admin: 403 }),
  },
  {
    route: 'POST /api/invitations',
    // A new premium operator each time, so no caller gains access to the referral's care data.
    body: async () => ({
      referral_id: await relatedReferral(),
      operator_id: (await createUser({ roles: ['operator'], plan: 'premium' })).id,
      message: 'Have a look',
    }),
    expect: only({ owner: OK, unlocked: 403, invited: 403, admin: 403 }),
  },
]

const MARKETPLACE: Row[] = [
  {
    route: 'GET /api/marketplace/referrals',
    path: () => '/api/marketplace/referrals?per_page=100',
    expect: subscribed({}),
    check: (res, c) => {
      const card = (res.json.items as any[]).find((i) => i.id === w.referralId)
      if (!card) return 'the pending referral is not listed'
      const unlockedFor = c.who === 'unlocked' || c.who === 'invited'
      if (card.unlocked !== unlockedFor) return `card.unlocked is ${card.unlocked}`
      if (!unlockedFor && !/^Z\*\*\*$/.test(card.client_first_name)) return `masked first name is ${card.client_first_name}`
    },
  },
  {
    route: 'GET /api/marketplace/referrals/:id',
    path: () => `/api/marketplace/referrals/${w.referralId}`,
    expect: subscribed({}),
    check: containsFor({ unlocked: [CLIENT.first, CLIENT.medical], invited: [CLIENT.first, CLIENT.medical] }),
  },
  {
    route: 'POST /api/referrals/:id/interest',
    path: async () => `/api/referrals/${await relatedReferral()}/interest`,
    expect: subscribed({}),
  },
  {
    // Withdrawing is the same answer however often it is sent; the operator who holds the slot must release it first.
    route: 'DELETE /api/referrals/:id/interest',
    path: async () => `/api/referrals/${await relatedReferral()}/interest`,
    expect: subscribed({ unlocked: 409 }),
  },
  {
    // The slot is held by the unlocked operator: everyone else is told it is full.
    route: 'POST /api/referrals/:id/unlock',
    path: async () => `/api/referrals/${await relatedReferral()}/unlock`,
    expect: subscribed({ premium: 409, interested: 409, unlocked: 409, invited: 409, other: 409, admin: 409 }),
  },
  {
    route: 'POST /api/referrals/:id/waitlist',
    path: async () => `/api/referrals/${await relatedReferral()}/waitlist`,
    expect: subscribed({ unlocked: 409, invited: 409 }),
  },
  {
    // The interested operator waits in line; leaving stays possible without a subscription, so no plan gate.
    route: 'DELETE /api/referrals/:id/waitlist',
    path: async () => {
      const id = await relatedReferral()
      must(await callers.interested.agent.post(`/api/referrals/${id}/waitlist`), 'join waitlist')
      return `/api/referrals/${id}/waitlist`
    },
    expect: only({ interested: OK }),
  },
  {
    // Only the entry's own operator renews it; to other subscribed operators (and admins) it does not exist.
    route: 'POST /api/waitlist/:id/renew',
    path: async () => `/api/waitlist/${await waitlistEntryOfRelated()}/renew`,
    expect: subscribed({ interested: OK, premium: 404, unlocked: 404, invited: 404, other: 404, admin: 404 }),
  },
  {
    // The referrer and the escrow holder confirm; the escrow is nobody else's business.
    route: 'POST /api/referrals/:id/placement',
    path: async () => `/api/referrals/${await relatedReferral()}/placement`,
    body: () => ({ placed: true }),
    expect: only({ owner: OK, unlocked: OK, invited: 403, admin: 403 }),
  },
  // The e-mailed link is the proof: anyone holding it answers for the person it was sent to (the escrow holder here), signed out too.
  { route: 'GET /api/placement-answers/:token', path: async () => `/api/placement-answers/${await placementAnswerLink()}`, expect: everyone(OK) },
  { route: 'POST /api/placement-answers/:token', path: async () => `/api/placement-answers/${await placementAnswerLink()}`, body: () => ({ placed: true }), expect: everyone(OK) },
  {
    route: 'GET /api/referrals/:id/escrow',
    path: () => `/api/referrals/${w.referralId}/escrow`,
    expect: only({ owner: OK, unlocked: OK }),
  },
  {
    route: 'GET /api/my/interests',
    expect: signedIn(OK),
    check: (res, c) => {
      const mine = (res.json.items as any[]).filter((i) => i.referral_id === w.referralId)
      const expected = c.who === 'interested' || c.who === 'unlocked' ? 1 : 0
      if (mine.length !== expected) return `lists the referral ${mine.length} times`
    },
  },
]

const BILLING: Row[] = [
  { route: 'GET /api/billing/subscription', expect: signedIn(OK) },
  {
    route: 'POST /api/billing/checkout',
    as: 'fresh-user',
    expect: signedIn(409, { owner: OK, referrer: OK, free: OK }),
  },
  { route: 'POST /api/billing/portal', expect: signedIn(OK) },
  { route: 'GET /api/billing/manage', expect: signedIn(OK) },
  {
    route: 'POST /api/billing/cancel',
    as: 'fresh-user',
    expect: signedIn(OK, { owner: 409, referrer: 409, free: 409, admin: 409 }),
  },
  {
    route: 'POST /api/admin/subscriptions/complimentary',
    body: async () => ({ email: (await createUser({ roles: ['operator'] })).email, grant: true }),
    expect: adminOnly(),
  },
  // Authenticated by signature, not by session; without Stripe configured it refuses every delivery alike.
  { route: 'POST /api/webhooks/stripe', body: () => ({ id: 'evt_1', type: 'ping' }), expect: everyone(400) },
  // Only the signed-in owner of a checkout can see, complete or cancel it (ADR 004).
  { route: 'GET /api/pay/offline/:kind/:id', path: pendingUnlockCheckout, expect: only({ premium: OK }) },
  {
    route: 'POST /api/pay/offline/:kind/:id/complete',
    path: async () => `${await pendingUnlockCheckout()}/complete`,
    expect: only({ premium: OK }),
  },
  {
    route: 'POST /api/pay/offline/:kind/:id/cancel',
    path: async () => `${await pendingUnlockCheckout()}/cancel`,
    expect: only({ premium: OK }),
  },
]

const MESSAGING: Row[] = [
  {
    // Admins naming a referral read all its conversations (disputes); everyone else only their own.
    route: 'GET /api/conversations',
    path: () => `/api/conversations?referral_id=${w.referralId}`,
    expect: signedIn(OK),
    check: (res, c) => {
      const n = (res.json.items as any[]).length
      const expected = c.who === 'owner' || c.who === 'admin' ? 3 : ['interested', 'unlocked', 'invited'].includes(c.who) ? 1 : 0
      if (n !== expected) return `lists ${n} conversations, expected ${expected}`
    },
  },
  { route: 'GET /api/conversations/referrals', expect: signedIn(OK), check: containsFor({ owner: [CLIENT.first] }) },
  {
    route: 'GET /api/conversations/:id/messages',
    path: () => `/api/conversations/${w.conversations.interested}/messages`,
    expect: only({ owner: OK, interested: OK, admin: OK }),
    check: contains(MSG.interested, MSG.ownerToInterested),
  },
  {
    route: 'POST /api/conversations/:id/messages',
    path: () => `/api/conversations/${w.conversations.interested}/messages`,
    body: (c) => ({ message_text: `hello from ${c.who}` }),
    expect: only({ owner: OK, interested: OK, admin: 403 }),
  },
  {
    route: 'POST /api/conversations/:id/read',
    path: () => `/api/conversations/${w.conversations.interested}/read`,
    expect: only({ owner: OK, interested: OK, admin: 403 }),
  },
  { route: 'GET /api/events', stream: true, expect: signedIn(200) },
]

const DOCUMENTS: Row[] = [
  {
    // Interest alone is not enough: documents need unmasked access (unlock or invitation).
    route: 'GET /api/referrals/:id/documents',
    path: () => `/api/referrals/${w.referralId}/documents`,
    expect: only({ owner: OK, unlocked: OK, invited: OK, admin: OK }),
    check: containsFor({ owner: [DOC.unlocked, DOC.shared], unlocked: [DOC.unlocked, DOC.shared], invited: [DOC.shared], admin: [DOC.unlocked, DOC.shared] }),
  },
  {
    route: 'POST /api/referrals/:id/documents',
    path: () => `/api/referrals/${w.referralId}/documents`,
    form: (c) => documentForm(`upload by ${c.who}`),
    expect: only({ owner: OK, unlocked: OK, invited: OK, admin: 403 }),
  },
  {
    route: 'GET /api/documents/referrals',
    expect: signedIn(OK),
    check: (res, c) => {
      const listed = (res.json.items as any[]).some((i) => i.id === w.referralId)
      if (listed !== (c.who === 'unlocked' || c.who === 'invited')) return `lists the referral: ${listed}`
    },
  },
  {
    // A document in the unlocked operator's exchange: the invited operator must not get it.
    route: 'GET /api/documents/:id/download',
    path: () => `/api/documents/${w.documents.unlocked}/download`,
    binary: true,
    expect: only({ owner: OK, unlocked: OK, admin: OK }),
  },
  {
    // Uploaded by the unlocked operator, needing a signature: only the other party (the referrer) signs.
    route: 'POST /api/documents/:id/sign',
    path: async () => {
      const doc = must(
        await callers.unlocked.agent.upload(`/api/referrals/${w.referralId}/documents`, documentForm('please sign', { requires_signature: true })),
        'document to sign',
      )
      return `/api/documents/${doc.id}/sign`
    },
    expect: only({ owner: OK, unlocked: 403, admin: 403 }),
  },
]

const REVIEWS: Row[] = [
  // The review link is the credential: whoever holds it, signed in or not.
  { route: 'GET /api/review-requests/:token', path: () => `/api/review-requests/${w.reviewToken}?referral_id=${w.reviewReferralId}`, expect: everyone(OK) },
  {
    route: 'POST /api/reviews',
    body: async (c) => {
      const link = await placedReferralWithReviewLink()
      return {
        token: link.token,
        referral_id: link.id,
        reviewer_name: `Reviewer ${c.who}`,
        reviewer_email: 'reviewer@example.com',
        rating: 5,
        communication_rating: 5,
        professionalism_rating: 5,
        facility_quality_rating: 5,
        overall_experience_rating: 5,
        review_text: 'A warm and attentive home.',
      }
    },
    expect: everyone(OK),
  },
]

const NOTIFICATIONS: Row[] = [
  { route: 'GET /api/notifications', expect: signedIn(OK) },
  { route: 'POST /api/notifications/read', body: () => ({}), expect: signedIn(OK) },
  { route: 'GET /api/account/email-preferences', expect: signedIn(OK) },
  { route: 'PATCH /api/account/email-preferences', body: () => ({ hold_reminder: true }), expect: signedIn(OK) },
  // The e-mailed link is the proof: anyone holding it (a mail client, signed out) turns its kind of e-mail off.
  { route: 'POST /api/email-unsubscribe/:token', path: async () => `/api/email-unsubscribe/${await unsubscribeLink()}`, expect: everyone(OK) },
]

/** A fresh answer link for the escrow holder of the shared referral (its "placed" again changes nothing). */
async function placementAnswerLink() {
  const payment = (await db.select().from(referral_payments).where(and(eq(referral_payments.referral_id, w.referralId), eq(referral_payments.status, 'held_in_escrow'))).get())!
  return transaction(db, (tx) => createPlacementAnswerLink(tx, { payment_id: payment.id, user_id: callers.unlocked.id!, expires_at: payment.escrow_hold_until! }))
}

/** A fresh one-click unsubscribe link of an e-mail sent to the premium operator. */
async function unsubscribeLink() {
  const mail = { to: callers.premium.email!, type: 'message_digest', subject: 'New messages', text: 'Hello' }
  await setEmailPreferences(db, callers.premium.id!, { hold_reminder: true }) // the caller before turned it off
  const queued = await transaction(db, (tx) => mailIfWanted(tx, { user_id: callers.premium.id!, topic: 'hold_reminder', email: mail }))
  const row = (await db.select().from(outbox).where(eq(outbox.id, queued!.id)).get())!
  return /\/api\/email-unsubscribe\/([a-z2-7]+)>$/.exec(row.headers!['List-Unsubscribe']!)![1]
}

/** The premium operator's home; under /api/my/ another operator's home does not exist (404). */
const ownHome = (over: Partial<Expectations> = {}) => only({ premium: OK, ...over })

const MY_PROPERTIES: Row[] = [
  {
    route: 'GET /api/my/properties',
    expect: signedIn(OK),
    check: (res, c) => {
      const listed = (res.json.items as any[]).some((p) => p.id === w.propertyId)
      if (listed !== (c.who === 'premium')) return `lists the premium home: ${listed}`
    },
  },
  // The shortlist is each account's own: any signed-in account, nobody else's list.
  { route: 'GET /api/my/shortlist', expect: signedIn(OK) },
  { route: 'PUT /api/my/shortlist/:propertyId', path: () => `/api/my/shortlist/${w.propertyId}`, expect: signedIn(OK) },
  { route: 'DELETE /api/my/shortlist/:propertyId', path: () => `/api/my/shortlist/${w.propertyId}`, expect: signedIn(OK) },
  // Listing a home makes anyone an operator (ADR 001): fresh accounts so the callers keep their roles.
  { route: 'POST /api/my/properties', as: 'fresh-user', body: () => propertyBody('Brand New Home'), expect: signedIn(OK) },
  { route: 'PATCH /api/my/properties/:id', path: () => `/api/my/properties/${w.propertyId}`, body: () => ({ name: 'Premium Home' }), expect: ownHome() },
  { route: 'DELETE /api/my/properties/:id', path: async () => `/api/my/properties/${await newPremiumProperty()}`, expect: ownHome() },
  {
    route: 'POST /api/my/properties/:id/images',
    path: async () => `/api/my/properties/${await newPremiumProperty()}/images`,
    form: async () => formWith([{ bytes: await png(), filename: 'b.png' }]),
    expect: ownHome(),
  },
  {
    route: 'POST /api/my/properties/:id/images/order',
    path: () => `/api/my/properties/${w.propertyId}/images/order`,
    body: async () => {
      const mine = must(await callers.premium.agent.get('/api/my/properties'), 'my properties').items.find((p: any) => p.id === w.propertyId)
      return { ids: mine.image_items.map((i: { id: string }) => i.id) }
    },
    expect: ownHome(),
  },
  {
    route: 'DELETE /api/my/properties/:id/media/:mediaId',
    path: async () => {
      const id = await newPremiumProperty()
      const up = must(await callers.premium.agent.upload(`/api/my/properties/${id}/images`, formWith([{ bytes: await png(), filename: 'c.png' }])), 'photo')
      return `/api/my/properties/${id}/media/${up.property.image_items[0].id}`
    },
    expect: ownHome(),
  },
  {
    route: 'POST /api/my/properties/:id/videos',
    path: async () => `/api/my/properties/${await newPremiumProperty()}/videos`,
    form: () => formWith([{ bytes: mp4Bytes(), filename: 'tour.mp4' }]),
    expect: ownHome(),
  },
  { route: 'POST /api/my/properties/:id/geocode', path: () => `/api/my/properties/${w.propertyId}/geocode`, expect: ownHome() },
  // Confirm all: any signed-in account confirms its own active homes (none: 0), never another's.
  { route: 'POST /api/my/properties/confirm-beds', expect: signedIn(OK) },
  { route: 'POST /api/my/properties/:id/confirm-beds', path: () => `/api/my/properties/${w.propertyId}/confirm-beds`, body: () => ({}), expect: ownHome() },
  // The e-mailed link is the credential: anyone holding a valid one may use it, signed in or not (a fresh link per call).
  { route: 'GET /api/bed-confirmations/:token', path: async () => `/api/bed-confirmations/${await bedLink()}`, expect: everyone(OK) },
  { route: 'POST /api/bed-confirmations/:token', path: async () => `/api/bed-confirmations/${await bedLink()}`, body: () => ({}), expect: everyone(OK) },
]

/** A fresh weekly bed-confirmation link for the premium operator's home. */
async function bedLink() {
  const p = (await db.select().from(properties).where(eq(properties.id, w.propertyId)).get())!
  return transaction(db, (tx) => sendBedConfirmation(tx, p, { email: callers.premium.email!, first_name: 'Premium' }))
}

/** Operator dashboard: profile, stats, analytics (premium), tours and reviews of one's own homes. */
const OPERATOR_SELF: Row[] = [
  { route: 'GET /api/my/profile', expect: signedIn(OK) },
  { route: 'PATCH /api/my/profile', body: (c) => ({ organization_name: `Org of ${c.who}` }), expect: signedIn(OK) },
  {
    route: 'POST /api/my/profile/photo',
    form: async () => formWith([{ name: 'file', bytes: await png(), filename: 'me.png' }]),
    expect: signedIn(OK),
  },
  // The video introduction is Premium (admins count as Premium); removing it is allowed on any plan.
  {
    route: 'POST /api/my/profile/video',
    form: () => formWith([{ name: 'file', bytes: mp4Bytes(), filename: 'intro.mp4' }]),
    expect: signedIn(OK, { owner: PREMIUM, referrer: PREMIUM, free: PREMIUM }),
  },
  { route: 'DELETE /api/my/profile/video', expect: signedIn(OK) },
  { route: 'GET /api/my/profile/completion', expect: signedIn(OK) },
  { route: 'GET /api/my/stats', expect: signedIn(OK) },
  // Premium (or admin) only; referrers are on the free plan too.
  { route: 'GET /api/my/analytics', expect: signedIn(OK, { owner: PREMIUM, referrer: PREMIUM, free: PREMIUM }) },
  { route: 'GET /api/my/tour-requests', expect: signedIn(OK) },
  {
    route: 'GET /api/my/tours',
    expect: signedIn(OK),
    check: containsFor({ premium: [TOUR_VISITOR_EMAIL] }),
  },
  { route: 'POST /api/tours/:id/confirm', path: async () => `/api/tours/${await newTour()}/confirm`, expect: ownHome() },
  { route: 'DELETE /api/tours/:id', path: async () => `/api/tours/${await newTour()}`, expect: ownHome() },
  {
    route: 'POST /api/tours/:id/reschedule',
    path: async () => `/api/tours/${await newTour()}/reschedule`,
    body: () => ({ scheduled_date: new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10), scheduled_time: '16:00' }),
    expect: ownHome(),
  },
  {
    route: 'GET /api/my/reviews',
    expect: signedIn(OK),
    check: containsFor({ premium: [PENDING_REVIEW] }),
  },
  { route: 'POST /api/reviews/:id/approve', path: async () => `/api/reviews/${await newReview()}/approve`, expect: ownHome() },
  { route: 'POST /api/reviews/:id/reject', path: async () => `/api/reviews/${await newReview()}/reject`, expect: ownHome() },
  // License verification. A fresh account per caller, so uploads leave the callers' own status alone.
  { route: 'GET /api/my/license-proofs', expect: proofHolders(OK) },
  { route: 'POST /api/my/license-proofs', as: 'fresh-user', form: () => licenseProofForm('fresh proof'), expect: proofHolders(OK) },
  {
    // The proof is private: its operator and admins (audited) open it; to anyone else it does not exist.
    route: 'GET /api/license-proofs/:id/download',
    path: async () => `/api/license-proofs/${await premiumLicenseProof()}/download`,
    binary: true,
    expect: only({ premium: OK, admin: OK }),
    check: contains(LICENSE_PROOF),
  },
]

const ADMIN: Row[] = [
  { route: 'GET /api/admin/stats', expect: adminOnly() },
  { route: 'GET /api/admin/referrals', expect: adminOnly() },
  {
    route: 'PATCH /api/admin/referrals/:id',
    path: async () => `/api/admin/referrals/${await newOwnerReferral()}`,
    body: () => ({ status: 'reviewing' }),
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/referrals/:id/review-request',
    path: () => `/api/admin/referrals/${w.reviewReferralId}/review-request`,
    expect: adminOnly(),
  },
  { route: 'GET /api/admin/escrow', expect: adminOnly() },
  {
    route: 'POST /api/admin/escrow/:payment_id',
    path: async () => {
      const id = await relatedReferral()
      const payment = (await db.select().from(referral_payments).where(and(eq(referral_payments.referral_id, id), eq(referral_payments.status, 'held_in_escrow'))).get())!
      return `/api/admin/escrow/${payment.id}`
    },
    body: () => ({ action: 'refund', reason: 'Matrix test' }),
    expect: adminOnly(),
  },
  // Referral payouts (ADR 044): the list, the audited read of a payee's details, the record of a payment.
  { route: 'GET /api/admin/payouts', expect: adminOnly() },
  { route: 'GET /api/admin/payouts/:id/payee', path: async () => `/api/admin/payouts/${await owedPayout()}/payee`, expect: adminOnly() },
  {
    route: 'POST /api/admin/payouts/:id/record',
    path: async () => `/api/admin/payouts/${await owedPayout()}/record`,
    body: () => ({ method: 'check', paid_on: '2026-12-04', reference: 'Check 1042' }),
    expect: adminOnly(),
  },
  { route: 'GET /api/admin/properties', expect: adminOnly() },
  { route: 'GET /api/admin/operators', expect: adminOnly() },
  { route: 'GET /api/admin/operators.csv', binary: true, expect: adminOnly() },
  { route: 'GET /api/admin/funnel', path: () => '/api/admin/funnel?days=90', expect: adminOnly() },
  { route: 'GET /api/admin/funnel.csv', path: () => '/api/admin/funnel.csv?days=30', binary: true, expect: adminOnly() },
  { route: 'GET /api/admin/referrers', expect: adminOnly() },
  { route: 'GET /api/admin/referrers.csv', binary: true, expect: adminOnly() },
  { route: 'GET /api/admin/subscriptions', expect: adminOnly() },
  { route: 'GET /api/admin/audit-logs', expect: adminOnly() },
  { route: 'GET /api/admin/outbox', expect: adminOnly() },
  {
    route: 'POST /api/admin/license-proofs/:id/decision',
    path: async () => `/api/admin/license-proofs/${await pendingLicenseProof()}/decision`,
    body: () => ({ decision: 'rejected', reason: 'Matrix test' }),
    expect: adminOnly(),
  },
  { route: 'GET /api/admin/smart-ehrs', expect: adminOnly() },
  {
    route: 'POST /api/admin/smart-ehrs',
    body: () => ({ iss: `https://fhir-${crypto.randomUUID()}.example/R4`, client_id: 'matrix', client_auth: 'secret', client_secret: 'matrix-secret' }),
    expect: adminOnly(201),
    check: (res) => (res.text.includes('matrix-secret') ? 'answers the client secret' : undefined),
  },
  {
    route: 'DELETE /api/admin/smart-ehrs/:id',
    path: async () => `/api/admin/smart-ehrs/${(await addEhr(db, CLI_ACTOR, { iss: `https://fhir-${crypto.randomUUID()}.example/R4`, client_id: 'matrix' })).id}`,
    expect: adminOnly(),
  },
  { route: 'GET /api/admin/systems', expect: adminOnly() },
  {
    route: 'POST /api/admin/systems/:id/revoke',
    path: async () => {
      const account = await createUser({ roles: ['referrer'] })
      const { client_id } = await addClient(db, CLI_ACTOR, { name: 'Matrix Hospital', account: account.email, jwks: { keys: [{ kty: 'EC', kid: 'k', crv: 'P-384', x: 'x', y: 'y' }] } as never })
      return `/api/admin/systems/${client_id}/revoke`
    },
    expect: adminOnly(),
  },
  {
    route: 'POST /api/admin/outbox/:id/retry',
    path: async () => {
      const { id } = await transaction(db, (tx) => enqueueEmail(tx, { to: 'someone@example.com', type: 'test', subject: 'Test', text: 'Test' }))
      await db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, id)).run()
      return `/api/admin/outbox/${id}/retry`
    },
    expect: adminOnly(),
  },
]

const AREAS: Record<string, Row[]> = {
  public: PUBLIC,
  'auth and account security': AUTH,
  referrals: REFERRALS,
  marketplace: MARKETPLACE,
  billing: BILLING,
  'messaging and events': MESSAGING,
  documents: DOCUMENTS,
  reviews: REVIEWS,
  notifications: NOTIFICATIONS,
  'operator self: properties': MY_PROPERTIES,
  'operator self: profile, tours, reviews': OPERATOR_SELF,
  admin: ADMIN,
}
const TABLE = Object.values(AREAS).flat()

// ---------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------

const expectedLabel = (e: Expect) => (e === OK ? '2xx' : String(e))

function matches(e: Expect, res: Res) {
  if (e === OK) return res.status >= 200 && res.status < 300
  if (typeof e === 'number') return res.status === e
  const [status, code] = e.split(':')
  return res.status === Number(status) && res.json?.error?.code === code
}

function templateOf(route: string) {
  const path = route.slice(route.indexOf(' ') + 1)
  return new RegExp(`^${path.replace(/\./g, '\\.').replace(/:[A-Za-z_]+/g, '[^/?]+')}(\\?.*)?$`)
}

async function call(row: Row, who: Who): Promise<{ res: Res; ctx: Ctx; disclosed?: Array<typeof disclosures.$inferSelect> }> {
  const { caller, agent } = await agentFor(row, who)
  const ctx: Ctx = { who, caller, agent }
  const method = row.route.slice(0, row.route.indexOf(' '))
  const path = row.path ? await row.path(ctx) : row.route.slice(method.length + 1)
  if (!templateOf(row.route).test(path)) throw new Error(`${row.route}: built path ${path} does not fit the route`)
  if (row.stream) {
    const abort = new AbortController()
    const headers: Record<string, string> = agent.cookie ? { cookie: agent.cookie } : {}
    const raw = await app.request(path, { headers, signal: abort.signal }, fakeServer(agent.ip))
    const type = raw.headers.get('content-type') ?? ''
    const text = raw.status === 200 ? '' : await raw.text()
    await raw.body?.cancel().catch(() => {})
    abort.abort()
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {}
    if (raw.status === 200 && !type.startsWith('text/event-stream')) return { res: { status: 599, json, text: `content-type ${type}`, headers: raw.headers }, ctx }
    return { res: { status: raw.status, json, text, headers: raw.headers }, ctx }
  }
  const form = row.form ? await row.form(ctx) : undefined
  const body = row.body ? await row.body(ctx) : undefined
  const before = await disclosureIds()
  const res = await agent.request(method, path, { body, form })
  const disclosed = (await db.select().from(disclosures).all()).filter((d) => !before.has(d.id))
  if (row.binary && res.status < 300) return { res: { ...res, json: null }, ctx, disclosed }
  return { res, ctx, disclosed }
}

/** The disclosures recorded so far: a request's own are the ones not in this set. */
const disclosureIds = async () => new Set((await db.select({ id: disclosures.id }).from(disclosures).all()).map((d) => d.id))

/**
 * Accounting of disclosures: an answer that shows sealed referral
 * data to an operator or an admin wrote one row per referral for that viewer;
 * any other answer wrote none. Referrers only ever see their own referrals
 * (the leak checks prove it), which is never a disclosure.
 */
function accounting(res: Res, who: Who, caller: Caller, disclosed: Array<typeof disclosures.$inferSelect>): string[] {
  const viewer = who !== 'anon' && who !== 'owner' && who !== 'referrer'
  const reveals = viewer && res.status < 300 && SEALED_MARKERS.some((m) => !WRITTEN_BY[who]?.includes(m) && res.text.includes(m))
  const mine = disclosed.filter((d) => d.viewer_id === caller.id)
  const out: string[] = []
  if (mine.length !== disclosed.length) out.push('wrote a disclosure for someone else')
  if (reveals && mine.length === 0) out.push(`shows sealed referral data without a disclosure row ${res.text.slice(0, 600)}`)
  if (!reveals && mine.length > 0) out.push(`wrote ${mine.length} disclosure row(s) but shows no sealed data ${res.text.slice(0,300)}`)
  const referrals = mine.map((d) => d.referral_id)
  if (new Set(referrals).size !== referrals.length) out.push('wrote more than one disclosure row for one referral')
  return out
}

describe('authorization matrix', () => {
  test('every /api route has a row, and every row names a route', () => {
    const routes = new Set(
      createApp()
        .routes.filter((r) => r.path.startsWith('/api') && r.method !== 'ALL' && !r.path.includes('*'))
        .map((r) => `${r.method} ${r.path}`),
    )
    const rows = TABLE.map((r) => r.route)
    const duplicates = rows.filter((r, i) => rows.indexOf(r) !== i)
    expect({ missing: [...routes].filter((r) => !rows.includes(r)).sort(), unknown: rows.filter((r) => !routes.has(r)), duplicates }).toEqual({
      missing: [],
      unknown: [],
      duplicates: [],
    })
    for (const row of TABLE) expect(Object.keys(row.expect).sort()).toEqual([...WHO].sort())
  })

  for (const [area, rows] of Object.entries(AREAS)) {
    describe(area, () => {
      for (const row of rows) {
        test(row.route, async () => {
          const failures: string[] = []
          for (const who of WHO) {
            // Abuse limits have their own tests; here each call is judged on permissions alone.
            await resetAllLimiters(db)
            const { res, ctx, disclosed } = await call(row, who)
            const expected = row.expect[who]
            if (!matches(expected, res)) {
              failures.push(`${who}: expected ${expectedLabel(expected)}, got ${res.status} ${res.json?.error?.code ?? ''} ${res.json?.error?.message ?? ''}`.trim())
            } else if (res.status < 300 && row.check) {
              const problem = row.check(res, ctx)
              if (problem) failures.push(`${who}: ${problem}`)
            }
            for (const leak of leaks(res, who)) failures.push(`${who}: ${leak}`)
            for (const problem of accounting(res, who, ctx.caller, disclosed ?? [])) failures.push(`${who}: ${problem}`)
            // The OpenAPI document tells the truth: every success answer fits the response documented for its status.
            for (const problem of await contractProblems(DOCUMENTED.get(row.route), res)) failures.push(`${who}: contract: ${problem}`)
            if (res.status < 300 && jsonSchemaOf(DOCUMENTED.get(row.route), res.status)) CHECKED.add(row.route)
          }
          expect(failures).toEqual([])
        })
      }
    })
  }

  test('every documented JSON success body was checked against a real answer above', () => {
    const documentedJson = [...DOCUMENTED]
      .filter(([route, responses]) => route.includes(' /api/') && Object.keys(responses).some((s) => Number(s) < 300 && jsonSchemaOf(responses, Number(s))))
      .map(([route]) => route)
    expect(documentedJson.filter((route) => !CHECKED.has(route) && !(route in UNCHECKED)).sort()).toEqual([])
  })
})
