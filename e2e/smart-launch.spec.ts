import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { type FrameLocator, type Page, request } from '@playwright/test'
import postgres from 'postgres'
import { startTestEhr, type TestEhr } from '../server/features/smart/test-ehr'
import { bunOnE2eData, expect, test, uniqueEmail, whenNotBusy } from './fixtures'

/**
 * "Refer to a group home" in an EHR chart (SMART App Launch, ADR 033): a test EHR on 127.0.0.1 (another
 * site than Homeward's localhost, as a hospital's EHR is) launches Homeward, in a tab and in its own
 * frame. The record it serves is the Synthea sample of Kermit Trantow.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
const HOMEWARD = `http://localhost:${E2E_PORT}`
let ehr: TestEhr
/** Playwright runs from the checkout (where playwright.config.ts is). */
const CONFIG = { configFile: path.join(process.cwd(), 'playwright.config.ts') }

test.beforeAll(async () => {
  ehr = await startTestEhr({ redirectUri: `${HOMEWARD}/smart/callback` })
  bunOnE2eData(CONFIG, ['bin/homeward.ts', 'smart-ehrs', 'add', '--iss', ehr.iss, '--client-id', ehr.clientId])
})
test.afterAll(async () => {
  bunOnE2eData(CONFIG, ['bin/homeward.ts', 'smart-ehrs', 'remove', ehr.iss])
  await ehr.close()
})

type Planner = { email: string; password: string }
type Where = Page | FrameLocator

const next = (where: Where) => where.getByRole('button', { name: 'Next' }).click()
const stepHeading = (where: Where, name: string) => where.getByRole('heading', { level: 2, name: new RegExp(name) })

/**
 * From the launched form, signed out: sign in, find the EHR patient's answers in the form, submit.
 * `where` is the page, or the EHR's frame holding Homeward.
 */
async function signInAndSubmit(where: Where, planner: Planner) {
  const launched = where.getByTestId('launched-record')
  await expect(launched).toContainText("The patient's record from the health record system is ready")
  await launched.getByRole('link', { name: 'sign in' }).click()
  // The sign-in page's code may still be on its way: the form's own "Email" stays on screen until it comes.
  await expect(where.getByRole('heading', { level: 1, name: 'Welcome to Homeward' })).toBeVisible()
  await where.getByLabel('Email').fill(planner.email)
  await where.getByLabel('Password').fill(planner.password)
  await where.getByRole('button', { name: 'Sign In' }).click()

  await expect(stepHeading(where, 'Your Information')).toBeVisible()
  await expect(launched.getByRole('status')).toContainText('answers filled in from the health record')
  // The chart's race and ethnicity are offered, not filled: left out unless the planner includes them.
  await expect(where.getByRole('group', { name: 'Race and ethnicity' })).toContainText('Race: White')
  await expect(where.getByRole('checkbox', { name: 'Include race and ethnicity' })).not.toBeChecked()
  await where.getByLabel('Your Role').selectOption('case-manager')
  await where.getByLabel('Phone').fill('(555) 010-7777')
  await next(where)
  await expect(stepHeading(where, 'Client Information')).toBeVisible()
  await expect(where.getByLabel('First Name')).toHaveValue('Kermit')
  await expect(where.getByLabel('First Name')).toHaveAccessibleDescription(/From the health record/)
  await expect(where.getByLabel('Last Name')).toHaveValue('Trantow')
  await expect(where.getByLabel('Date of Birth')).toHaveValue('1993-06-21')
  await expect(where.getByLabel('Race')).toHaveValue('')
  await next(where)
  await expect(stepHeading(where, 'Emergency Contact & Legal')).toBeVisible()
  await next(where)
  await expect(stepHeading(where, 'Health & Substance Use')).toBeVisible()
  await expect(where.getByLabel('Current Medications')).toHaveValue(/Hydrochlorothiazide 25 MG/)
  await expect(where.getByLabel('Allergies')).toHaveValue('Allergy to bee venom; Shellfish allergy; Allergy to peanuts')
  await next(where)
  await next(where)
  await expect(stepHeading(where, 'Care Requirements & Preferences')).toBeVisible()
  await where.getByLabel('Monthly Budget').selectOption('$3,000-$4,000')
  await where.getByRole('button', { name: 'Submit Referral' }).click()
  await expect(where.getByText('Referral Submitted!')).toBeVisible()
  await expect(where.getByRole('region', { name: 'Referral for Kermit Trantow' })).toBeVisible()
}

test('a signed-out planner clicks "Refer to a group home" in the chart, signs in, and submits the referral the EHR filled', async ({ page, make }) => {
  const planner = await make.referrer({ first_name: 'Dana', last_name: 'Planner' })
  await page.goto(`${ehr.origin}/ehr/chart?homeward=${encodeURIComponent(HOMEWARD)}`)
  await page.getByRole('link', { name: 'Refer to a group home' }).click()
  await expect(page).toHaveURL(`${HOMEWARD}/submit-referral?step=1&from=ehr`)
  await signInAndSubmit(page, planner)
  await expect(page).toHaveURL(`${HOMEWARD}/referrer-dashboard`)
})

test('the same inside the EHR’s frame; a page outside /smart/ refuses to be framed by it', async ({ page, make }) => {
  const planner = await make.referrer({ first_name: 'Frankie', last_name: 'Framed' })
  await page.goto(`${ehr.origin}/ehr/embedded?homeward=${encodeURIComponent(HOMEWARD)}`)
  const app = page.frameLocator('#app')
  await signInAndSubmit(app, planner)
  // The top page never left the EHR: Homeward ran in its frame throughout.
  expect(new URL(page.url()).origin).toBe(ehr.origin)

  // Chromium reports the refusal on the EHR's page and shows its own error page in the frame instead of Homeward.
  const refused = page.waitForEvent('console', (m) => m.text().includes(`Framing '${HOMEWARD}/' violates the following Content Security Policy directive: "frame-ancestors 'none'"`))
  const blocked = page.waitForEvent('framenavigated', (f) => f.parentFrame() !== null && f.url().startsWith('chrome-error://'))
  const answer = page.waitForResponse(`${HOMEWARD}/browse`)
  await page.goto(`${ehr.origin}/ehr/frame?src=${encodeURIComponent(`${HOMEWARD}/browse`)}`)
  expect((await answer).headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  await refused
  await blocked
})

test('a refused authorization shows its page in the frame, and nothing is imported', async ({ page }) => {
  ehr.behaviour.refuse = true
  try {
    await page.goto(`${ehr.origin}/ehr/embedded?homeward=${encodeURIComponent(HOMEWARD)}`)
    const app = page.frameLocator('#app')
    await expect(app.getByRole('heading', { name: 'The health record system did not authorize Homeward' })).toBeVisible()
    await expect(app.getByText('Nothing was imported.')).toBeVisible()
  } finally {
    ehr.behaviour.refuse = false
  }
})

test('an admin registers an EHR in the dashboard, sees the URLs to give it, and removes it', async ({ admin }) => {
  const page = admin.page
  const iss = `https://fhir-${Math.random().toString(36).slice(2, 8)}.hospital.example/api/FHIR/R4`
  await page.goto('/admin?tab=ehr-launch')
  await expect(page.getByText(`${HOMEWARD}/smart/launch`)).toBeVisible()
  await expect(page.getByText(`${HOMEWARD}/smart/callback`)).toBeVisible()
  const form = page.getByRole('form', { name: 'Register an EHR' })
  await form.getByLabel('FHIR base URL (iss)').fill('not a url')
  await form.getByRole('button', { name: 'Register EHR' }).click()
  await expect(form.getByText('Enter the FHIR base URL, e.g. https://fhir.hospital.example/api/FHIR/R4')).toBeVisible()
  await form.getByLabel('FHIR base URL (iss)').fill(iss)
  await form.getByLabel('Client ID').fill('epic-client-1')
  await form.getByLabel('Client type').selectOption('secret')
  await form.getByLabel('Client secret').fill('a-client-secret')
  await form.getByRole('button', { name: 'Register EHR' }).click()
  const row = page.getByRole('row').filter({ hasText: iss })
  await expect(row).toContainText('Confidential, client secret')
  await expect(page.getByText('a-client-secret')).toHaveCount(0)
  await row.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('alertdialog', { name: 'Remove this EHR?' }).getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('EHR removed')).toBeVisible()
  await expect(row).toHaveCount(0)
  await page.getByRole('tab', { name: 'Audit Logs' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Removed an EHR from SMART launch' }).first()).toContainText(admin.email)
})

/**
 * The journey once more against a server on PostgreSQL (the suite's own server runs on SQLite), when
 * TEST_DATABASE_URL names a PostgreSQL server: a fresh database, a server of this test's own.
 */
test.describe('on PostgreSQL', () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL is not set')
  let server: ChildProcess | null = null
  let pgEhr: TestEhr
  let base = ''
  let database = ''
  let dataDir = ''
  let databaseUrl = ''
  const adminSql = () => postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} })

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const port = await freePort()
    base = `http://localhost:${port}`
    database = `hw_e2e_smart_${process.pid}_${Date.now().toString(36)}`
    const sql = adminSql()
    try {
      await sql.unsafe(`CREATE DATABASE "${database}"`)
    } finally {
      await sql.end()
    }
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${database}`
    databaseUrl = url.href
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-e2e-smart-pg-'))
    const root = process.cwd()
    const env = { ...process.env, DATABASE_URL: url.href, DATA_DIR: dataDir, PUBLIC_URL: base, PORT: String(port), NODE_ENV: 'development', SEED_DEMO: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100', SCHEDULER: 'false' }
    pgEhr = await startTestEhr({ redirectUri: `${base}/smart/callback` })
    const bun = path.join(root, 'node_modules/.bin/bun')
    await new Promise<void>((resolve, reject) => {
      const add = spawn(bun, ['bin/homeward.ts', 'smart-ehrs', 'add', '--iss', pgEhr.iss, '--client-id', pgEhr.clientId], { cwd: root, env, stdio: 'ignore' })
      add.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`smart-ehrs add exited ${code}`))))
    })
    server = spawn(bun, ['bin/homeward.ts', 'serve', '--port', String(port)], { cwd: root, env, stdio: 'ignore' })
    // Ready when it answers its health check (as playwright.config.ts's webServer waits).
    await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [200] }).toBe(200)
  })

  test.afterAll(async () => {
    server?.kill('SIGTERM')
    if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve))
    await pgEhr?.close()
    const sql = adminSql()
    try {
      await sql.unsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
    } finally {
      await sql.end()
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  /** A referrer of this server, with a confirmed e-mail address. */
  async function pgPlanner(name: string): Promise<Planner> {
    const planner = { email: uniqueEmail(name), password: 'e2e-password-1' }
    const api = await request.newContext({ baseURL: base })
    const res = await whenNotBusy(() => api.post('/api/auth/sign-up', { data: { ...planner, first_name: 'Pat', last_name: 'Postgres', phone: '(555) 222-3333', plan: 'free' } }))
    expect(res.status(), await res.text()).toBe(201)
    await api.dispose()
    // The e-mail confirmation link is this server's outbox; the account is confirmed in its database instead.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    try {
      await sql`UPDATE users SET email_verified_at = ${Date.now()} WHERE email = ${planner.email}`
    } finally {
      await sql.end()
    }
    return planner
  }

  test('a signed-out planner launches from the chart, signs in and submits: on PostgreSQL', async ({ page }) => {
    const planner = await pgPlanner('pg-planner')
    await page.goto(`${pgEhr.origin}/ehr/chart?homeward=${encodeURIComponent(base)}`)
    await page.getByRole('link', { name: 'Refer to a group home' }).click()
    await signInAndSubmit(page, planner)
  })

  test('the same inside the EHR’s frame: on PostgreSQL', async ({ page }) => {
    const planner = await pgPlanner('pg-framed-planner')
    await page.goto(`${pgEhr.origin}/ehr/embedded?homeward=${encodeURIComponent(base)}`)
    await signInAndSubmit(page.frameLocator('#app'), planner)
    expect(new URL(page.url()).origin).toBe(pgEhr.origin)
  })
})

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
