import { bunOnE2eData, expect, test, tokenFromEmail } from './fixtures'

/**
 * Bed availability, "Not a fit", invitations, the map.
 * Operators, referrers, referrals, homes and the admin are the test's own (fixtures, deleted afterwards).
 */

test('an operator confirms beds from the weekly e-mail link, without signing in, and the card shows "Beds confirmed today"', async ({ page, premiumOperator }, testInfo) => {
  const home = { name: `Aspen Reminder House ${Date.now()}`, city: 'Boise', state: 'ID', zip: '83702' }
  const propertyId = await premiumOperator.addHome(home)
  // The home was confirmed when it was listed: its date moves 15 days back (out of the "last 14 days" filter below), and the weekly reminder task runs now (`homeward jobs run`).
  bunOnE2eData(testInfo.config, ['e2e/backdate-beds.ts', propertyId, '15'])
  bunOnE2eData(testInfo.config, ['bin/homeward.ts', 'jobs', 'run'])
  const token = await tokenFromEmail(premiumOperator.email, 'beds_confirmation')
  await page.goto(`/confirm-beds?token=${token}`)
  await expect(page.getByRole('heading', { name: 'Confirm your beds' })).toBeVisible()
  await expect(page.locator('h1 + p')).toHaveText(`${home.name} · ${home.city}, ${home.state}`)
  const { name, city, state } = home
  await page.getByRole('button', { name: 'Yes, 3 of 6 beds are available' }).click()
  await expect(page.getByText('Thank you: availability confirmed')).toBeVisible()
  await expect(page.getByTestId('beds-freshness')).toHaveText('Beds confirmed today')

  // The link works once: opening it again says so clearly.
  await page.goto(`/confirm-beds?token=${token}`)
  await expect(page.getByText('This link cannot be used')).toBeVisible()
  await expect(page.getByText('This confirmation link has already been used.', { exact: false })).toBeVisible()
  await page.goto('/confirm-beds?token=not-a-real-token')
  await expect(page.getByText('This confirmation link is not valid.', { exact: false })).toBeVisible()

  // The home's card on /browse, with the "Confirmed in the last 14 days" filter on.
  await page.goto(`/browse?state=${state}&city=${encodeURIComponent(city)}`)
  await page.getByLabel('Confirmed in the last 14 days').check()
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/confirmed_recently=1/)
  const card = page.getByTestId('property-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
  await expect(card.getByTestId('beds-freshness')).toHaveText('Beds confirmed today')
})

test('an operator confirms beds in one click on the dashboard', async ({ premiumOperator }) => {
  await premiumOperator.addHome({ name: 'Juniper Confirm House', city: 'Boise', state: 'ID', zip: '83702' })
  const page = premiumOperator.page
  await page.goto('/operator-dashboard')
  const card = page.getByRole('region', { name: 'Juniper Confirm House' }).or(page.locator('[aria-label="Juniper Confirm House"]'))
  await card.getByRole('button', { name: 'Confirm beds at Juniper Confirm House' }).click()
  await expect(page.getByText('Beds confirmed', { exact: true })).toBeVisible()
  await expect(card.getByTestId('beds-freshness')).toHaveText('Beds confirmed today')
})

test('a matched operator answers "Not a fit" with a reason; the referral leaves their list and the referrer sees why', async ({ premiumOperator, referrer }) => {
  await premiumOperator.addHome({ name: 'Prairie Wind Home', city: 'Cheyenne', state: 'WY', zip: '82001' })
  await referrer.submitReferral({ first: 'Quincy', last: 'Declineson' }, { state: 'WY', city: 'Cheyenne' })
  const page = referrer.page

  const op = premiumOperator.page
  await op.goto('/browse-referrals')
  const card = op.getByTestId('referral-card').filter({ has: op.getByRole('heading', { name: 'Q*** D***', exact: true }) })
  await card.getByRole('button', { name: 'Not a fit' }).click()
  const dialog = op.getByRole('dialog', { name: 'Not a fit' })
  await dialog.getByRole('button', { name: 'Send "Not a fit"' }).click()
  await expect(dialog.getByText('Please choose a reason from the list')).toBeVisible()
  await dialog.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Funding' })
  await dialog.getByRole('textbox', { name: /^Note/ }).fill('We take private pay only')
  await dialog.getByRole('button', { name: 'Send "Not a fit"' }).click()
  await expect(op.getByText('Answer sent')).toBeVisible()
  await expect(card).toHaveCount(0)

  await page.goto('/referrer-dashboard')
  const referral = page.getByRole('region', { name: 'Referral for Quincy Declineson' })
  const progress = referral.getByRole('region', { name: 'Progress' })
  await expect(progress.getByText('Declined', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('1')
  await expect(progress.getByRole('list', { name: 'Decline reasons' })).toHaveText('Funding: 1')
  await expect(progress).toContainText('Time to first response')
  // The home's note reaches the referrer with its reason (the decline dialog says "Tell the referrer why").
  await expect(progress).toContainText('We take private pay only')
})

test('an invited operator accepts one invitation and declines another with a reason; the referrer sees both answers', async ({ premiumOperator: operator, referrer }) => {
  await operator.addHome({ name: 'Invited Pines', city: 'Bismarck', state: 'ND', zip: '58501' })
  const first = await referrer.submitReferral({ first: 'Agatha', last: 'Accepted' }, { state: 'ND', city: 'Fargo' })
  const second = await referrer.submitReferral({ first: 'Dorian', last: 'Declined' }, { state: 'ND', city: 'Fargo' }, { client_dob: '1952-01-02', client_gender: 'male' })
  const page = referrer.page
  for (const referral_id of [first.id, second.id]) {
    const res = await page.request.post('/api/invitations', { data: { referral_id, operator_id: operator.id, message: 'Could you take her?' } })
    expect(res.status(), await res.text()).toBe(201)
  }

  const op = operator.page
  await op.goto('/operator-dashboard')
  const invitations = op.getByRole('region', { name: 'Invitations' }).or(op.locator('section[aria-labelledby="invitations-title"], [aria-labelledby="invitations-title"]'))
  const rows = invitations.getByTestId('invitation')
  await expect(rows).toHaveCount(2)
  await rows.filter({ hasText: 'male' }).filter({ hasNotText: 'female' }).getByRole('button', { name: 'Decline' }).click()
  const dialog = op.getByRole('dialog', { name: 'Decline invitation' })
  await dialog.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Level of care' })
  await dialog.getByRole('button', { name: 'Send "Not a fit"' }).click()
  await expect(rows.filter({ hasText: 'Declined: Level of care' })).toHaveCount(1)
  await rows.filter({ hasText: 'female' }).getByRole('button', { name: 'Accept' }).click()
  await expect(op.getByText('Invitation accepted')).toBeVisible()
  await expect(rows.filter({ hasText: 'female' }).getByText('Accepted', { exact: true })).toBeVisible()

  await page.goto('/referrer-dashboard')
  const answers = (name: string) => page.getByRole('region', { name: `Referral for ${name}` }).getByRole('list', { name: 'Invitation answers' })
  await expect(answers('Agatha Accepted')).toContainText('Accepted')
  await expect(answers('Dorian Declined')).toContainText('Declined (Level of care)')
})

test('the map shows a pin per result of a ZIP search with its radius, and a pin opens its card (mouse and keyboard)', async ({ page, premiumOperator }) => {
  // Two homes of the test's own within the radius: at least two pins, whatever other tests list.
  await premiumOperator.addHome({ name: `Barton Pin House ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78704' })
  await premiumOperator.addHome({ name: `San Marcos Pin House ${Date.now()}`, city: 'San Marcos', state: 'TX', zip: '78666' })
  await page.goto('/browse?zip=78704&radius=50')
  await page.getByRole('button', { name: 'Map' }).click()
  await expect(page).toHaveURL(/view=map/)
  const pins = page.getByTestId('map-pin')
  await expect(pins.first()).toBeVisible()
  expect(await pins.count()).toBeGreaterThan(1)
  await expect(page.getByTestId('radius-circle')).toBeAttached()
  await expect(page.getByTestId('search-centre')).toBeAttached()
  await expect(page.getByText('Within 50 miles of 78704.', { exact: false })).toBeVisible()
  await expect(page.getByTestId('property-card')).toHaveCount(0)

  await pins.first().click()
  const card = page.getByTestId('property-card')
  await expect(card).toHaveCount(1)
  const firstName = await card.getByRole('heading').textContent()

  // Keyboard: each pin is a focusable button named after its home.
  const last = pins.last()
  const label = (await last.getAttribute('aria-label'))!
  await last.focus()
  await page.keyboard.press('Enter')
  await expect(card.getByRole('heading')).toHaveText(label.split(',')[0]!)
  expect(await card.getByRole('heading').textContent()).not.toBe(firstName)
  await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true')

  await page.getByRole('button', { name: 'List' }).click()
  await expect(page.getByTestId('property-card').first()).toBeVisible()
  await expect(page.getByTestId('map-pin')).toHaveCount(0)
})

test('the referrer closes a referral with an outcome', async ({ referrer }) => {
  await referrer.submitReferral({ first: 'Clara', last: 'Closedown' }, { state: 'VT', city: 'Burlington' })
  const page = referrer.page
  await page.goto('/referrer-dashboard')
  const referral = page.getByRole('region', { name: 'Referral for Clara Closedown' })
  await expect(referral.getByRole('region', { name: 'Progress' })).toContainText('Time to first response: no response yet')
  await referral.getByRole('button', { name: 'Close Referral' }).click()
  const dialog = page.getByRole('dialog', { name: 'Close this referral' })
  await dialog.getByRole('combobox', { name: /^Outcome/ }).selectOption({ label: 'Placed elsewhere' })
  await dialog.getByRole('button', { name: 'Close referral' }).click()
  await expect(page.getByText('Referral closed')).toBeVisible()
  await expect(referral).toContainText('Placed elsewhere')
  await expect(referral.getByRole('button', { name: 'Close Referral' })).toHaveCount(0)
})

test('the admin Overview shows the placement funnel as a chart for 30 or 90 days and exports it as CSV', async ({ admin }) => {
  const page = admin.page
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Placement funnel' })).toBeVisible()
  await expect(page.getByTestId('bar-chart').first().locator('.recharts-cartesian-axis').first()).toBeAttached()
  // The figures behind the chart, for screen readers.
  await expect(page.getByRole('table', { name: 'Placement funnel, last 30 days' }).getByRole('rowheader', { name: 'Submitted' })).toBeAttached()
  await page.getByRole('button', { name: 'Last 90 days' }).click()
  await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('table', { name: 'Placement funnel, last 90 days' })).toBeAttached()
  await expect(page.getByText('Median time to first response')).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  expect((await download).suggestedFilename()).toMatch(/^funnel-90d-\d{4}-\d{2}-\d{2}\.csv$/)
})
