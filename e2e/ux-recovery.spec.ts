import { expect, newPage, signUpByApi, test, tokenFromEmail } from './fixtures'

/**
 * Links from e-mails opened late or twice: an expired or used reset
 * link says so when the page opens and offers a new one (item 5, both
 * widths); a confirmation link opened again says the address is already
 * confirmed (item 6, 1280 px).
 */

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('a reset link that no longer works says so as the page opens and sends a new one', async ({ page, browser }) => {
      const user = await signUpByApi(page)
      await page.request.post('/api/auth/sign-out')
      await page.request.post('/api/auth/forgot-password', { data: { email: user.email } })
      const first = await tokenFromEmail(user.email, 'password_reset')
      // The link is used once (in another browser); opened again, nothing to type before being told.
      const elsewhere = await newPage(browser)
      const used = await elsewhere.request.post('/api/auth/reset-password', { data: { token: first, password: 'first-new-password' } })
      expect(used.status(), await used.text()).toBe(200)

      await page.goto(`/reset-password?token=${first}`)
      await expect(page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired.' })).toBeVisible()
      await expect(page.getByLabel('New password')).toHaveCount(0)
      await page.getByLabel('Email').fill(user.email)
      await page.getByRole('button', { name: 'Send a new link' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'If an account exists for that email, we sent a link to reset your password.' })).toBeVisible()

      // The new link opens the form.
      const second = await tokenFromEmail(user.email, 'password_reset', 15_000, 2)
      expect(second).not.toBe(first)
      await page.goto(`/reset-password?token=${second}`)
      await page.getByLabel('New password').fill('second-new-password')
      await page.getByRole('button', { name: 'Set new password' }).click()
      await expect(page.getByText('Password updated')).toBeVisible()
      await elsewhere.context().close()
    })
  })
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('a confirmation link opened again says the address is already confirmed, not that the link is invalid', async ({ page }) => {
    const user = await signUpByApi(page, { verify: false })
    const token = await tokenFromEmail(user.email, 'email_verification')
    await page.goto(`/verify-email?token=${token}`)
    await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible()
    await page.goto(`/verify-email?token=${token}`)
    const said = page.getByRole('status').filter({ hasText: 'Your e-mail address is already confirmed. There is nothing more to do.' })
    await expect(said).toBeVisible()
    await expect(said.locator('p')).toHaveClass(/text-green-800/)
    await expect(page.getByText('This verification link is invalid or has expired.')).toHaveCount(0)
  })
})
