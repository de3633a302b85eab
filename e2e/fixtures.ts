import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateTOTP } from '@oslojs/otp'
import { test as base, expect, type Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const DEMO_PASSWORD = 'homeward-demo'
export const DEMO = {
  admin: 'admin@homeward.test',
  premium: 'premium@homeward.test',
  comp: 'comp@homeward.test',
  free: 'free@homeward.test',
  referrer: 'referrer@homeward.test',
  family: 'family@homeward.test',
}

/** The seeded admin signs in with two-factor; this is its public demo key (server/db/seed). */
export const DEMO_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
export const demoAdminCode = () => generateTOTP(decodeBase32IgnorePadding(DEMO_ADMIN_TOTP_SECRET), 30, 6)

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`

export type NewUser = { email: string; password: string; first_name: string; last_name: string }

/** Undo quoted-printable soft line breaks and escapes (how nodemailer writes long lines). */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** The e2e server's data folder (playwright.config.ts). */
export const e2eDataDir = () => path.join(os.tmpdir(), `homeward-e2e-${process.env.E2E_PORT ?? 3210}`)

/**
 * The token of the newest e-mail of a type sent to an address, read from the
 * .eml files the outbox job writes (no SMTP in tests). Polls: delivery runs every 2 s.
 */
export async function tokenFromEmail(to: string, type: string, timeoutMs = 15_000, atLeast = 1) {
  const dir = path.join(e2eDataDir(), 'outbox')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => path.join(dir, f)) : []
    const hits = files
      .map((f) => ({ f, text: fs.readFileSync(f, 'utf8'), at: fs.statSync(f).mtimeMs }))
      .filter((m) => m.text.includes(`X-Homeward-Type: ${type}`) && m.text.toLowerCase().includes(to.toLowerCase()))
      .sort((a, b) => b.at - a.at)
    const token = hits.length >= atLeast && hits[0] && /token=([a-z0-9]+)/.exec(decodeQuotedPrintable(hits[0].text))?.[1]
    if (token) return token
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`No ${type} e-mail to ${to}`)
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
  const res = await page.request.post('/api/auth/sign-up', { data })
  expect(res.status(), await res.text()).toBe(201)
  if (verify) await verifyEmailByApi(page, user.email)
  return user
}

/** Signs in through the API (fast); the page's context gets the session cookie. */
export async function signInByApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/sign-in', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  if ((await res.json()).two_factor_required) {
    const second = await page.request.post('/api/auth/2fa/verify', { data: { code: demoAdminCode() } })
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

export const test = base
export { expect }
