import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateTOTP } from '@oslojs/otp'
import { expect, signUpByApi, test, tokenFromEmail } from './fixtures'

test('forgot password: the e-mailed link sets a new password and signs in', async ({ page }) => {
  const user = await signUpByApi(page)
  await page.request.post('/api/auth/sign-out')
  await page.goto('/auth')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  // The sign-in form (with its own Email field) stays on screen until the lazy page has loaded.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('If an account exists for that email, we sent a link to reset your password.')).toBeVisible()
  const token = await tokenFromEmail(user.email, 'password_reset')
  await page.goto(`/reset-password?token=${token}`)
  await page.getByLabel('New password').fill('a-brand-new-password')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Password updated')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  // The link works once: opened again, the page says so at once and offers a new one.
  await page.goto(`/reset-password?token=${token}`)
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible()
})

test('a new account confirms its e-mail through the link; until then a banner offers to resend', async ({ page }) => {
  const user = await signUpByApi(page, { verify: false })
  await page.goto('/operator-dashboard')
  await expect(page.getByText(/Please confirm your e-mail address/)).toBeVisible()
  await page.getByRole('button', { name: 'Resend verification email' }).first().click()
  await expect(page.getByText('Verification email sent.')).toBeVisible()
  // The resent link replaces the first one: wait for the second e-mail.
  const token = await tokenFromEmail(user.email, 'email_verification', 15_000, 2)
  await page.goto(`/verify-email?token=${token}`)
  await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible()
  await expect(page.getByText(/Please confirm your e-mail address/)).toHaveCount(0)
})

test('two-factor: enrol with the setup key, get recovery codes, then sign-in asks for a code', async ({ page }) => {
  const user = await signUpByApi(page)
  await page.goto('/account')
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  await expect(page.getByAltText('QR code to add Homeward to your authenticator app')).toBeVisible()
  const secret = (await page.getByLabel('Setup key').inputValue()).trim()
  const code = () => generateTOTP(decodeBase32IgnorePadding(secret), 30, 6)
  await page.getByLabel('Verification code').fill(code())
  await page.getByRole('button', { name: 'Confirm and enable' }).click()
  await expect(page.getByText('Two-factor authentication enabled')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
  await expect(page.getByText('This device')).toBeVisible()

  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).first().click()
  await page.goto('/auth')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByLabel('Verification code').fill(code())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page).toHaveURL(/\/operator-dashboard$/)
})
