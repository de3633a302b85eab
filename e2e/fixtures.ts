import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateTOTP } from '@oslojs/otp'
import { test as base, expect, type Page } from '@playwright/test'

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

/** Creates an account through the API; the page's context holds its session cookie. */
export async function signUpByApi(page: Page, overrides: Partial<NewUser> & { plan?: 'free' | 'premium' } = {}) {
  const user = {
    email: uniqueEmail(),
    password: 'e2e-password-1',
    first_name: 'Erin',
    last_name: 'Tester',
    phone: '(555) 222-3333',
    plan: 'free' as const,
    ...overrides,
  }
  const res = await page.request.post('/api/auth/sign-up', { data: user })
  expect(res.status(), await res.text()).toBe(201)
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

export const test = base
export { expect }
