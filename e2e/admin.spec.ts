import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, newPage, signUpByApi, test, uniqueEmail } from './fixtures'

/**
 * Admin dashboard and review page. Each test has its own admin (created with
 * the CLI, two-factor enrolled), referrer, referral and operators (fixtures),
 * so it never changes what other specs see, and a retry starts afresh.
 */

/** Serious or critical WCAG 2.1 AA violations on the page as it is now. */
async function axeBlocking(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}


/** A new operator lists one home through the API. */
async function listHome(page: Page, name: string) {
  const operator = await signUpByApi(page, { first_name: 'Opal', last_name: 'Operator' })
  const res = await page.request.post('/api/my/properties', {
    data: { name, address: '12 Review Lane', city: 'Austin', state: 'TX', zip_code: '78704', total_beds: 4, available_beds: 2, description: 'A calm home for review tests.' },
  })
  expect(res.status(), await res.text()).toBe(201)
  const body = (await res.json()) as { id?: string; property?: { id: string } }
  return { operator, propertyId: body.property?.id ?? body.id! }
}

test('admin places a referral, the review request is in the outbox, the review goes through its link, the operator approves it and it shows on the property page', async ({ page: reviewer, browser, admin, referrer }) => {
  const suffix = Math.random().toString(36).slice(2, 7)
  const homeName = `Review Test Home ${suffix}`
  const operatorPage = await newPage(browser)
  const { propertyId } = await listHome(operatorPage, homeName)
  const referral = await referrer.submitReferral({ first: 'Ines', last: `Placed${suffix}` })

  const page = admin.page
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByText('Total referrals')).toBeVisible()

  // Referrals tab: name the matched home, then set the status to placed.
  await page.getByRole('tab', { name: 'Referrals' }).click()
  const row = page.getByTestId(`referral-${referral.id}`)
  await row.getByRole('button', { name: `Set home for referral I. P. (ref. ${referral.id.slice(0, 8)})` }).click()
  const dialog = page.getByRole('dialog', { name: 'Matched home' })
  await expect(dialog.getByLabel('State')).toHaveValue('TX')
  await dialog.getByLabel('Home').selectOption({ label: `${homeName} — Austin, TX` })
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Referral status updated').first()).toBeVisible()
  await expect(row).toContainText(homeName)
  await expect(row.getByRole('button', { name: 'Send Review Request' })).toHaveCount(0)
  await row.getByLabel(`Status for referral I. P. (ref. ${referral.id.slice(0, 8)})`).selectOption('placed')
  await expect(page.getByText('The referrer was asked for a review.')).toBeVisible()
  await row.getByRole('button', { name: 'Send Review Request' }).click()
  await expect(page.getByText('Review Request Sent')).toBeVisible()

  // The change is in the audit log with the IP the server saw.
  await page.getByRole('tab', { name: 'Audit Logs' }).click()
  const auditRow = page.getByRole('row').filter({ hasText: "Changed a referral's status" }).filter({ hasText: referral.id }).first()
  await expect(auditRow).toContainText(admin.email)
  await expect(auditRow).toContainText(/127\.0\.0\.1|::1/)
  await expect(auditRow).toContainText('New status:placed')

  // Outbox tab: the review request, with its link.
  await page.getByRole('tab', { name: 'Outbox' }).click()
  // Two requests (placed, then Send Review Request), newest first; the newest link is used.
  const mails = page.getByRole('row').filter({ hasText: referrer.email }).filter({ hasText: 'review_request' })
  await expect(mails).toHaveCount(2)
  const mail = mails.first()
  await expect(mail.getByText(/^(pending|sent)$/)).toBeVisible()
  await mail.getByText('How did the placement go? Share your experience').click()
  const body = (await mail.locator('pre').textContent()) ?? ''
  const link = /https?:\/\/[^\s]+\/review\/[^\s]+/.exec(body)?.[0]
  expect(link).toContain(`/review/${referral.id}?token=`)
  await expect(mail.getByText('sent', { exact: true })).toBeVisible()

  // The referrer opens the link (signed out: the link is the credential).
  await reviewer.goto(new URL(link!).pathname + new URL(link!).search)
  await expect(reviewer.getByRole('heading', { level: 1, name: 'Share Your Experience' })).toBeVisible()
  await expect(reviewer.getByText(`Reviewing ${homeName} in Austin, TX`)).toBeVisible()
  await expect(reviewer.getByLabel('Your name')).toHaveValue('Rhea Referrer')
  await expect(reviewer.getByLabel('Your email')).toHaveValue(referrer.email)
  expect(await axeBlocking(reviewer)).toEqual([])
  await reviewer.getByRole('button', { name: 'Submit Review' }).click()
  await expect(reviewer.getByText('Validation Error')).toBeVisible()
  await expect(reviewer.getByRole('alert').filter({ hasText: 'Please select a rating' })).toBeVisible()
  await reviewer.getByRole('group', { name: 'Rating', exact: true }).locator('label').filter({ hasText: '4 stars' }).click()
  await expect(reviewer.getByRole('group', { name: 'Rating', exact: true }).getByRole('radio', { name: '4 stars' })).toBeChecked()
  // The review categories, each 1-5.
  for (const [category, stars] of [['Communication', '5 stars'], ['Professionalism', '4 stars'], ['Facility quality', '4 stars'], ['Overall experience', '4 stars']]) {
    await reviewer.getByRole('group', { name: category, exact: true }).locator('label').filter({ hasText: stars }).click()
  }
  await reviewer.getByLabel('Your review').fill('Too short')
  await reviewer.getByRole('button', { name: 'Submit Review' }).click()
  await expect(reviewer.getByText('Review must be at least 10 characters').first()).toBeVisible()
  const text = `Warm staff <b>and</b> good food ${suffix}; my client settled in well.`
  await reviewer.getByLabel('Your review').fill(text)
  await reviewer.getByRole('button', { name: 'Submit Review' }).click()
  await expect(reviewer.getByText('Review Submitted!')).toBeVisible()
  await expect(reviewer.getByText('The operator reviews it before it appears publicly.')).toBeVisible()
  await expect(reviewer).toHaveURL(/\/$/)

  // The link works once.
  await reviewer.goto(new URL(link!).pathname + new URL(link!).search)
  await expect(reviewer.getByText('Failed to fetch referral details').first()).toBeVisible()
  await expect(reviewer.getByText('This review link has already been used').first()).toBeVisible()

  // Not public until the operator approves it.
  const before = (await (await reviewer.request.get(`/api/properties/${propertyId}`)).json()) as { reviews: { review_text: string }[] }
  expect(before.reviews.map((r) => r.review_text)).not.toContain(text)
  const mine = (await (await operatorPage.request.get('/api/my/reviews')).json()) as { items: { id: string; review_text: string; operator_approved: boolean }[] }
  const pending = mine.items.find((r) => r.review_text === text)!
  expect(pending.operator_approved).toBe(false)
  const approve = await operatorPage.request.post(`/api/reviews/${pending.id}/approve`)
  expect(approve.status(), await approve.text()).toBe(200)

  // Public now, and shown on the property page as text (escaped, not HTML).
  const after = (await (await reviewer.request.get(`/api/properties/${propertyId}`)).json()) as { reviews: { review_text: string; rating: number }[] }
  expect(after.reviews).toContainEqual(expect.objectContaining({ review_text: text, rating: 4 }))
  await reviewer.goto(`/property/${propertyId}`)
  await expect(reviewer.getByText(text)).toBeVisible()
})

test('escrow tab: remaining-time badge counts down, expires, and release needs a reason', async ({ admin, premiumOperator, referral }) => {
  // The test's Premium operator unlocks the test's referral through the offline checkout.
  const operatorPage = premiumOperator.page
  expect((await operatorPage.request.post(`/api/referrals/${referral.id}/interest`)).status()).toBeLessThan(300)
  const unlock = await operatorPage.request.post(`/api/referrals/${referral.id}/unlock`)
  expect(unlock.status(), await unlock.text()).toBeLessThan(300)
  const { url } = (await unlock.json()) as { url: string }
  const checkout = new URL(url, 'http://localhost').pathname
  const complete = await operatorPage.request.post(`/api${checkout}/complete`)
  expect(complete.status(), await complete.text()).toBe(200)

  const page = admin.page
  await page.clock.install()
  await page.goto('/admin?tab=escrow')
  const row = page.getByRole('row').filter({ hasText: `Ref. ${referral.id.slice(0, 8)}` })
  await expect(row).toContainText('$500')
  await expect(row).toContainText(premiumOperator.organization)
  const escrow = (await (await page.request.get('/api/admin/escrow')).json()) as { items: { id: string; referral_id: string; escrow_hold_until: string }[] }
  const payment = escrow.items.find((p) => p.referral_id === referral.id)!
  const holdUntil = new Date(payment.escrow_hold_until).getTime()
  // Hours and minutes; it counts down live.
  await expect(row.getByText(/^\d+h \d+m$/)).toBeVisible()
  await page.clock.setFixedTime(holdUntil - 2 * 3_600_000 - 5 * 60_000 + 30_000)
  await expect(row.getByText('2h 4m', { exact: true })).toBeVisible()
  await page.clock.setFixedTime(holdUntil - 45 * 60_000 + 30_000)
  await expect(row.getByText('44m', { exact: true })).toBeVisible()
  await page.clock.setFixedTime(holdUntil + 60_000)
  await expect(row.getByText('Expired', { exact: true })).toBeVisible()

  // Release needs a reason.
  await row.getByRole('button', { name: 'Release to referrer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Release to referrer' })
  await dialog.getByRole('button', { name: 'Release to referrer' }).click()
  await expect(dialog.getByText('A reason is required')).toBeVisible()
  await dialog.getByLabel('Reason').fill('Placement confirmed by phone with both parties')
  await dialog.getByRole('button', { name: 'Release to referrer' }).click()
  await expect(page.getByText('Escrow released to the referrer')).toBeVisible()
  await expect(row).toHaveCount(0)
  // The overview counts it, as money released to referrers (not as revenue).
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByText('Released to referrers', { exact: true })).toBeVisible()
})

test('subscriptions, exports, lists and the audit log', async ({ page: operatorPage, admin, referrer, referral }) => {
  const operator = await signUpByApi(operatorPage, { first_name: 'Greta', last_name: `Grant${Math.random().toString(36).slice(2, 6)}` })
  const homeName = `Newest Admin Home ${Math.random().toString(36).slice(2, 7)}`
  const home = await operatorPage.request.post('/api/my/properties', {
    data: { name: homeName, address: '3 Admin Way', city: 'Austin', state: 'TX', zip_code: '78704', total_beds: 4, available_beds: 2 },
  })
  expect(home.status(), await home.text()).toBe(201)
  expect(referral.id).toBeTruthy() // the referral gives the referrer the referrer role: listed under Referrers
  const page = admin.page
  await page.goto('/admin')

  // Subscriptions: empty e-mail, grant, revoke, unknown account.
  await page.getByRole('tab', { name: 'Subscriptions' }).click()
  await page.getByRole('button', { name: 'Grant Premium' }).click()
  await expect(page.getByText('Please enter an email address')).toBeVisible()
  await page.getByLabel('Operator email').fill(operator.email)
  await page.getByRole('button', { name: 'Grant Premium' }).click()
  await expect(page.getByText(`Premium access granted to ${operator.email}`)).toBeVisible()
  const granted = page.getByRole('row').filter({ hasText: operator.email })
  await expect(granted).toContainText('Complimentary')
  await page.getByLabel('Operator email').fill(operator.email)
  await page.getByRole('button', { name: 'Revoke', exact: true }).click()
  // Asked first.
  await page.getByRole('alertdialog', { name: 'Revoke complimentary Premium?' }).getByRole('button', { name: 'Revoke Premium' }).click()
  await expect(page.getByText(`Complimentary access revoked for ${operator.email}`)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: operator.email })).toHaveCount(0)
  await page.getByLabel('Operator email').fill(uniqueEmail('nobody'))
  await page.getByRole('button', { name: 'Grant Premium' }).click()
  await expect(page.getByText('Failed to grant subscription')).toBeVisible()

  // Operators and referrers, with CSV downloads named with the date.
  await page.getByRole('tab', { name: 'Operators' }).click()
  await expect(page.getByRole('row').filter({ hasText: operator.email })).toBeVisible()
  const operatorsCsv = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export Operators CSV' }).click()
  expect((await operatorsCsv).suggestedFilename()).toMatch(/^operators-\d{4}-\d{2}-\d{2}\.csv$/)
  await expect(page.getByText('Export Complete')).toBeVisible()
  await page.getByRole('tab', { name: 'Referrers' }).click()
  await expect(page.getByRole('row').filter({ hasText: referrer.email })).toBeVisible()
  const referrersCsv = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export Referrers CSV' }).click()
  expect((await referrersCsv).suggestedFilename()).toMatch(/^referrers-\d{4}-\d{2}-\d{2}\.csv$/)

  // Properties, newest first: the home listed at the start of this test is on the first page.
  await page.getByRole('tab', { name: 'Properties' }).click()
  await expect(page.getByRole('link', { name: homeName })).toBeVisible()

  // The grant and revoke are audited; older entries load on demand.
  await page.getByRole('tab', { name: 'Audit Logs' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Revoked complimentary Premium' }).first()).toBeVisible()
  const rows = page.getByRole('table', { name: 'Audit log, newest first' }).locator('tbody tr')
  const count = await rows.count()
  expect(count).toBeLessThanOrEqual(50)
  const older = page.getByRole('button', { name: 'Load older entries' })
  if (count === 50) {
    await older.click()
    await expect.poll(() => rows.count()).toBeGreaterThan(50)
  } else {
    await expect(older).toHaveCount(0)
  }
})

test('non-admins are sent home from /admin; the review page refuses a bad link', async ({ referrer }) => {
  const page = referrer.page
  await page.goto('/admin')
  // Sent to / and from there to the account's dashboard (an account without a referral yet counts as an operator).
  await expect(page).toHaveURL(/\/(referrer|operator)-dashboard$/)
  await page.goto('/review/some-referral?token=not-a-real-token')
  await expect(page.getByText('Failed to fetch referral details').first()).toBeVisible()
  await expect(page.getByText('This review link is invalid').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0)
})
