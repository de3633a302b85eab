import type { Page } from '@playwright/test'
import { expect, signUpByApi, test } from './fixtures'

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click()
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name: new RegExp(name) })

async function fillClientStep(page: Page, first: string) {
  await page.getByLabel('First Name').fill(first)
  await page.getByLabel('Last Name').fill('Lopez')
  await page.getByLabel('Date of Birth').fill('1950-05-20')
  await page.getByLabel('Gender').selectOption('female')
  await page.getByLabel('Preferred State').selectOption('TX')
}

test('a signed-in referrer fills all six steps, submits, sees it pending on the dashboard and cancels it', async ({ page }) => {
  const user = await signUpByApi(page, { first_name: 'Carla', last_name: 'Case' })
  await page.goto('/submit-referral')
  await expect(page.getByRole('heading', { level: 1, name: 'Submit a Referral' })).toBeVisible()
  const indicator = page.getByRole('list', { name: 'Referral steps' })
  for (const title of ['Referrer Info', 'Client Info', 'Emergency & Legal', 'Health & Substance', 'Income & Benefits', 'Requirements']) {
    await expect(indicator).toContainText(title)
  }

  // 1. Referrer Info: the account's name and e-mail are offered.
  await expect(stepHeading(page, 'Your Information')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(user.email)
  await expect(page.getByLabel('Full Name')).toHaveValue('Carla Case')
  await expect(page.getByLabel('Your Role').locator('option')).toHaveText(['Select your role', 'Case Manager', 'Social Worker', 'Family Member', 'Legal Guardian', 'Other'])
  await page.getByLabel('Your Role').selectOption('case-manager')
  await page.getByLabel('Phone').fill('55501')
  await next(page)
  await expect(page.getByText('Phone number is too short')).toBeVisible()
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Phone').fill('(555) 010-7777')
  await page.getByLabel('Referral Source').fill('St. David hospital')
  await next(page)

  // 2. Client Info: Next shows every field's message.
  await expect(stepHeading(page, 'Client Information')).toBeVisible()
  await next(page)
  for (const message of ['First name is required', 'Last name is required', 'Date of birth is required', 'Please select a gender', 'Preferred state is required']) {
    await expect(page.getByText(message)).toBeVisible()
  }
  await expect(page.getByLabel('Gender').locator('option')).toHaveText(['Select gender', 'Male', 'Female', 'Other'])
  await fillClientStep(page, 'Marta')
  await page.getByLabel('ZIP Code').fill('787')
  await next(page)
  await expect(page.getByText('Invalid ZIP code')).toBeVisible()
  await page.getByLabel('ZIP Code').fill('78704')
  await page.getByLabel('Preferred Cities').fill('Austin, Round Rock')
  await next(page)

  // 3. Emergency & Legal; Back keeps what was typed.
  await expect(stepHeading(page, 'Emergency Contact & Legal')).toBeVisible()
  await page.getByLabel('Emergency Contact Name').fill('Luis Lopez')
  await page.getByLabel('Emergency Contact Phone').fill('(555) 010-8888')
  await page.getByLabel('Pending legal cases?').selectOption('no')
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByLabel('First Name')).toHaveValue('Marta')
  await expect(page.getByLabel('Preferred Cities')).toHaveValue('Austin, Round Rock')
  await next(page)
  await expect(page.getByLabel('Emergency Contact Name')).toHaveValue('Luis Lopez')
  await next(page)

  // 4. Health & Substance
  await expect(stepHeading(page, 'Health & Substance Use')).toBeVisible()
  await page.getByLabel('Medical Conditions').fill('Hypertension')
  await page.getByLabel('Allergies').fill('x'.repeat(501))
  await next(page)
  await expect(page.getByText('Allergies must be less than 500 characters')).toBeVisible()
  await page.getByLabel('Allergies').fill('Latex')
  await page.getByLabel('Attends AA/NA meetings?').selectOption('yes')
  await page.getByLabel('Meetings per Week').fill('3')
  await next(page)

  // 5. Income & Benefits
  await expect(stepHeading(page, 'Income & Benefits')).toBeVisible()
  await page.getByLabel('Primary Income Source').fill('Social Security')
  await page.getByLabel('SSI', { exact: true }).check()
  await page.getByLabel('Medicaid Status').selectOption('active')
  await next(page)

  // 6. Requirements
  await expect(stepHeading(page, 'Care Requirements & Preferences')).toBeVisible()
  await expect(page.getByText('shared with qualified group home operators')).toBeVisible()
  await page.getByRole('button', { name: 'Submit Referral' }).click()
  await expect(page.getByText('Please select a monthly budget')).toBeVisible()
  await page.getByLabel('Wheelchair accessible').check()
  await page.getByLabel('24/7 medical care required').check()
  await page.getByLabel('Monthly Budget').selectOption('$3,000-$4,000')
  await page.getByLabel('Additional Information').fill('Prefers a ground-floor room.')
  await page.getByRole('button', { name: 'Submit Referral' }).click()

  await expect(page.getByText('Referral Submitted!')).toBeVisible()
  await expect(page.getByText('Track your referral status and messages on your dashboard.')).toBeVisible()
  await expect(page).toHaveURL(/\/referrer-dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Referrer Dashboard' })).toBeVisible()
  await expect(page.getByTestId('count-total')).toHaveText('1')
  await expect(page.getByTestId('count-pending')).toHaveText('1')
  await expect(page.getByTestId('count-cancelled')).toHaveText('0')
  await expect(page.getByRole('link', { name: 'Submit New Referral' })).toHaveAttribute('href', '/submit-referral')
  await expect(page.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/my-referrals')
  const card = page.getByRole('region', { name: 'Referral for Marta Lopez' })
  const badge = card.locator('[data-status]')
  // Before any home answers, the badge says whether homes were told (the referral's state, not the stored "pending").
  await expect(badge).toHaveText(/^(Submitted|Sent to homes)$/)
  await expect(card).toContainText('Wheelchair accessible, 24/7 medical care')
  await expect(card).toContainText('$3,000-$4,000')
  await card.getByRole('tab', { name: 'Documents' }).click()
  await expect(card.getByRole('tabpanel', { name: 'Documents', exact: true })).toBeVisible()
  await card.getByRole('tab', { name: 'Overview' }).click()
  // The submitter is now a referrer: the header offers My Referrals.
  await expect(page.getByRole('link', { name: 'My Referrals' })).toBeVisible()

  // Cancel, with confirmation.
  await card.getByRole('button', { name: 'Cancel Referral' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Cancel this referral?' })).toBeVisible()
  await page.getByRole('button', { name: 'Yes, cancel referral' }).click()
  await expect(badge).toHaveText('Cancelled')
  await expect(badge).toHaveClass(/bg-red-100/)
  await expect(page.getByTestId('count-cancelled')).toHaveText('1')
  await expect(page.getByTestId('count-pending')).toHaveText('0')
  await expect(card.getByRole('button', { name: 'Cancel Referral' })).toHaveCount(0)

  // The form starts over at step 1.
  await page.goto('/submit-referral')
  await expect(stepHeading(page, 'Your Information')).toBeVisible()
  await expect(page.getByLabel('Your Role')).toHaveValue('')
})

test('starting signed out: sent to sign in, the typed data comes back, and the referral is submitted', async ({ page }) => {
  const user = await signUpByApi(page)
  await page.request.post('/api/auth/sign-out')

  await page.goto('/submit-referral')
  await next(page)
  for (const message of ['Name is required', 'Please select your role', 'Email is required', 'Phone number is required']) {
    await expect(page.getByText(message)).toBeVisible()
  }
  await page.getByLabel('Full Name').fill('Frank Family')
  await page.getByLabel('Your Role').selectOption('family')
  await page.getByLabel('Email').fill('frank@example.com')
  await page.getByLabel('Phone').fill('(555) 010-9999')
  await next(page)
  await fillClientStep(page, 'Rosa')
  for (let i = 0; i < 4; i++) await next(page)
  await expect(stepHeading(page, 'Care Requirements & Preferences')).toBeVisible()
  await page.getByLabel('Private room required').check()
  await page.getByLabel('Monthly Budget').selectOption('$2,000-$3,000')
  await page.getByRole('button', { name: 'Submit Referral' }).click()

  await expect(page.getByText('Authentication Required')).toBeVisible()
  await expect(page.getByText('Please sign in or create an account to submit referrals.')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsubmit-referral$/)

  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/submit-referral\?step=6$/)

  // Restored where the user left off, with everything typed.
  await expect(stepHeading(page, 'Care Requirements & Preferences')).toBeVisible()
  await expect(page.getByLabel('Monthly Budget')).toHaveValue('$2,000-$3,000')
  await expect(page.getByLabel('Private room required')).toBeChecked()
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByLabel('First Name')).toHaveValue('Rosa')
  await expect(page.getByLabel('Preferred State')).toHaveValue('TX')
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByLabel('Full Name')).toHaveValue('Frank Family')
  await expect(page.getByLabel('Email')).toHaveValue('frank@example.com')
  for (let i = 0; i < 5; i++) await next(page)
  await page.getByRole('button', { name: 'Submit Referral' }).click()

  await expect(page.getByText('Referral Submitted!')).toBeVisible()
  await expect(page).toHaveURL(/\/referrer-dashboard$/)
  const card = page.getByRole('region', { name: 'Referral for Rosa Lopez' })
  await expect(card.locator('[data-status]')).toHaveText(/^(Submitted|Sent to homes)$/)
  await expect(card).toContainText('Private room')
  // The draft left the browser's storage once it was back in the form.
  expect(await page.evaluate(() => sessionStorage.getItem('homeward.referral-draft'))).toBeNull()
})
