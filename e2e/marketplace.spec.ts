import { expect, signUpByApi, test } from './fixtures'

/**
 * The referral marketplace. Each test brings its own referrer, referral and
 * Premium operators (fixtures, deleted afterwards), so a retry or a parallel
 * test never finds the referral already unlocked or its slot already held.
 * The clients' initials appear nowhere else in the specs.
 */

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

test('a premium operator expresses interest, pays offline, sees the unlocked referral and answers about the placement', async ({ premiumOperator, referrer }) => {
  await referrer.submitReferral({ first: 'Wendell', last: 'Hartley' }, { state: 'CA', city: 'Sacramento' }, {
    client_dob: '1961-09-02',
    client_gender: 'male',
    budget_range: '$2,000-$3,000',
    client_medical_conditions: 'COPD, uses oxygen at night',
  })
  const page = premiumOperator.page
  await page.goto('/browse-referrals')
  await expect(page.getByRole('heading', { name: 'Browse Client Referrals' })).toBeVisible()
  await expect(page.getByText('Express interest in potential clients and unlock their full information')).toBeVisible()

  // Masked: initials only, age, place, budget; no medical needs, no full name.
  const masked = card(page, 'W*** H***')
  await expect(masked).toBeVisible()
  await expect(masked).toContainText('Male')
  await expect(masked).toContainText('years old')
  await expect(masked).toContainText('CA — Sacramento')
  await expect(masked).toContainText('$2,000-$3,000')
  await expect(masked).not.toContainText('Medical needs')
  await expect(page.getByText('Wendell')).toHaveCount(0)

  await masked.getByRole('button', { name: 'Express Interest' }).click()
  await expect(page.getByText('Interest expressed successfully!')).toBeVisible()
  await expect(masked).toContainText('1 interested operator')
  await expect(masked.getByText('Interested', { exact: true })).toBeVisible()

  await masked.getByRole('button', { name: 'Pay to Unlock ($500)' }).click()
  await expect(page.getByText('Redirecting to payment...')).toBeVisible()
  await expect(page).toHaveURL(/\/pay\/offline\/unlock\//)
  await expect(page.getByText('This is the offline payment page. No card is charged.')).toBeVisible()
  await expect(page.getByText('Referral unlock fee')).toBeVisible()
  await expect(page.getByText('$500').first()).toBeVisible() // the fixture's operator is licensed
  await page.getByRole('button', { name: 'Complete Payment' }).click()

  await expect(page).toHaveURL(/\/browse-referrals$/)
  const unlocked = card(page, 'Wendell Hartley')
  await expect(unlocked).toBeVisible()
  await expect(unlocked.getByText('Unlocked', { exact: true })).toBeVisible()
  await expect(unlocked).toContainText('COPD, uses oxygen at night')
  await expect(unlocked).toContainText('held until')

  await unlocked.getByRole('button', { name: 'View Full Details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Full referral details' })
  await expect(dialog).toContainText('Sep 2, 1961') // the date of birth in the reader's format, not as stored
  await expect(dialog).toContainText(`${referrer.first_name} ${referrer.last_name}`)
  await page.keyboard.press('Escape')

  // Placement: the operator answers; the referrer's answer is still missing.
  await unlocked.getByRole('button', { name: 'Confirm Placement' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Placement' }).click()
  await expect(page.getByText('Your answer was recorded. Waiting for the other side to confirm.')).toBeVisible()
  await expect(unlocked.getByText('Your answer:')).toBeVisible()
  await expect(unlocked.getByRole('button', { name: 'Confirm Placement' })).toBeDisabled()
})

test('Pay to Unlock names the operator\'s own fee; a cancelled checkout expresses no interest, a completed one does (1280 and 375 px)', async ({ premiumOperator, referrer, make }) => {
  await referrer.submitReferral({ first: 'Quentin', last: 'Ashby' }, { state: 'OR', city: 'Salem' })
  // A licensed operator at 1280 px pays $500; one whose license is in progress, at 375 px, pays $200.
  const inProgress = await make.premiumOperator({ first_name: 'Ines', last_name: 'Progress' }, { licensing_type: 'in_progress' })
  for (const [op, width, fee] of [[premiumOperator, 1280, '$500'], [inProgress, 375, '$200']] as const) {
    const page = op.page
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/browse-referrals')
    const masked = card(page, 'Q*** A***')
    await expect(masked).toContainText(`Your fee: ${fee}, held in escrow`)
    await masked.getByRole('button', { name: `Pay to Unlock (${fee})` }).click()
    await expect(page).toHaveURL(/\/pay\/offline\/unlock\//)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByText('Checkout cancelled')).toBeVisible()
    await expect(page).toHaveURL(/\/browse-referrals$/)
    // Nothing but the released slot: no interest badge, count or withdrawal; the fee is offered again.
    await expect(masked.getByRole('button', { name: `Pay to Unlock (${fee})` }), `${width} px`).toBeVisible()
    await expect(masked).toContainText('0 interested operators')
    await expect(masked.getByText('Interested', { exact: true })).toHaveCount(0)
    await expect(masked.getByRole('button', { name: 'Withdraw Interest' })).toHaveCount(0)
    await expect(masked.getByRole('button', { name: 'Express Interest' })).toBeVisible()
  }
  // The referrer was told of no interest (the e-mail goes in the same transaction: unlock.test.ts).
  const notes = (await (await referrer.page.request.get('/api/notifications')).json()) as { items: Array<{ type: string }> }
  expect(notes.items.filter((n) => n.type === 'interest_received')).toHaveLength(0)

  // Paying is interest: at 375 px the second operator completes the payment this time.
  const page = inProgress.page
  await card(page, 'Q*** A***').getByRole('button', { name: 'Pay to Unlock ($200)' }).click()
  await page.getByRole('button', { name: 'Complete Payment' }).click()
  const unlocked = card(page, 'Quentin Ashby')
  await expect(unlocked.getByText('Unlocked', { exact: true })).toBeVisible()
  await expect(unlocked).toContainText('1 interested operator')
  const after = (await (await referrer.page.request.get('/api/notifications')).json()) as { items: Array<{ type: string }> }
  expect(after.items.filter((n) => n.type === 'interest_received')).toHaveLength(1)
})

test('a second operator finds the slot taken, joins the waitlist, sees their position and leaves', async ({ premiumOperator, referrer, make }) => {
  const referral = await referrer.submitReferral({ first: 'Nadia', last: 'Kessler' }, { state: 'FL', city: 'Tampa' })
  // The first operator opens a checkout on the referral: it holds the escrow slot.
  const unlock = await premiumOperator.page.request.post(`/api/referrals/${referral.id}/unlock`)
  expect(unlock.status(), await unlock.text()).toBe(201)

  const second = await make.premiumOperator({ first_name: 'Sven', last_name: 'Second' })
  const page = second.page
  await page.goto('/browse-referrals')
  const nadia = card(page, 'N*** K***')
  await expect(nadia).toContainText('Another operator holds the escrow slot')
  await expect(nadia.getByRole('button', { name: /Pay to Unlock/ })).toHaveCount(0)
  await nadia.getByRole('button', { name: 'Join Waitlist' }).click()
  // The operator may note what the client would need from them (shown only to them, on the card).
  const join = page.getByRole('dialog', { name: 'Join Waitlist' })
  await join.getByLabel(/What would the client need from you/).fill('A ground-floor room near the nurses station')
  await join.getByRole('button', { name: 'Join Waitlist' }).click()
  await expect(page.getByText('Added to waitlist! You are #1 in line.')).toBeVisible()
  await expect(nadia.getByText('#1 in line')).toBeVisible()
  await expect(nadia).toContainText('A ground-floor room near the nurses station')
  // The entry's expiry, and Renew, which restarts it.
  await expect(nadia.getByTestId('waitlist-expiry')).toContainText('Your place expires on')
  await nadia.getByRole('button', { name: /^Renew/ }).click()
  await expect(page.getByText(/^Waitlist entry renewed for \d+ days\.$/)).toBeVisible()
  await expect(nadia.getByRole('button', { name: 'Leave Waitlist' })).toBeVisible()

  await nadia.getByRole('button', { name: 'Leave Waitlist' }).click()
  await expect(page.getByText('Removed from waitlist')).toBeVisible()
  await expect(nadia.getByRole('button', { name: 'Join Waitlist' })).toBeVisible()
})
