import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { count, isNotNull, sql } from 'drizzle-orm'
import { rows } from '../../db/raw'
import { audit_logs, referrals, smart_ehrs, smart_launches } from '../../db/schema'
import { clock, MINUTE } from '../../lib/clock'
import { isEncrypted } from '../../lib/crypto'
import { CLI_ACTOR } from '../../lib/audit'
import { createApp } from '../../app'
import { anonymous, createUser, db, fakeServer, setupTestDb, TEST_PASSWORD } from '../../test/setup'
import { healthRecordImportSchema, importHealthRecord } from '../fhir'
import { SEARCHED } from './read-ehr-record'
import { sampleText, SAMPLE_FILES } from '../fhir/fhir-fixtures'
import { addEhr, redirectUrl, removeEhr } from './ehr-registry'
import { launchesPerIp } from './smart.routes'
import { resetAllLimiters } from '../../lib/rate-limit'
import { startTestEhr, type TestEhr } from './test-ehr'

setupTestDb()

const app = createApp()
const KERMIT = SAMPLE_FILES.find((f) => f.startsWith('Kermit_'))!

/** A sample record with only the resources of `types`, as a FHIR text. */
function sampleOf(file: string, types: readonly string[]) {
  const bundle = JSON.parse(sampleText(file)) as { entry: { resource: { resourceType: string } }[] }
  return JSON.stringify({ ...bundle, entry: bundle.entry.filter((e) => types.includes(e.resource.resourceType)) })
}
const V2_SCOPE = 'launch openid fhirUser patient/Patient.rs patient/Condition.rs patient/MedicationRequest.rs patient/AllergyIntolerance.rs patient/Coverage.rs patient/RelatedPerson.rs patient/DocumentReference.rs'

/** One browser: a cookie jar over app.request (every cookie, not only the session). */
class Browser {
  jar = new Map<string, string>()
  setCookies: string[] = []
  async get(path: string, headers: Record<string, string> = {}) {
    return this.send('GET', path, headers)
  }
  async send(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await app.request(path, { method, body, headers: { ...headers, ...(cookie ? { cookie } : {}) } }, fakeServer())
    this.setCookies = res.headers.getSetCookie()
    for (const c of this.setCookies) {
      const [pair] = c.split(';')
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
      if (!value || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return { status: res.status, headers: res.headers, text: await res.text() }
  }
  /** Signs in through the API, as the form does (a new session). */
  async signIn(email: string) {
    const res = await this.send('POST', '/api/auth/sign-in', { 'content-type': 'application/json' }, JSON.stringify({ email, password: TEST_PASSWORD }))
    expect(res.status).toBe(200)
    return res
  }
}

const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

/** The launch up to the EHR's answer: Homeward's redirect, the EHR's authorization, back to the callback URL. */
async function launchToCallback(browser: Browser, ehr: TestEhr, opts: { launch?: string | null; headers?: Record<string, string> } = {}) {
  const launch = opts.launch === null ? '' : `&launch=${encodeURIComponent(opts.launch ?? ehr.newLaunch())}`
  const start = await browser.get(`/smart/launch?iss=${encodeURIComponent(ehr.iss)}${launch}`, opts.headers)
  expect(start.status).toBe(302)
  const authorize = start.headers.get('location')!
  const answer = await fetch(authorize, { redirect: 'manual' })
  expect(answer.status).toBe(302)
  return { authorize: new URL(authorize), callback: answer.headers.get('location')! }
}

async function fullLaunch(browser: Browser, ehr: TestEhr, opts: { headers?: Record<string, string> } = {}) {
  const { authorize, callback } = await launchToCallback(browser, ehr, opts)
  const done = await browser.get(pathOf(callback), opts.headers)
  return { authorize, done }
}

const launchRows = async () => (await db.select({ n: count() }).from(smart_launches).get())!.n
const draftRows = async () => (await db.select({ n: count() }).from(smart_launches).where(isNotNull(smart_launches.draft)).get())!.n
const referralRows = async () => (await db.select({ n: count() }).from(referrals).get())!.n

let ehr: TestEhr
beforeAll(async () => {
  ehr = await startTestEhr({ redirectUri: redirectUrl() })
  await addEhr(db, CLI_ACTOR, { iss: ehr.iss, client_id: ehr.clientId })
})
afterAll(() => ehr.close())
afterEach(() => {
  clock.reset()
  Object.assign(ehr.behaviour, { refuse: false, omitPatient: false, fhirDown: false, foreignNext: false })
})

describe('an EHR launch', () => {
  test('asks exactly what SMART 2.x says, reads the record page by page, and hands the signed-in browser the file import’s draft, once', async () => {
    const me = await createUser({ first_name: 'Dana', last_name: 'Planner' })
    const browser = new Browser()
    const before = await referralRows()
    const { authorize, done } = await fullLaunch(browser, ehr)
    const q = Object.fromEntries(authorize.searchParams)
    expect(q).toMatchObject({ response_type: 'code', client_id: ehr.clientId, redirect_uri: redirectUrl(), aud: ehr.iss, code_challenge_method: 'S256', scope: V2_SCOPE })
    expect(q.launch).toBeString()
    expect(Buffer.from(q.state!, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/submit-referral?from=ehr')
    // The token went to Homeward's server only: the browser's answers never carried it.
    expect(done.text).not.toContain('access_token')
    expect(ehr.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code', client_id: ehr.clientId, code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
    expect(await draftRows()).toBe(1)
    // The waiting draft is care data: sealed at rest, as the verifier was.
    const raw = await rows<{ draft: string; code_verifier: string }>(db, sql`SELECT draft, code_verifier FROM smart_launches`)
    expect(raw).toHaveLength(1)
    expect(isEncrypted(raw[0]!.draft)).toBe(true)
    expect(JSON.stringify(raw)).not.toContain('Kermit')

    // Signed out, the draft is not given; signed in (a new session in this browser), it is, once.
    expect((await browser.send('POST', '/api/smart/draft')).status).toBe(401)
    await browser.signIn(me.email)
    const claimed = await browser.send('POST', '/api/smart/draft')
    expect(claimed.status).toBe(200)
    const draft = JSON.parse(claimed.text)
    expect(healthRecordImportSchema.safeParse(draft).success).toBe(true)
    // The file import's draft of the same resources: the Patient and what the launch searches by patient= (a file may
    // also hold practitioners and organizations the chart's patient does not name; the launch does not read those).
    const fromFile = await importHealthRecord(sampleOf(KERMIT, ['Patient', ...SEARCHED]))
    expect(draft.draft).toEqual(fromFile.draft)
    expect(draft.draft).toMatchObject({ client_first_name: 'Kermit', client_last_name: 'Trantow', client_dob: '1993-06-21' })
    expect(draft.draft.health_current_medications).toContain('Hydrochlorothiazide 25 MG')
    expect(draft.draft.health_allergies).toBe('Allergy to bee venom; Shellfish allergy; Allergy to peanuts')
    // The chart's race and ethnicity travel apart from the draft, as a file import's do: the form adds them only if the planner chooses.
    expect(draft.draft.client_race).toBeUndefined()
    expect(draft.draft.client_ethnicity).toBeUndefined()
    expect(draft.race_ethnicity).toEqual(fromFile.race_ethnicity)
    expect(draft.race_ethnicity).toEqual({ client_race: 'White', client_ethnicity: 'Not Hispanic or Latino' })
    expect((await browser.send('POST', '/api/smart/draft')).status).toBe(404)
    expect(await launchRows()).toBe(0)
    expect(await referralRows()).toBe(before)
  })

  test('another browser cannot take the draft: it is bound to the one that launched', async () => {
    const me = await createUser()
    await fullLaunch(new Browser(), ehr)
    expect((await me.agent.post('/api/smart/draft')).status).toBe(404)
    expect(await draftRows()).toBe(1)
    await db.delete(smart_launches).run()
  })

  test('a standalone launch (no launch parameter) asks for launch/patient', async () => {
    const browser = new Browser()
    const { authorize, done } = await fullLaunch(browser, ehr, {})
    expect(authorize.searchParams.get('scope')).toStartWith('launch ')
    const { authorize: standalone } = await launchToCallback(new Browser(), ehr, { launch: null })
    expect(standalone.searchParams.get('scope')).toStartWith('launch/patient openid fhirUser patient/Patient.rs')
    expect(standalone.searchParams.has('launch')).toBe(false)
    expect(done.status).toBe(302)
    await db.delete(smart_launches).run()
  })

  test('asks for v1 scopes (.read) from a server that lists only those', async () => {
    const v1 = await startTestEhr({ redirectUri: redirectUrl(), v1Only: true })
    await addEhr(db, CLI_ACTOR, { iss: v1.iss, client_id: v1.clientId })
    try {
      const { authorize, done } = await fullLaunch(new Browser(), v1)
      expect(authorize.searchParams.get('scope')).toBe(V2_SCOPE.replaceAll('.rs', '.read'))
      expect(done.headers.get('location')).toBe('/submit-referral?from=ehr')
    } finally {
      await v1.close()
      await db.delete(smart_launches).run()
    }
  })

  test('a confidential client authenticates with its secret, which is sealed at rest', async () => {
    const secret = `s3cret-${crypto.randomUUID()}`
    const confidential = await startTestEhr({ redirectUri: redirectUrl(), secret, clientId: 'homeward-confidential' })
    await addEhr(db, CLI_ACTOR, { iss: confidential.iss, client_id: 'homeward-confidential', client_auth: 'secret', client_secret: secret })
    try {
      const { done } = await fullLaunch(new Browser(), confidential)
      expect(done.headers.get('location')).toBe('/submit-referral?from=ehr')
      const raw = await rows<{ client_secret: string }>(db, sql`SELECT client_secret FROM smart_ehrs WHERE client_id = 'homeward-confidential'`)
      expect(raw).toHaveLength(1)
      expect(isEncrypted(raw[0]!.client_secret)).toBe(true)
      expect(JSON.stringify(raw)).not.toContain(secret)
    } finally {
      await confidential.close()
      await db.delete(smart_launches).run()
    }
  })

  test('an asymmetric confidential client signs its assertion with a key whose public half /smart/jwks.json serves', async () => {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (req) => app.fetch(req, fakeServer()) })
    const asymmetric = await startTestEhr({ redirectUri: redirectUrl(), jwksUrl: `http://127.0.0.1:${server.port}/smart/jwks.json`, clientId: 'homeward-jwks' })
    await addEhr(db, CLI_ACTOR, { iss: asymmetric.iss, client_id: 'homeward-jwks', client_auth: 'jwks' })
    try {
      const { done } = await fullLaunch(new Browser(), asymmetric)
      expect(done.headers.get('location')).toBe('/submit-referral?from=ehr')
      expect(asymmetric.tokenRequests.at(-1)?.client_assertion_type).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      const jwks = JSON.parse(await (await app.request('/smart/jwks.json')).text())
      expect(jwks.keys.every((k: Record<string, unknown>) => !('d' in k))).toBe(true)
    } finally {
      await asymmetric.close()
      await server.stop(true)
      await db.delete(smart_launches).run()
    }
  })
})

describe('one use, 20 at once', () => {
  test('the same callback 20 times at once: one goes on, 19 find the launch gone; the draft taken 20 times at once: once', async () => {
    const me = await createUser()
    const browser = new Browser()
    const { callback } = await launchToCallback(browser, ehr)
    const answers = await Promise.all(Array.from({ length: 20 }, () => browser.get(pathOf(callback))))
    expect(answers.filter((a) => a.status === 302)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 410)).toHaveLength(19)
    expect(await draftRows()).toBe(1)
    await browser.signIn(me.email)
    const claims = await Promise.all(Array.from({ length: 20 }, () => browser.send('POST', '/api/smart/draft')))
    expect(claims.map((c) => c.status).sort()).toEqual([200, ...Array(19).fill(404)])
    expect(await launchRows()).toBe(0)
  })
})

describe('refusals: a clear page, nothing stored', () => {
  const expectPage = (res: { status: number; text: string; headers: Headers }, status: number, title: string) => {
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toStartWith('text/html')
    expect(res.text).toContain(title)
    expect(res.text).not.toMatch(/\bat \S+ \(|Error:|stack/)
  }
  const nothingStored = async () => {
    expect(await draftRows()).toBe(0)
  }

  test('an unregistered iss, or none', async () => {
    const browser = new Browser()
    expectPage(await browser.get('/smart/launch?iss=https%3A%2F%2Fehr.unknown.example%2Ffhir&launch=x'), 403, 'Homeward is not set up for this health record system')
    expectPage(await browser.get('/smart/launch?launch=x'), 400, 'This launch link is incomplete')
    expect(browser.jar.size).toBe(0)
    expect(await launchRows()).toBe(0)
  })

  test('too many launches from one address', async () => {
    // Every attempt of this address's window taken, as a flood of launches would.
    for (let taken = true; taken; ) taken = await launchesPerIp.consume(db, '203.0.113.7').then(() => true, () => false)
    const res = await new Browser().get(`/smart/launch?iss=${encodeURIComponent(ehr.iss)}&launch=${ehr.newLaunch()}`)
    expectPage(res, 429, 'Too many launches from this network')
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await launchRows()).toBe(0)
    await resetAllLimiters(db)
  })

  test('an EHR that does not answer', async () => {
    const gone = await startTestEhr({ redirectUri: redirectUrl() })
    const iss = gone.iss
    await gone.close()
    await addEhr(db, CLI_ACTOR, { iss, client_id: 'x' })
    try {
      expectPage(await new Browser().get(`/smart/launch?iss=${encodeURIComponent(iss)}&launch=x`), 502, 'The health record system does not answer')
      expect(await launchRows()).toBe(0)
    } finally {
      await removeEhr(db, CLI_ACTOR, iss)
    }
  })

  test('a FHIR server failing during the read', async () => {
    ehr.behaviour.fhirDown = true
    const { done } = await fullLaunch(new Browser(), ehr)
    expectPage(done, 502, 'The health record system does not answer')
    await nothingStored()
  })

  test('a wrong state, and the right state in another browser', async () => {
    const browser = new Browser()
    const { callback } = await launchToCallback(browser, ehr)
    const wrong = new URL(callback)
    wrong.searchParams.set('state', 'A'.repeat(43))
    expectPage(await browser.get(pathOf(wrong.href)), 410, 'This launch has expired')
    expectPage(await new Browser().get(pathOf(callback)), 410, 'This launch has expired')
    expectPage(await browser.get('/smart/callback?code=abc'), 400, 'This launch link is incomplete')
    // The launch is still waiting for its own browser, which can finish it.
    expect((await browser.get(pathOf(callback))).status).toBe(302)
    await db.delete(smart_launches).run()
  })

  test('the state used twice', async () => {
    const browser = new Browser()
    const { callback } = await launchToCallback(browser, ehr)
    expect((await browser.get(pathOf(callback))).status).toBe(302)
    expectPage(await browser.get(pathOf(callback)), 410, 'This launch has expired')
    await db.delete(smart_launches).run()
  })

  test('missing or wrong PKCE: the EHR refuses the request, or the code, and Homeward shows it', async () => {
    const browser = new Browser()
    const start = await browser.get(`/smart/launch?iss=${encodeURIComponent(ehr.iss)}&launch=${ehr.newLaunch()}`)
    const authorize = new URL(start.headers.get('location')!)
    authorize.searchParams.delete('code_challenge')
    authorize.searchParams.delete('code_challenge_method')
    expect((await fetch(authorize, { redirect: 'manual' })).status).toBe(400)
    expect(ehr.refusals.at(-1)).toBe('PKCE S256 required')
    // A code bound to another challenge: Homeward's verifier does not match, the token request is refused.
    const again = await browser.get(`/smart/launch?iss=${encodeURIComponent(ehr.iss)}&launch=${ehr.newLaunch()}`)
    const forged = new URL(again.headers.get('location')!)
    forged.searchParams.set('code_challenge', 'x'.repeat(43))
    const back = await fetch(forged, { redirect: 'manual' })
    expectPage(await browser.get(pathOf(back.headers.get('location')!)), 403, 'The health record system did not authorize Homeward')
    await nothingStored()
    await db.delete(smart_launches).run()
  })

  test('an EHR that does not offer PKCE S256 is not asked without it', async () => {
    const weak = await startTestEhr({ redirectUri: redirectUrl(), challengeMethods: ['plain'] })
    await addEhr(db, CLI_ACTOR, { iss: weak.iss, client_id: weak.clientId })
    try {
      const res = await new Browser().get(`/smart/launch?iss=${encodeURIComponent(weak.iss)}&launch=${weak.newLaunch()}`)
      expectPage(res, 502, 'The health record system sent an answer Homeward cannot use')
      expect(res.text).toContain('does not support PKCE with S256')
      expect(weak.authorizeRequests).toHaveLength(0)
      expect(await launchRows()).toBe(0)
    } finally {
      await weak.close()
      await removeEhr(db, CLI_ACTOR, weak.iss)
    }
  })

  test('a next link to another origin is not followed: the token stays with the FHIR server', async () => {
    ehr.behaviour.foreignNext = true
    const me = await createUser()
    const browser = new Browser()
    const { done } = await fullLaunch(browser, ehr)
    expect(done.status).toBe(302)
    expect(ehr.foreignRequests).toEqual([])
    await browser.signIn(me.email)
    const first = JSON.parse((await browser.send('POST', '/api/smart/draft')).text)
    // Only the first page of each search was read.
    const all = await importHealthRecord(sampleText(KERMIT))
    expect(first.draft.client_first_name).toBe('Kermit')
    expect((first.draft.health_current_medications ?? '').length).toBeLessThan(all.draft.health_current_medications!.length)
  })

  test('a refused authorization', async () => {
    ehr.behaviour.refuse = true
    const { done } = await fullLaunch(new Browser(), ehr)
    expectPage(done, 403, 'The health record system did not authorize Homeward')
    await nothingStored()
    expect(await launchRows()).toBe(0)
  })

  test('a token answer without patient', async () => {
    ehr.behaviour.omitPatient = true
    const { done } = await fullLaunch(new Browser(), ehr)
    expectPage(done, 502, 'The health record system sent an answer Homeward cannot use')
    expect(done.text).toContain('did not say which patient is open')
    await nothingStored()
  })

  test('an expired launch, and an expired draft', async () => {
    const browser = new Browser()
    const { callback } = await launchToCallback(browser, ehr)
    clock.advance(11 * MINUTE)
    expectPage(await browser.get(pathOf(callback)), 410, 'This launch has expired')
    await nothingStored()
    clock.reset()
    const me = await createUser()
    const late = new Browser()
    await fullLaunch(late, ehr)
    await late.signIn(me.email)
    clock.advance(31 * MINUTE)
    const claimed = await late.send('POST', '/api/smart/draft')
    expect(claimed.status).toBe(410)
    expect(await launchRows()).toBe(0)
  })
})

describe('framing and cookies', () => {
  const frameAncestors = (h: Headers) => /frame-ancestors ([^;]*)/.exec(h.get('content-security-policy') ?? '')?.[1]

  test('/smart/ pages and the launched form may be framed by registered EHRs only; every other page by none', async () => {
    const page = await app.request('/smart/launch')
    expect(frameAncestors(page.headers)).toContain(ehr.origin)
    expect(page.headers.get('x-frame-options')).toBeNull()
    const form = await app.request('/submit-referral?from=ehr')
    expect(frameAncestors(form.headers)).toContain(ehr.origin)
    for (const path of ['/submit-referral', '/api/health', '/auth', '/']) {
      const res = await app.request(path)
      expect(frameAncestors(res.headers)).toBe("'none'")
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    }
  })

  test('a framed launch uses SameSite=None cookies, and the session signed in there is a new None one; unframed stays Lax', async () => {
    const me = await createUser()
    const framed = new Browser()
    await fullLaunch(framed, ehr, { headers: { 'sec-fetch-dest': 'iframe' } })
    const old = `hw_session=${me.agent.cookie!.split('=')[1]}`
    framed.jar.set('hw_session', old.split('=')[1]!)
    const signedIn = await framed.signIn(me.email)
    const session = signedIn.headers.getSetCookie().find((c) => c.startsWith('hw_session='))!
    expect(session).toMatch(/SameSite=None/i)
    expect(session).toMatch(/Secure/)
    expect(session).toMatch(/Partitioned/)
    // A new session: the one the browser held before is not kept.
    expect(session.split(';')[0]).not.toBe(old)
    expect((await framed.send('POST', '/api/smart/draft')).status).toBe(200)

    const plain = new Browser()
    const { done } = await fullLaunch(plain, ehr)
    expect(done.status).toBe(302)
    const plainSession = (await plain.signIn(me.email)).headers.getSetCookie().find((c) => c.startsWith('hw_session='))!
    expect(plainSession).toMatch(/SameSite=Lax/i)
    await db.delete(smart_launches).run()
  })
})

describe('registering EHRs (admin API)', () => {
  test('add, list, remove: admins only, audited, the secret never answered', async () => {
    const admin = await createUser({ roles: ['admin'] })
    const planner = await createUser()
    const body = { iss: 'https://fhir.general.example/api/FHIR/R4/', client_id: 'abc', client_auth: 'secret', client_secret: 'very-secret', frame_origins: ['https://ehr.general.example'] }
    expect((await planner.agent.post('/api/admin/smart-ehrs', body)).status).toBe(403)
    expect((await anonymous().get('/api/admin/smart-ehrs')).status).toBe(401)
    const added = await admin.agent.post('/api/admin/smart-ehrs', body)
    expect(added.status).toBe(201)
    expect(added.json.ehr).toMatchObject({ iss: 'https://fhir.general.example/api/FHIR/R4', client_auth: 'secret', frame_origins: ['https://ehr.general.example'] })
    expect(added.text).not.toContain('very-secret')
    expect((await admin.agent.post('/api/admin/smart-ehrs', body)).status).toBe(409)
    const invalid = await admin.agent.post('/api/admin/smart-ehrs', { iss: 'not a url', client_id: '', client_auth: 'secret' })
    expect(invalid.status).toBe(422)
    expect(Object.keys(invalid.json.error.fields)).toEqual(expect.arrayContaining(['iss', 'client_id', 'client_secret']))
    const listed = await admin.agent.get('/api/admin/smart-ehrs')
    expect(listed.json.launch_url).toEndWith('/smart/launch')
    expect(listed.json.items.map((e: { iss: string }) => e.iss)).toContain('https://fhir.general.example/api/FHIR/R4')
    expect(listed.text).not.toContain('very-secret')
    const removed = await admin.agent.delete(`/api/admin/smart-ehrs/${added.json.ehr.id}`)
    expect(removed.status).toBe(200)
    expect((await admin.agent.delete(`/api/admin/smart-ehrs/${added.json.ehr.id}`)).status).toBe(404)
    const actions = (await db.select({ action: audit_logs.action }).from(audit_logs).all()).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['smart_ehr_added', 'smart_ehr_removed']))
    expect((await db.select({ n: count() }).from(smart_ehrs).get())!.n).toBeGreaterThan(0)
  })
})
