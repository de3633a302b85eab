import { DEMO, DEMO_PASSWORD, expect, signInByApi, signUpByApi, test } from './fixtures'

/** The card of one referral on /browse-referrals, found by the client's name as shown. */
const card = (page: import('@playwright/test').Page, name: string) =>
  page.getByTestId('referral-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

test('browsing refuses signed-out visitors and operators without a subscription', async ({ page }) => {
  await page.goto('/browse-referrals')
  await expect(page.getByText('Please sign in to browse referrals')).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)

  await signUpByApi(page)
  await page.goto('/browse-referrals')
  await expect(page.getByText('Active subscription required to browse referrals')).toBeVisible()
  await expect(page).toHaveURL(/\/pricing$/)
})

test('a premium operator expresses interest, pays offline, sees the unlocked referral and answers about the placement', async ({ page }) => {
  await signInByApi(page, DEMO.premium)
  await page.goto('/browse-referrals')
  await expect(page.getByRole('heading', { name: 'Browse Client Referrals' })).toBeVisible()
  await expect(page.getByText('Express interest in potential clients and unlock their full information')).toBeVisible()

  // Masked: initials only, age, place, budget; no medical needs, no full name.
  const walter = card(page, 'W*** G***')
  await expect(walter).toBeVisible()
  await expect(walter).toContainText('Male')
  await expect(walter).toContainText('years old')
  await expect(walter).toContainText('CA — Sacramento')
  await expect(walter).toContainText('$2,000-$3,000')
  await expect(walter).not.toContainText('Medical needs')
  await expect(page.getByText('Walter')).toHaveCount(0)

  await walter.getByRole('button', { name: 'Express Interest' }).click()
  await expect(page.getByText('Interest expressed successfully!')).toBeVisible()
  await expect(walter).toContainText('1 interested operator')
  await expect(walter.getByText('Interested', { exact: true })).toBeVisible()

  await walter.getByRole('button', { name: 'Pay to Unlock ($200-$500)' }).click()
  await expect(page.getByText('Redirecting to payment...')).toBeVisible()
  await expect(page).toHaveURL(/\/pay\/offline\/unlock\//)
  await expect(page.getByText('This is the offline payment page. No card is charged.')).toBeVisible()
  await expect(page.getByText('Referral unlock fee')).toBeVisible()
  await expect(page.getByText('$500').first()).toBeVisible() // the demo premium operator is licensed
  await page.getByRole('button', { name: 'Complete Payment' }).click()

  await expect(page).toHaveURL(/\/browse-referrals$/)
  const unlocked = card(page, 'Walter Greene')
  await expect(unlocked).toBeVisible()
  await expect(unlocked.getByText('Unlocked', { exact: true })).toBeVisible()
  await expect(unlocked).toContainText('COPD, uses oxygen at night')
  await expect(unlocked).toContainText('held until')

  await unlocked.getByRole('button', { name: 'View Full Details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Full referral details' })
  await expect(dialog).toContainText('1961-09-02')
  await expect(dialog).toContainText('Dana Whitfield')
  await page.keyboard.press('Escape')

  // Placement: the operator answers; the referrer's answer is still missing.
  await unlocked.getByRole('button', { name: 'Confirm Placement' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Placement' }).click()
  await expect(page.getByText('Your answer was recorded. Waiting for the other side to confirm.')).toBeVisible()
  await expect(unlocked.getByText('Your answer:')).toBeVisible()
  await expect(unlocked.getByRole('button', { name: 'Confirm Placement' })).toBeDisabled()
})

test('a second operator finds the slot taken, joins the waitlist, sees their position and leaves', async ({ page, request }) => {
  // The premium demo operator opens a checkout on Maria's referral: it holds the escrow slot.
  const signIn = await request.post('/api/auth/sign-in', { data: { email: DEMO.premium, password: DEMO_PASSWORD } })
  expect(signIn.status()).toBe(200)
  const list = await (await request.get('/api/marketplace/referrals?per_page=100')).json()
  const maria = list.items.find((i: { client_name: string }) => i.client_name === 'M*** S***')
  const unlock = await request.post(`/api/referrals/${maria.id}/unlock`)
  expect(unlock.status()).toBe(201)

  await signInByApi(page, DEMO.comp)
  await page.goto('/browse-referrals')
  const mariaCard = card(page, 'M*** S***')
  await expect(mariaCard).toContainText('Another operator holds the escrow slot')
  await expect(mariaCard.getByRole('button', { name: /Pay to Unlock/ })).toHaveCount(0)
  await mariaCard.getByRole('button', { name: 'Join Waitlist' }).click()
  // Issue 15: the operator may note what the client would need from them (shown only to them, on the card).
  const join = page.getByRole('dialog', { name: 'Join Waitlist' })
  await join.getByLabel(/What would the client need from you/).fill('A ground-floor room near the nurses station')
  await join.getByRole('button', { name: 'Join Waitlist' }).click()
  await expect(page.getByText('Added to waitlist! You are #1 in line.')).toBeVisible()
  await expect(mariaCard.getByText('#1 in line')).toBeVisible()
  await expect(mariaCard).toContainText('A ground-floor room near the nurses station')
  // The entry's expiry, and Renew, which restarts it.
  await expect(mariaCard.getByTestId('waitlist-expiry')).toContainText('Your place expires on')
  await mariaCard.getByRole('button', { name: /^Renew/ }).click()
  await expect(page.getByText(/^Waitlist entry renewed for \d+ days\.$/)).toBeVisible()
  await expect(mariaCard.getByRole('button', { name: 'Leave Waitlist' })).toBeVisible()

  await mariaCard.getByRole('button', { name: 'Leave Waitlist' }).click()
  await expect(page.getByText('Removed from waitlist')).toBeVisible()
  await expect(mariaCard.getByRole('button', { name: 'Join Waitlist' })).toBeVisible()
})
