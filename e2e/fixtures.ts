import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateTOTP } from '@oslojs/otp'
import { test as base, expect, request, type APIRequestContext, type APIResponse, type Browser, type FullConfig, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The current code of a base32 TOTP secret (what an authenticator app shows). */
export const totpCode = (secret: string) => generateTOTP(decodeBase32IgnorePadding(secret), 30, 6)

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`

export type NewUser = { email: string; password: string; first_name: string; last_name: string }

/** Undo quoted-printable soft line breaks and escapes (how nodemailer writes long lines). */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** The e2e server's data folder (playwright.config.ts). */
export const e2eDataDir = () => path.join(os.tmpdir(), `homeward-e2e-${process.env.E2E_PORT ?? 3210}`)

/** The checkout this spec runs from (where playwright.config.ts is). */
const repoRootOf = (config: Pick<FullConfig, 'configFile'>) => path.dirname(config.configFile ?? path.join(process.cwd(), 'playwright.config.ts'))

/**
 * Runs `bun <args>` in this checkout on the e2e server's data folder, as an
 * operator of the server would run `bin/homeward` beside it (a second process
 * on the same database is ordinary: ADR 020). Returns what it printed.
 */
export function bunOnE2eData(config: Pick<FullConfig, 'configFile'>, args: string[]) {
  const root = repoRootOf(config)
  return execFileSync(path.join(root, 'node_modules/.bin/bun'), args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: e2eDataDir(), LOG_LEVEL: 'warn' },
    stdio: 'pipe',
    encoding: 'utf8',
  })
}

/**
 * A click on a server-rendered page before React hydrated it is lost (nothing listens yet), as it
 * would be for a visitor on a slow phone. So a test's page waits, after `goto` and `reload`, until a
 * server-rendered page says it hydrated (`html[data-hydrated]`, client/src/main.tsx): an event, not a
 * delay. A test that means to act before hydration asks for `waitUntil: 'commit'`.
 */
export function waitingForHydration(page: Page): Page {
  const hydrated = () =>
    page.waitForFunction(() => !document.getElementById('server-state') || document.documentElement.dataset.hydrated === 'true', null, { polling: 'raf' })
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    if (options?.waitUntil !== 'commit') await hydrated()
    return response
  }
  page.reload = async (options) => {
    const response = await reload(options)
    if (options?.waitUntil !== 'commit') await hydrated()
    return response
  }
  return page
}

/** A page in a browser context of its own (no cookies shared with other pages). */
export async function newPage(browser: Browser) {
  return waitingForHydration(await (await browser.newContext()).newPage())
}

type Email = { text: string; at: number }

/**
 * The e-mails of a type sent to an address, newest first, decoded: the .eml
 * files the outbox job writes (no SMTP in tests).
 */
function emailsTo(to: string, type: string): Email[] {
  const dir = path.join(e2eDataDir(), 'outbox')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readEmail(path.join(dir, f)))
    .filter((m) => m.text.includes(`X-Homeward-Type: ${type}`) && m.text.toLowerCase().includes(to.toLowerCase()))
    .sort((a, b) => b.at - a.at)
}

/** Decoded .eml files by path: a file is read again only when its size or time changed (the outbox grows to hundreds). */
const readEmails = new Map<string, Email & { size: number }>()
function readEmail(file: string): Email {
  const { size, mtimeMs } = fs.statSync(file)
  const known = readEmails.get(file)
  if (known && known.size === size && known.at === mtimeMs) return known
  const email = { text: decodeQuotedPrintable(fs.readFileSync(file, 'utf8')), at: mtimeMs, size }
  readEmails.set(file, email)
  return email
}

const tokenIn = (email: Email | undefined) => (email && /token=([a-z0-9]+)/.exec(email.text)?.[1]) || null

/** Waits until `find` answers (an e-mail is written right after the commit that queued it), with Playwright's poll. */
async function waitFor<T>(find: () => T | null, timeoutMs: number, failure: string): Promise<T> {
  let found: T | null = null
  const arrived = () => {
    found = find()
    return found !== null
  }
  await expect.poll(arrived, { message: failure, timeout: timeoutMs, intervals: [100] }).toBe(true)
  return found as T
}

/** The whole newest e-mail of a type sent to an address (headers, parts, attachments), once `atLeast` of them have arrived. */
export function emailTo(to: string, type: string, timeoutMs = 15_000, atLeast = 1) {
  return waitFor(
    () => {
      const found = emailsTo(to, type)
      return found.length >= atLeast ? found[0]!.text : null
    },
    timeoutMs,
    `No ${type} e-mail to ${to}`,
  )
}

/** How many e-mails of a type were sent to an address so far. */
export const emailsCount = (to: string, type: string) => emailsTo(to, type).length

/** The token of the newest e-mail of a type sent to an address, once `atLeast` of them have arrived. */
export function tokenFromEmail(to: string, type: string, timeoutMs = 15_000, atLeast = 1) {
  return waitFor(
    () => {
      const found = emailsTo(to, type)
      return found.length >= atLeast ? tokenIn(found[0]) : null
    },
    timeoutMs,
    `No ${type} e-mail to ${to}`,
  )
}

/**
 * Sends a request that checks a password (sign-up, sign-in, deleting an account) and, while the server
 * answers 503 with Retry-After (its password-hash queue is full: the suite's own parallel sign-ups on a
 * busy machine), sends it again after the seconds the server asked for, as its own client does. A 503
 * checked nothing and wrote nothing, so sending it again is safe; the test's timeout bounds the loop.
 */
export async function whenNotBusy(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (;;) {
    const res = await send()
    const retryAfter = res.status() === 503 ? Number(res.headers()['retry-after']) : Number.NaN
    if (!(retryAfter > 0)) return res
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
  }
}

/** Confirms a new account's e-mail the way a user would: with the link from the e-mail. */
export async function verifyEmailByApi(page: Page, email: string) {
  const token = await tokenFromEmail(email, 'email_verification')
  const res = await page.request.post('/api/auth/verify-email', { data: { token } })
  expect(res.status(), await res.text()).toBe(200)
}

/** Creates an account through the API (e-mail confirmed unless verify: false); the page's context holds its session cookie. */
export async function signUpByApi(page: Page, overrides: Partial<NewUser> & { plan?: 'free' | 'premium'; verify?: boolean } = {}) {
  const user = {
    email: uniqueEmail(),
    password: 'e2e-password-1',
    first_name: 'Erin',
    last_name: 'Tester',
    phone: '(555) 222-3333',
    plan: 'free' as const,
    ...overrides,
  }
  const { verify = true, ...data } = user
  const res = await whenNotBusy(() => page.request.post('/api/auth/sign-up', { data }))
  expect(res.status(), await res.text()).toBe(201)
  if (verify) await verifyEmailByApi(page, user.email)
  return user
}

/**
 * Signs in through the API (fast); the page's context gets the session cookie.
 * A two-factor account answers with a code of `totpSecret`.
 */
export async function signInByApi(page: Page | { request: APIRequestContext }, email: string, password: string, totpSecret?: string) {
  const res = await whenNotBusy(() => page.request.post('/api/auth/sign-in', { data: { email, password } }))
  expect(res.status(), await res.text()).toBe(200)
  if ((await res.json()).two_factor_required) {
    if (!totpSecret) throw new Error(`${email} signs in with two-factor: give its secret`)
    const second = await page.request.post('/api/auth/2fa/verify', { data: { code: totpCode(totpSecret) } })
    expect(second.status(), await second.text()).toBe(200)
  }
}

/** A new referrer signs up and submits a referral through the API (the page holds their session). */
export async function submitReferralByApi(page: Page, client: { first: string; last: string }) {
  const user = await signUpByApi(page, { first_name: 'Rhea', last_name: 'Referrer' })
  const res = await page.request.post('/api/referrals', {
    data: {
      referrer_name: 'Rhea Referrer',
      referrer_relationship: 'case-manager',
      referrer_email: user.email,
      referrer_phone: '(555) 010-4444',
      client_first_name: client.first,
      client_last_name: client.last,
      client_dob: '1950-05-20',
      client_gender: 'female',
      preferred_state: 'TX',
      preferred_cities: ['Austin'],
      budget_range: '$3,000-$4,000',
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { referral } = (await res.json()) as { referral: { id: string } }
  return { referral, user }
}

/**
 * Before checking that the page did NOT ask for something: runs at once every timer the page set for the
 * next minute (retries, refetch delays, debounces; the test installed the page's clock before it opened
 * the page), then asks for a page of its own and waits for it. The page reports its requests in the order
 * it sends them, so whatever those timers asked for has been seen by then. No fixed wait.
 */
export async function afterPageTimers(page: Page) {
  await page.clock.runFor(60_000)
  await page.evaluate(() => fetch('/api/health').then((r) => r.text()))
}

// ─── per-test accounts (Playwright fixtures) ──────────────────────────────────
//
// Each test gets its own users and data, created through the API (the admin
// through the CLI, as a real one is) and deleted after it through
// DELETE /api/me, so tests do not see each other's changes under
// fullyParallel, and a retry starts from a clean slate instead of finding the
// referral its first attempt unlocked. Each account has a browser context of
// its own: `referrer.page`, `premiumOperator.page`, `admin.page`; the test's
// `page` stays signed out until the test signs it in. No test uses the demo
// dataset (the e2e server starts without it).

/** A signed-in account with its own browser context and page. */
export type Account = NewUser & { id: string; page: Page }
export type Home = { name: string; city: string; state: string; zip: string }
export type Client = { first: string; last: string }
export type Where = { state: string; city: string }
export type Referral = Where & { id: string; client: Client }
type Name = { first_name: string; last_name: string }

export type Referrer = Account & {
  /** Submits a referral for `client` through the API (matching runs as it is submitted). */
  submitReferral: (client: Client, where?: Where, extra?: Record<string, unknown>) => Promise<Referral>
}

/** What an operator's profile says besides its username and organization (PATCH /api/my/profile). */
export type ProfileDetails = {
  licensing_type?: 'licensed' | 'in_progress' | 'unlicensed'
  years_of_experience?: number
  bio?: string
  specializations?: string[]
}

export type Operator = Account & {
  /** The profile's organization name: what cards, conversations and the directory show. */
  organization: string
  username: string
  /** Lists a home through the API (`extra`: more fields of POST /api/my/properties); returns its id. */
  addHome: (home: Home, extra?: Record<string, unknown>) => Promise<string>
}

/** An admin made for the test, with two-factor enrolled: `code()` is what its authenticator shows now. */
export type Admin = Account & { totpSecret: string; code: () => string }

/** Factories for tests that need more than one account of a kind; everything they make is deleted after the test. */
export type Make = {
  referrer: (name?: Name) => Promise<Referrer>
  /** Premium through the built-in offline checkout (no card), licensed unless `profile` says otherwise, with a public profile. */
  premiumOperator: (name?: Name, profile?: ProfileDetails) => Promise<Operator>
  /** On the free plan, with a public profile. */
  freeOperator: (name?: Name, profile?: ProfileDetails) => Promise<Operator>
  admin: () => Promise<Admin>
}

const tag = () => Math.random().toString(36).slice(2, 8)

async function me(page: Page) {
  const res = await page.request.get('/api/me')
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { user: { id: string } }).user
}

/**
 * Deletes an account (DELETE /api/me with its password), from its own page if
 * that is still signed in, else signed in afresh (the test may have signed it out).
 */
async function deleteAccountByApi(baseURL: string, account: Account & { totpSecret?: string }) {
  const data = { password: account.password }
  const res = await whenNotBusy(() => account.page.request.delete('/api/me', { data }))
  if (res.status() !== 401) {
    expect(res.status(), `deleting ${account.email}: ${await res.text()}`).toBe(200)
    return
  }
  const api = await request.newContext({ baseURL })
  try {
    await signInByApi({ request: api }, account.email, account.password, account.totpSecret)
    const again = await whenNotBusy(() => api.delete('/api/me', { data }))
    expect(again.status(), `deleting ${account.email}: ${await again.text()}`).toBe(200)
  } finally {
    await api.dispose()
  }
}

async function newAccount(browser: Browser, name: Name): Promise<Account> {
  const page = await newPage(browser)
  const user = await signUpByApi(page, name)
  return { ...user, id: (await me(page)).id, page }
}

function asReferrer(account: Account): Referrer {
  const submitReferral = async (client: Client, where: Where = { state: 'TX', city: 'Austin' }, extra: Record<string, unknown> = {}) => {
    const res = await account.page.request.post('/api/referrals', {
      data: {
        referrer_name: `${account.first_name} ${account.last_name}`,
        referrer_relationship: 'case-manager',
        referrer_email: account.email,
        referrer_phone: '(555) 010-4444',
        client_first_name: client.first,
        client_last_name: client.last,
        client_dob: '1950-05-20',
        client_gender: 'female',
        preferred_state: where.state,
        preferred_cities: [where.city],
        budget_range: '$3,000-$4,000',
        ...extra,
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    return { id: ((await res.json()) as { referral: { id: string } }).referral.id, client, ...where }
  }
  return { ...account, submitReferral }
}

/** Publishes a profile (a username publishes it) and lets the account list homes. */
async function asOperator(account: Account, profile: ProfileDetails): Promise<Operator> {
  const { page } = account
  const t = tag()
  const organization = `Orchard Homes ${t}`
  const username = `orchard-${t}`
  const saved = await page.request.patch('/api/my/profile', { data: { username, organization_name: organization, ...profile } })
  expect(saved.status(), await saved.text()).toBe(200)
  const addHome = async (home: Home, extra: Record<string, unknown> = {}) => {
    const res = await page.request.post('/api/my/properties', {
      data: { name: home.name, address: '1 Test Road', city: home.city, state: home.state, zip_code: home.zip, total_beds: 6, available_beds: 3, monthly_fee: 2500, description: 'A calm family-style home.', ...extra },
    })
    expect(res.status(), await res.text()).toBe(201)
    return ((await res.json()) as { property: { id: string } }).property.id
  }
  return { ...account, organization, username, addHome }
}

async function asPremiumOperator(account: Account, profile: ProfileDetails): Promise<Operator> {
  const { page } = account
  const checkout = await page.request.post('/api/billing/checkout')
  expect(checkout.status(), await checkout.text()).toBeLessThan(300)
  const done = await page.request.post(`/api${((await checkout.json()) as { url: string }).url}/complete`)
  expect(done.status(), await done.text()).toBe(200)
  return asOperator(account, { licensing_type: 'licensed', ...profile })
}

/** `homeward admin create` on the e2e server's data folder, then two-factor enrolment through the API. */
async function newAdmin(browser: Browser, config: Pick<FullConfig, 'configFile'>): Promise<Admin> {
  const email = uniqueEmail('admin')
  const password = 'e2e-admin-password-1'
  bunOnE2eData(config, ['bin/homeward.ts', 'admin', 'create', email, '--password', password])
  const page = await newPage(browser)
  await signInByApi(page, email, password) // no second factor yet: admin pages refuse this session until enrolment
  const setup = await page.request.post('/api/auth/2fa/setup')
  expect(setup.status(), await setup.text()).toBe(200)
  const { secret } = (await setup.json()) as { secret: string }
  const enable = await page.request.post('/api/auth/2fa/enable', { data: { code: totpCode(secret) } })
  expect(enable.status(), await enable.text()).toBe(200)
  return { email, password, first_name: 'Admin', last_name: 'User', id: (await me(page)).id, page, totpSecret: secret, code: () => totpCode(secret) }
}

/**
 * Makes accounts in their own contexts of `browser`; `deleteAll()` deletes
 * every one and closes its context. The `make` fixture is one per test; a
 * spec that only reads may keep one per worker (a worker-scoped fixture).
 */
export function accountMaker(browser: Browser, baseURL: string, config: Pick<FullConfig, 'configFile'>): Make & { deleteAll: () => Promise<void> } {
  const made: Array<Account & { totpSecret?: string }> = []
  const track = <T extends Account>(account: T) => {
    made.push(account)
    return account
  }
  return {
    referrer: async (name = { first_name: 'Rhea', last_name: 'Referrer' }) => track(asReferrer(await newAccount(browser, name))),
    premiumOperator: async (name = { first_name: 'Oona', last_name: 'Orchard' }, profile = {}) => track(await asPremiumOperator(await newAccount(browser, name), profile)),
    freeOperator: async (name = { first_name: 'Fern', last_name: 'Fields' }, profile = {}) => track(await asOperator(await newAccount(browser, name), profile)),
    admin: async () => track(await newAdmin(browser, config)),
    deleteAll: async () => {
      const results = await Promise.allSettled(made.map((account) => deleteAccountByApi(baseURL, account)))
      await Promise.all(made.map((account) => account.page.context().close()))
      const failed = results.find((r) => r.status === 'rejected')
      if (failed) throw failed.reason
    },
  }
}

type Fixtures = {
  make: Make
  /** A verified referrer (Rhea Referrer) with no referral yet. */
  referrer: Referrer
  /** A Premium, licensed operator with a public profile and no home yet (`addHome`). */
  premiumOperator: Operator
  /** A new admin with two-factor enrolled, signed in. */
  admin: Admin
  /** The client of `referral`; set per file or describe with test.use({ referralClient }). */
  referralClient: Client
  /** A referral in Austin, TX submitted by `referrer`. */
  referral: Referral
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => use(waitingForHydration(page)),
  make: async ({ browser, baseURL }, use, testInfo) => {
    const maker = accountMaker(browser, baseURL!, testInfo.config)
    await use(maker)
    await maker.deleteAll()
  },
  referrer: async ({ make }, use) => use(await make.referrer()),
  premiumOperator: async ({ make }, use) => use(await make.premiumOperator()),
  admin: async ({ make }, use) => use(await make.admin()),
  referralClient: [{ first: 'Ursula', last: 'Vance' }, { option: true }],
  referral: async ({ referrer, referralClient }, use) => use(await referrer.submitReferral(referralClient)),
})
export { expect }

/**
 * The operator expresses interest and unlocks the referral through the API and the built-in offline
 * checkout: the fee is then held in escrow. `complete: false` stops at the checkout and returns its
 * page's address (/pay/offline/unlock/<id>), for a test that completes it on screen.
 */
export async function unlockByApi(operator: { page: Page }, referralId: string, { complete = true } = {}) {
  const interest = await operator.page.request.post(`/api/referrals/${referralId}/interest`)
  expect(interest.status(), await interest.text()).toBeLessThan(300)
  const checkout = await operator.page.request.post(`/api/referrals/${referralId}/unlock`)
  expect(checkout.status(), await checkout.text()).toBe(201)
  const { url } = (await checkout.json()) as { url: string }
  if (complete) {
    const done = await operator.page.request.post(`/api${url}/complete`)
    expect(done.status(), await done.text()).toBe(200)
  }
  return url
}
