import path from 'node:path'
import type { Page } from '@playwright/test'
import { afterPageTimers, expect, signUpByApi, test, type Operator, type Referrer } from './fixtures'

/**
 * What operators and admins tripped over, walked as they would: each test
 * brings its own accounts (fixtures, deleted afterwards) and reads the
 * screens the way a person does. 1280 px wide, phones at 375 px.
 */

test.use({ viewport: { width: 1280, height: 900 } })

const photo = (n: number) => path.resolve(`server/seed/images/home-${n}.webp`)
const card = (page: Page, name: string) => page.getByTestId('referral-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
const thread = (page: Page, counterpart: string) => page.getByRole('region', { name: `Conversation with ${counterpart}` })

/** The referrer invites the operator to a referral: it opens their conversation without a fee. */
async function invite(referrer: Referrer, operator: Operator, referralId: string) {
  const res = await referrer.page.request.post('/api/invitations', { data: { referral_id: referralId, operator_id: operator.id, message: 'Could you take a look?' } })
  expect(res.status(), await res.text()).toBeLessThan(300)
}

/** Unlocks a referral through the offline checkout, by API (for tests about what comes after). */
async function unlockByApi(operator: Operator, referralId: string) {
  const checkout = await operator.page.request.post(`/api/referrals/${referralId}/unlock`)
  expect(checkout.status(), await checkout.text()).toBeLessThan(300)
  const done = await operator.page.request.post(`/api/${((await checkout.json()) as { url: string }).url.replace(/^\//, '')}/complete`)
  expect(done.status(), await done.text()).toBe(200)
}

test('an operator pays, reads the full details as the form labels them, is told why an invited referral is visible, and messages the referrer', async ({ premiumOperator, referrer }) => {
  const paid = await referrer.submitReferral({ first: 'Marguerite', last: 'Oakhollow' }, { state: 'TX', city: 'Austin' }, {
    client_dob: '1948-03-14',
    client_gender: 'female',
    client_marital_status: 'widowed',
    medicaid_status: 'not-enrolled',
    substance_last_use_date: '2019-07-04',
    timeline: 'within_30_days',
  })
  const invited = await referrer.submitReferral({ first: 'Bartholomew', last: 'Quince' }, { state: 'TX', city: 'Austin' }, { client_gender: 'male' })
  await invite(referrer, premiumOperator, invited.id)

  const page = premiumOperator.page
  // Item 23: after paying, the finished checkout is not asked for again (it answers 404 once used).
  const checkoutReads: Array<{ url: string; status: number }> = []
  page.on('response', (r) => {
    if (r.request().method() === 'GET' && /\/api\/pay\/offline\//.test(r.url())) checkoutReads.push({ url: r.url(), status: r.status() })
  })
  await page.clock.install()
  await page.goto('/browse-referrals')
  await card(page, 'M*** O***').getByRole('button', { name: /^Pay to Unlock/ }).click()
  await expect(page).toHaveURL(/\/pay\/offline\/unlock\//)
  await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeVisible()
  const readsBefore = checkoutReads.length
  await page.getByRole('button', { name: 'Complete Payment' }).click()
  await expect(page).toHaveURL(/\/browse-referrals$/)
  const unlocked = card(page, 'Marguerite Oakhollow')
  await expect(unlocked.getByText('Unlocked', { exact: true })).toBeVisible()
  await afterPageTimers(page) // a late refetch would have been sent by then
  expect(checkoutReads.slice(readsBefore)).toEqual([])
  expect(checkoutReads.every((r) => r.status === 200)).toBe(true)

  // Item 11: every value as the form labels it, the dates in the reader's format.
  await unlocked.getByRole('button', { name: 'View Full Details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Full referral details' })
  for (const shown of ['Female', 'Widowed', 'Not enrolled', 'Case Manager', 'Mar 14, 1948', 'Jul 4, 2019', 'Texas', 'Within 30 days']) {
    await expect(dialog).toContainText(shown)
  }
  for (const raw of ['female', 'widowed', 'not-enrolled', 'case-manager', '1948-03-14', '2019-07-04', 'within_30_days']) {
    await expect(dialog).not.toContainText(new RegExp(`(^|\\s)${raw}(\\s|$)`))
  }
  await page.keyboard.press('Escape')
  await expect(unlocked).toContainText('Female ·')

  // Item 13: the invited referral says why it is visible, and that no fee is involved.
  const shared = card(page, 'Bartholomew Quince')
  await expect(shared.getByText('Shared with you by the referrer')).toBeVisible()
  await expect(shared.getByText('Unlocked', { exact: true })).toHaveCount(0)
  await expect(shared.getByTestId('shared-note')).toContainText('No unlock fee was paid and none is due')

  // Item 12: Message Referrer opens that referral's conversation, not an empty Messages tab.
  await unlocked.getByRole('link', { name: 'Message Referrer' }).click()
  await expect(page).toHaveURL(new RegExp(`tab=messages&referral=${paid.id}`))
  const conversation = thread(page, `${referrer.first_name} ${referrer.last_name}`)
  await expect(conversation).toBeVisible()
  await expect(conversation).toContainText('Marguerite Oakhollow')
  await conversation.getByRole('textbox', { name: 'Message' }).fill('Hello, we have a room free.')
  await conversation.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Message sent')).toBeVisible()
})

test('a missing property is asked for once', async ({ page }) => {
  const asks: string[] = []
  page.on('request', (r) => {
    // The home's own record (its nearby homes are another question, asked with it).
    if (new URL(r.url()).pathname === '/api/properties/no-such-home-x1') asks.push(r.url())
  })
  await page.clock.install()
  await page.goto('/property/no-such-home-x1')
  await expect(page.getByText(/not found/i).first()).toBeVisible()
  await afterPageTimers(page) // a retry would have been sent by then
  expect(asks).toHaveLength(1)
})

test('tour times are all the home\'s, say so, and read as people write them; the proposal notifies in words', async ({ premiumOperator, referrer }) => {
  const propertyId = await premiumOperator.addHome({ name: `Zone Home ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78704' })
  const d = new Date(Date.now() + 5 * 86_400_000)
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  const asked = await referrer.page.request.post('/api/tours', {
    data: { property_id: propertyId, visitor_name: 'Vera Visitor', visitor_email: referrer.email, visitor_phone: '(555) 010-7777', scheduled_date: day, scheduled_time: '09:15', notes: '' },
  })
  expect(asked.status(), await asked.text()).toBe(201)

  const page = premiumOperator.page
  await page.goto('/operator-dashboard?tab=tours')
  await expect(page.getByText("All times are each home's local time.")).toBeVisible()
  const tour = page.getByRole('listitem', { name: 'Tour by Vera Visitor' })
  await expect(tour).toContainText(/9:15 AM C[SD]T/)
  await tour.getByRole('button', { name: /^Propose a new time/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Propose a new time' })
  // Item 17: the label no longer promises a 24-hour field the browser shows as '09:15 AM'.
  await expect(dialog.getByLabel("New time (the home's local time)")).toBeVisible()
  await expect(dialog).toContainText(/at 9:15 AM C[SD]T \(the home's local time\)/)
  await dialog.getByLabel('New date').fill(day)
  await dialog.getByLabel("New time (the home's local time)").fill('14:30')
  await dialog.getByRole('button', { name: 'Send to the visitor' }).click()
  // Item 14: the new time and the link's expiry, both in the home's zone and named.
  const proposal = tour.getByTestId('tour-proposal')
  await expect(proposal).toContainText(/at 2:30 PM C[SD]T/)
  await expect(proposal).toContainText(/link works until [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M C[SD]T/)

  // Item 17: the visitor's notification states the slot in words, not '2026-11-28 at 14:30'.
  const visitor = referrer.page
  await visitor.goto('/referrer-dashboard')
  await visitor.getByRole('button', { name: /^Notifications/ }).click()
  const note = visitor.getByText(/proposes [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4} at 2:30 PM C[SD]T \(the home's local time\)/)
  await expect(note).toBeVisible()
  await expect(visitor.getByText(`${day} at 14:30`)).toHaveCount(0)
})

test('long lists are paged: 12 homes on the dashboard and on the public profile', async ({ premiumOperator, page: visitor }) => {
  const stamp = Date.now().toString(36)
  for (let i = 1; i <= 12; i++) await premiumOperator.addHome({ name: `Paged Home ${String(i).padStart(2, '0')} ${stamp}`, city: 'Austin', state: 'TX', zip: '78704' })

  const page = premiumOperator.page
  await page.goto('/operator-dashboard')
  const pager = page.getByRole('navigation', { name: 'Pages of your homes' })
  await expect(pager).toContainText('Showing 1–5 of 12 homes')
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveCount(5)
  await pager.getByRole('button', { name: 'Next' }).click()
  await expect(pager).toContainText('Showing 6–10 of 12 homes')
  await page.getByLabel('Find a home').fill(`Paged Home 07 ${stamp}`)
  await expect(page.getByRole('tab', { name: 'Details' })).toHaveCount(1)
  await expect(page.getByRole('heading', { name: `Paged Home 07 ${stamp}` })).toBeVisible()
  const dashboardHeight = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(dashboardHeight).toBeLessThan(5000)

  await visitor.goto(`/operator/${premiumOperator.username}`)
  const profilePager = visitor.getByRole('navigation', { name: "Pages of this operator's homes" })
  await expect(profilePager).toContainText('Showing 1–9 of 12 homes')
  await expect(visitor.getByTestId('property-card')).toHaveCount(9)
  // No empty reviews column per home.
  await expect(visitor.getByText('No reviews yet.')).toHaveCount(0)
  expect(await visitor.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(4000)
  await profilePager.getByRole('button', { name: 'Next' }).click()
  await expect(visitor.getByTestId('property-card')).toHaveCount(3)
})

test('the free plan is stated one way everywhere, and a downgraded home says what is hidden', async ({ page, make }) => {
  const rule = 'Messaging with referrers comes with Premium'
  await signUpByApi(page, { first_name: 'Fran', last_name: 'Free' })
  await page.goto('/operator-dashboard?tab=messages')
  await expect(page.getByRole('heading', { name: 'Free Plan' })).toBeVisible()
  await expect(page.getByText('Direct messaging with referrers')).toBeVisible()
  await expect(page.getByTestId('free-messaging')).toContainText(rule)
  await expect(page.getByText('Express interest in referrals to start messaging')).toHaveCount(0)

  await page.goto('/pricing')
  const plans = page.getByRole('region', { name: 'Plans' })
  await expect(plans.getByText(rule)).toBeVisible()
  await expect(plans.getByRole('link', { name: 'Get Started Free' })).toHaveCount(0)
  await expect(plans.getByTestId('current-plan')).toHaveText('Your current plan')
  const row = page.getByRole('row', { name: /Messaging with referrers/ })
  await expect(row.getByRole('cell').first()).toContainText('Not included')
  const freeCard = plans.locator('div').filter({ has: page.getByRole('heading', { name: 'Free Tier' }) }).first()
  await expect(freeCard.getByRole('listitem').filter({ hasText: /^\s*Messaging with referrers\s*$/ })).toHaveCount(0)

  // A Premium operator with three photos returns to the free plan.
  const operator = await make.premiumOperator()
  const name = `Downgrade Home ${Date.now()}`
  await operator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' })
  const op = operator.page
  await op.goto('/operator-dashboard')
  const home = op.getByLabel(name, { exact: true })
  await home.getByRole('tab', { name: /Images/ }).click()
  await home.getByLabel(`Upload photos for ${name}`).setInputFiles([photo(1), photo(2), photo(3)])
  await expect(op.getByText('Upload successful')).toBeVisible()
  await expect(home.getByTestId('photo-count')).toContainText('3 of 10 photos.')
  const cancelled = await op.request.post('/api/billing/cancel')
  expect(cancelled.status(), await cancelled.text()).toBe(200)
  await op.reload()
  await home.getByRole('tab', { name: /Images/ }).click()
  await expect(home.getByTestId('photo-count')).toContainText('3 photos; the free plan shows the first one publicly and keeps the others hidden until you upgrade.')
  await expect(home.getByTestId('photo-count')).not.toContainText('of 1 photo')
  await expect(home.getByText('Hidden on the free plan')).toHaveCount(2)
})

test('small things: one licensing label, a bounded bio counter, no "coming soon", business initials', async ({ premiumOperator, page: visitor }) => {
  const name = `Label Home ${Date.now()}`
  const id = await premiumOperator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' }) // unlicensed by default
  const page = premiumOperator.page
  await page.goto('/operator-dashboard')
  await expect(page.getByLabel(name, { exact: true }).getByText('Family-Operated', { exact: true })).toBeVisible()
  await visitor.goto(`/property/${id}`)
  await expect(visitor.getByText('Family-Operated', { exact: true }).first()).toBeVisible()
  await expect(visitor.getByText('Unlicensed', { exact: true })).toHaveCount(0)

  await page.goto('/operator-dashboard?tab=profile')
  await page.getByLabel('Bio').fill('y'.repeat(310))
  await expect(page.getByText('310/2000 characters')).toBeVisible()
  await expect(page.getByText('∞')).toHaveCount(0)
  await expect(page.getByText('Profile Views (30 days)')).toBeVisible()
  await expect(page.getByText('Coming soon')).toHaveCount(0)
  await expect(page.getByText('Profile Shares')).toHaveCount(0)

  // The avatar shows the business's initials (Orchard Homes …), not the person's (Oona Orchard).
  await visitor.goto(`/operator/${premiumOperator.username}`)
  await expect(visitor.getByRole('heading', { level: 1, name: premiumOperator.organization })).toBeVisible()
  await expect(visitor.locator('main span[aria-hidden="true"]').filter({ hasText: /^OH$/ }).first()).toBeVisible()
})

test('a signed-out deep link to /admin?tab=escrow goes through sign-in and back', async ({ page, admin }) => {
  await page.goto('/admin?tab=escrow')
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%3Ftab%3Descrow/)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByLabel('Verification code').fill(admin.code())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/admin\?tab=escrow$/)
  await expect(page.getByRole('tab', { name: 'Escrow' })).toHaveAttribute('aria-selected', 'true')
})

test('admins: grants for operators only, complimentary shown as such, escrow history, row actions, licensing labels', async ({ admin, premiumOperator, referrer, page: other }) => {
  const operator = await signUpByApi(other, { first_name: 'Gus', last_name: 'Granted' })
  // A home of its own for the Properties tab (the test does not count on other tests' homes).
  await premiumOperator.addHome({ name: `Granted Gables ${premiumOperator.username}`, city: 'Austin', state: 'TX', zip: '78704' })
  const referral = await referrer.submitReferral({ first: 'Elsie', last: 'Historia' })
  await unlockByApi(premiumOperator, referral.id)

  const page = admin.page
  await page.goto('/admin?tab=subscriptions')
  // Item 19: a referrer is refused, said under the field.
  await page.getByLabel('Operator email').fill(referrer.email)
  await page.getByRole('button', { name: 'Grant Premium' }).click()
  const field = page.getByRole('alert').filter({ hasText: 'is not an operator account' })
  await expect(field).toContainText(`Complimentary Premium is for operators: ${referrer.email} is not an operator account`)
  await page.getByLabel('Operator email').fill(operator.email)
  await page.getByRole('button', { name: 'Grant Premium' }).click()
  await expect(page.getByText(`Premium access granted to ${operator.email}`)).toBeVisible()
  const granted = page.getByRole('row').filter({ hasText: operator.email })
  await expect(granted).toContainText('Complimentary')
  await expect(granted).toContainText('Complimentary Premium (no payment)')
  await expect(granted).not.toContainText(/\bfree\b|\bnone\b/)

  // Item 20: the escrow payment, released, stays findable under Resolved.
  await page.getByRole('tab', { name: 'Escrow' }).click()
  const row = page.getByRole('row').filter({ hasText: premiumOperator.organization })
  await row.getByRole('button', { name: 'Release to referrer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Release to referrer' })
  await dialog.getByLabel(/^Reason/).fill('Placement confirmed by phone')
  await dialog.getByRole('button', { name: 'Release to referrer' }).click()
  await expect(row).toHaveCount(0)
  await page.getByLabel('Resolved (history)').check()
  const history = page.getByRole('row').filter({ hasText: premiumOperator.organization })
  await expect(history).toContainText('Released to referrer')
  await expect(history).toContainText('Placement confirmed by phone')
  await expect(history).toContainText(`by ${admin.email}`)

  // The Referrals table's Actions column holds the row's actions.
  await page.getByRole('tab', { name: 'Referrals' }).click()
  const referralRow = page.getByTestId(`referral-${referral.id}`)
  await expect(referralRow.getByRole('cell').last().getByRole('button', { name: /^Set home for referral/ })).toBeVisible()

  // Licensing as the forms label it.
  await page.getByRole('tab', { name: 'Operators' }).click()
  const opRow = page.getByRole('row').filter({ hasText: premiumOperator.email })
  await expect(opRow).toContainText('Licensed')
  await page.getByRole('tab', { name: 'Properties' }).click()
  await expect(page.getByRole('table', { name: /propert/i })).not.toContainText(/\b(unlicensed|in progress)\b/)
})

test('errors are said where the user looks: a wrong password under the button, Upload with no file under the field', async ({ page, referrer, premiumOperator }) => {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(referrer.email)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign In' }) })
  await expect(form.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible()
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)

  const referral = await referrer.submitReferral({ first: 'Nora', last: 'Nofile' })
  await invite(referrer, premiumOperator, referral.id)
  const op = premiumOperator.page
  await op.goto(`/operator-dashboard?tab=documents&referral=${referral.id}`)
  const panel = op.getByRole('tabpanel', { name: 'Documents' })
  await panel.getByRole('button', { name: 'Upload' }).click()
  await expect(panel.getByLabel('File', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(panel.getByRole('alert').filter({ hasText: 'No file selected' })).toBeVisible()
  await expect(op.locator('[data-sonner-toast]')).toHaveCount(0)
})

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('conversations and bubbles fit, the thread opens in place, and map pins are big enough to tap', async ({ premiumOperator, referrer, page: visitor }) => {
    const referral = await referrer.submitReferral({ first: 'Penelope', last: 'Longnameforaphonescreen' })
    await invite(referrer, premiumOperator, referral.id)
    const list = await referrer.page.request.get(`/api/conversations?as=referrer&referral_id=${referral.id}`)
    const conversationId = ((await list.json()) as { items: { id: string }[] }).items[0]!.id
    const long = `Hello from the care team ${'averyveryverylongunbrokenwordthatwouldoverflow'.repeat(2)} and more words to wrap across lines.`
    const sent = await referrer.page.request.post(`/api/conversations/${conversationId}/messages`, { data: { message_text: long } })
    expect(sent.status(), await sent.text()).toBeLessThan(300)

    const page = premiumOperator.page
    await page.goto('/operator-dashboard?tab=messages')
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('button').first()
    await expect(row).toBeVisible()
    const rowBox = (await row.boundingBox())!
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(375)
    await row.click()
    const open = thread(page, `${referrer.first_name} ${referrer.last_name}`)
    await expect(open).toBeVisible()
    // The list gives way to the thread: the thread starts near the top of the panel, not under a 540 px list.
    await expect(page.getByRole('list', { name: 'Conversations' })).toBeHidden()
    const bubble = open.getByText(long)
    await expect(bubble).toBeVisible()
    const bubbleBox = (await bubble.boundingBox())!
    expect(bubbleBox.x + bubbleBox.width).toBeLessThanOrEqual(375)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await page.getByRole('button', { name: 'All conversations' }).click()
    await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible()

    await premiumOperator.addHome({ name: `Pin Point House ${premiumOperator.username}`, city: 'Austin', state: 'TX', zip: '78704' })
    await visitor.goto('/browse?zip=78704&radius=50&view=map')
    const targets = visitor.getByTestId('pin-target')
    await expect(targets.first()).toBeVisible()
    // Sized in screen pixels once the page measured its map (a server-rendered map is drawn at desktop scale until it hydrates).
    const smallerSide = async () => {
      const box = (await targets.first().boundingBox())!
      return Math.min(box.width, box.height)
    }
    await expect.poll(smallerSide).toBeGreaterThanOrEqual(24)
    await visitor.getByTestId('map-pin').first().click()
    await expect(visitor.getByTestId('property-card')).toHaveCount(1)
  })
})
