import { expect, test, uniqueEmail } from './fixtures'

/** Home, sign-up, sign-in and not-found. Signed-in tests use their own accounts (fixtures). */

test('home page renders and the hero carousel advances and wraps', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Find the right group home')
  await expect(page.getByRole('link', { name: 'Submit a Referral' }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse Homes' }).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible()
  const active = page.locator('img[data-active="true"]')
  await expect(active).toHaveAttribute('src', '/images/hero-1.webp')
  await page.clock.runFor(5000)
  await expect(active).toHaveAttribute('src', '/images/hero-2.webp')
  await page.clock.runFor(5000)
  await expect(active).toHaveAttribute('src', '/images/hero-3.webp')
  await page.clock.runFor(5000)
  await expect(active).toHaveAttribute('src', '/images/hero-1.webp')
  // Images come from the app itself.
  const srcs = await page.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))
  expect(srcs.every((s) => s.startsWith('http://localhost'))).toBe(true)
  // Footer contact block from configuration.
  await expect(page.getByRole('contentinfo')).toContainText('support@homeward.example')
})

test('signing up as an operator lands on the operator dashboard', async ({ page }) => {
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  await page.getByLabel('I run a group home').check()
  await page.getByLabel('First name').fill('Olive')
  await page.getByLabel('Last name').fill('Operator')
  await page.getByLabel('Email').fill(uniqueEmail('signup'))
  await page.getByLabel('Phone').fill('(555) 987-6543')
  await page.getByLabel('Password').fill('operator-pass-1')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Account created!')).toBeVisible()
  await expect(page).toHaveURL(/\/operator-dashboard$/)
  await expect(page.getByText('Free Plan')).toBeVisible()
  await expect(page.getByRole('button', { name: '30 Day Free Trial' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Operator Dashboard' }).or(page.getByRole('link', { name: 'Operator Dashboard' }))).toBeVisible()
})

test('sign-up shows validation messages', async ({ page }) => {
  await page.goto('/auth?mode=signup')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Password').fill('short')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Invalid email address')).toBeVisible()
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(page.getByText('First name is required')).toBeVisible()
})

test('an admin signs in with two-factor, lands on /admin, sees the Admin link, and signs out to /', async ({ page, admin }) => {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByLabel('Verification code').fill(admin.code())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByText('You have been signed out successfully.')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
})

test('a wrong password shows the error toast', async ({ page, referrer }) => {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(referrer.email)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Invalid email or password')).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)
})

test('a signed-in referrer visiting home is sent to the referrer dashboard', async ({ referrer, referral }) => {
  expect(referral.id).toBeTruthy() // submitting a referral gives the account the referrer role
  const page = referrer.page
  await page.goto('/')
  await expect(page).toHaveURL(/\/referrer-dashboard$/)
  await expect(page.getByRole('link', { name: 'My Referrals' })).toBeVisible()
})

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('a page that crashes while rendering shows the error page inside the layout', async ({ page }) => {
  // An answer of the wrong shape makes the property page throw during render (no gallery, no name).
  await page.route('**/api/properties/crash-me', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }))
  await page.goto('/property/crash-me')
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('alert')).toContainText('Reloading usually helps')
  await expect(page).toHaveTitle('Something went wrong · Homeward')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(main.getByRole('button', { name: 'Reload' })).toBeVisible()
  await main.getByRole('link', { name: 'Home', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Find the right group home')
})
