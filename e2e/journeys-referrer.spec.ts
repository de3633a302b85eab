import type { Page } from '@playwright/test'
import { expect, test, uniqueEmail, whenNotBusy } from './fixtures'

/**
 * What referrers and families tripped over ("Referrers and families"),
 * walked as they would: each test makes its own users and data.
 */

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name: new RegExp(name) })
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click()

/** Browser dialogs (the leave-the-page question on reload) are answered "leave": the test checks what survives. Returns their types. */
function acceptBrowserDialogs(page: Page) {
  const seen: string[] = []
  page.on('dialog', (dialog) => {
    seen.push(dialog.type())
    void dialog.accept()
  })
  return seen
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the referral form: Back and Forward move between steps, the draft survives them and a reload, and leaving asks first', async ({ referrer }) => {
      const { page } = referrer
      const browserDialogs = acceptBrowserDialogs(page)
      const nav = async () => {
        if (width >= 1280) return page.getByRole('navigation', { name: 'Main' })
        await page.getByRole('button', { name: 'Open menu' }).click()
        return page.getByRole('navigation', { name: 'Mobile' })
      }
      await page.goto('/browse')
      await (await nav()).getByRole('link', { name: 'Submit Referral' }).click()
      await expect(page).toHaveURL(/\/submit-referral\?step=1$/)
      await expect(stepHeading(page, 'Your Information')).toBeVisible()
      // Sign-up asked for a phone: it is offered with the name and e-mail.
      await expect(page.getByLabel('Full Name')).toHaveValue('Rhea Referrer')
      await expect(page.getByLabel('Email')).toHaveValue(referrer.email)
      await expect(page.getByLabel('Phone')).toHaveValue('(555) 222-3333')
      // Signed in: nothing to warn about.
      await expect(page.getByText("You'll need to sign in to submit this referral.")).toHaveCount(0)
      await page.getByLabel('Your Role').selectOption('case-manager')
      await next(page)

      await expect(page).toHaveURL(/step=2$/)
      await page.getByLabel('First Name').fill('Marta')
      await page.getByLabel('Last Name').fill('Lopez')
      await page.getByLabel('Date of Birth').fill('1950-05-20')
      await page.getByLabel('Gender').selectOption('female')
      await page.getByLabel('Preferred State').selectOption('TX')
      await next(page)

      await expect(page).toHaveURL(/step=3$/)
      await expect(stepHeading(page, 'Emergency Contact & Legal')).toBeVisible()
      await page.getByLabel('Emergency Contact Name').fill('Luis Lopez')

      // The browser's Back goes to the previous step, with its answers.
      await page.goBack()
      await expect(stepHeading(page, 'Client Information')).toBeVisible()
      await expect(page.getByLabel('First Name')).toHaveValue('Marta')
      await page.goBack()
      await expect(stepHeading(page, 'Your Information')).toBeVisible()
      await expect(page.getByLabel('Your Role')).toHaveValue('case-manager')
      // Forward comes back to them too.
      await page.goForward()
      await expect(stepHeading(page, 'Client Information')).toBeVisible()
      await expect(page.getByLabel('Gender')).toHaveValue('female')
      await page.goForward()
      await expect(stepHeading(page, 'Emergency Contact & Legal')).toBeVisible()
      await expect(page.getByLabel('Emergency Contact Name')).toHaveValue('Luis Lopez')

      // Leaving for another page asks first; staying keeps everything.
      const leave = page.getByRole('alertdialog', { name: 'Leave the referral form?' })
      await (await nav()).getByRole('link', { name: 'Browse Homes' }).click()
      await expect(leave).toBeVisible()
      await leave.getByRole('button', { name: 'Cancel' }).click()
      await expect(leave).toHaveCount(0)
      await expect(page).toHaveURL(/\/submit-referral\?step=3$/)
      await expect(page.getByLabel('Emergency Contact Name')).toHaveValue('Luis Lopez')

      // The form's Back is the browser's Back; from step 1 the browser's Back leaves the form: asked too.
      await page.getByRole('button', { name: 'Back' }).click()
      await expect(page).toHaveURL(/step=2$/)
      await page.getByRole('button', { name: 'Back' }).click()
      await expect(stepHeading(page, 'Your Information')).toBeVisible()
      await page.goBack()
      await expect(leave).toBeVisible()
      // The router puts the form back under the question before it is answered.
      await expect(page).toHaveURL(/step=1$/)
      await leave.getByRole('button', { name: 'Leave the form' }).click()
      await expect(page).toHaveURL(/\/browse$/)
      await expect(leave).toHaveCount(0)

      // Forward, or coming back later in the same tab, finds the draft; a reload keeps the step and every answer.
      await page.goForward()
      await expect(page.getByLabel('Your Role')).toHaveValue('case-manager')
      await page.goto('/submit-referral?step=3')
      await expect(page.getByLabel('Emergency Contact Name')).toHaveValue('Luis Lopez')
      await page.getByLabel('Emergency Contact Phone').fill('(555) 010-8888')
      await page.reload()
      // Reloading or closing the tab with answers is asked by the browser itself.
      expect(browserDialogs).toContain('beforeunload')
      await expect(stepHeading(page, 'Emergency Contact & Legal')).toBeVisible()
      await expect(page.getByLabel('Emergency Contact Phone')).toHaveValue('(555) 010-8888')
      await expect(page.getByLabel('Emergency Contact Name')).toHaveValue('Luis Lopez')
      await page.getByRole('button', { name: 'Back' }).click()
      await expect(page.getByLabel('Last Name')).toHaveValue('Lopez')

      // A URL cannot skip steps that were never checked.
      await page.goto('/submit-referral?step=6')
      await expect(page).toHaveURL(/step=3$/)

      // The care data stays in this tab's session storage, never in storage that outlives it.
      const stored = await page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: sessionStorage.getItem('homeward.referral-draft') ?? '' }))
      expect(stored.local).not.toContain('Marta')
      expect(stored.session).toContain('Marta')
      for (const cookie of await page.context().cookies()) expect(cookie.value).not.toContain('Marta')

      // Signing out clears the draft: the next person at this computer does not get the client's data.
      if (width < 1280) await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('button', { name: 'Sign Out' }).click()
      await expect(page).toHaveURL(/\/$/)
      expect(await page.evaluate(() => sessionStorage.getItem('homeward.referral-draft'))).toBeNull()
    })
  })
}

test('a signed-out referrer is told on step 1 that submitting needs an account, and the link keeps the way back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/submit-referral')
  const note = page.getByRole('note').filter({ hasText: "You'll need to sign in to submit this referral." })
  await expect(note).toBeVisible()
  await expect(note).toContainText('your answers will still be here')
  await expect(note.getByRole('link', { name: 'create a free account' })).toHaveAttribute('href', '/auth?mode=signup&as=referrer&redirect=%2Fsubmit-referral')
  // Only on step 1: later steps are not cluttered.
  await page.getByLabel('Full Name').fill('Frank Family')
  await page.getByLabel('Your Role').selectOption('family')
  await page.getByLabel('Email').fill('frank@example.com')
  await page.getByLabel('Phone').fill('(555) 010-9999')
  await next(page)
  await expect(stepHeading(page, 'Client Information')).toBeVisible()
  await expect(note).toHaveCount(0)
})

test('a case manager signs up as a referrer: lands on their dashboard with the referrer role, and the header leads to it and to My Referrals & Messages', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await page.getByRole('link', { name: 'Get Started' }).first().click()
  await expect(page).toHaveURL(/\/auth\?mode=signup$/)
  await expect(page.getByText('Sign in, or create a free account to refer clients or to list your home.')).toBeVisible()

  // Who you are is asked; skipping it is said where the choice is.
  const email = uniqueEmail('casemanager')
  const password = 'case-manager-1'
  await page.getByLabel('First name').fill('Cara')
  await page.getByLabel('Last name').fill('Manager')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Phone').fill('(555) 303-4040')
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Please choose who you are')).toBeVisible()
  // A home's plans are not offered to someone who refers clients.
  await expect(page.getByRole('group', { name: 'Plan for your home' })).toBeVisible()
  await page.getByLabel('I refer clients').check()
  await expect(page.getByRole('group', { name: 'Plan for your home' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Create Account' }).click()

  await expect(page.getByText('Account created!')).toBeVisible()
  await expect(page).toHaveURL(/\/referrer-dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Referrer Dashboard' })).toBeVisible()
  await expect(page.getByText('Free Plan')).toHaveCount(0)
  const me = await (await page.request.get('/api/me')).json()
  expect(me.roles).toEqual(['referrer'])
  expect(me.role).toBe('referrer')

  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Operator Dashboard' })).toHaveCount(0)
  // The extra link still fits the full bar at 1280 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  await header.getByRole('link', { name: 'My Referrals' }).click()
  await expect(page).toHaveURL(/\/my-referrals$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Referrals & Messages' })).toBeVisible()
  await header.getByRole('link', { name: 'Referrer Dashboard' }).click()
  await expect(page).toHaveURL(/\/referrer-dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Referrer Dashboard' })).toBeVisible()
  // Signing in again lands there too.
  await page.request.post('/api/auth/sign-out')
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/referrer-dashboard$/)

  const deleted = await whenNotBusy(() => page.request.delete('/api/me', { data: { password } }))
  expect(deleted.status(), await deleted.text()).toBe(200)
})

test('from the referral form, "create a free account" signs up a referrer and comes back to the form with its answers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/submit-referral')
  await page.getByLabel('Your Role').selectOption('social-worker')
  await page.getByRole('link', { name: 'create a free account' }).click()
  await expect(page.getByLabel('I refer clients')).toBeChecked()
  const password = 'social-worker-1'
  await page.getByLabel('First name').fill('Sol')
  await page.getByLabel('Last name').fill('Worker')
  await page.getByLabel('Email').fill(uniqueEmail('socialworker'))
  await page.getByLabel('Phone').fill('(555) 303-5050')
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/submit-referral\?step=1$/)
  await expect(page.getByLabel('Your Role')).toHaveValue('social-worker')
  await expect(page.getByLabel('Full Name')).toHaveValue('Sol Worker')
  await expect(page.getByLabel('Phone')).toHaveValue('(555) 303-5050')
  const deleted = await whenNotBusy(() => page.request.delete('/api/me', { data: { password } }))
  expect(deleted.status(), await deleted.text()).toBe(200)
})

test('a radius search lists homes without a map position last, under their own heading, and their operator is told how to fix it', async ({ page, premiumOperator }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const city = `Quillby ${Math.random().toString(36).slice(2, 7)}`
  await premiumOperator.addHome({ name: 'Nearby Oaks', city, state: 'TX', zip: '78704' })
  // 00000 is no post office's ZIP: the home keeps no coordinates.
  await premiumOperator.addHome({ name: 'Faraway Pines', city, state: 'TX', zip: '00000' })

  await page.goto('/browse')
  await page.getByLabel('City').fill(city)
  await page.getByLabel('ZIP Code').fill('78704')
  await page.getByLabel('Radius').selectOption('25')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('Searching within 25 miles of 78704')).toBeVisible()

  const cards = page.getByTestId('property-card')
  await expect(cards).toHaveCount(2)
  // The near home first, with its distance; the other after it, under a heading that says why it has none.
  await expect(cards.nth(0)).toContainText('Nearby Oaks')
  await expect(cards.nth(0)).toContainText('0.0 mi')
  const unknown = page.getByRole('region', { name: 'Distance unknown: 1 home with no map position' })
  await expect(unknown).toBeVisible()
  await expect(unknown).toContainText('their ZIP code could not be placed on the map')
  await expect(unknown.getByTestId('property-card')).toHaveCount(1)
  await expect(unknown.getByTestId('property-card')).toContainText('Faraway Pines')
  await expect(unknown.getByTestId('property-card')).toContainText('Distance unknown')
  // Never among the nearby ones: the heading comes between them.
  const nearBox = (await cards.nth(0).boundingBox())!
  const headingBox = (await unknown.getByRole('heading', { name: /^Distance unknown/ }).boundingBox())!
  expect(headingBox.y).toBeGreaterThan(nearBox.y + nearBox.height)

  // The operator's dashboard says so, and how to fix it.
  const op = premiumOperator.page
  await op.goto('/operator-dashboard')
  const faraway = op.getByRole('region', { name: 'Faraway Pines' }).or(op.locator('[aria-label="Faraway Pines"]')).first()
  const notice = faraway.getByRole('note')
  await expect(notice).toContainText('No map position.')
  await expect(notice).toContainText('ZIP code 00000 could not be placed on the map')
  await expect(notice).toContainText("enter the home's 5-digit ZIP code")
  await expect(op.locator('[aria-label="Nearby Oaks"]').getByRole('note')).toHaveCount(0)
  await faraway.getByRole('button', { name: 'Edit' }).click()
  await op.getByLabel('ZIP code').fill('78705')
  await op.getByRole('button', { name: 'Save Changes' }).click()
  await expect(op.getByText('Property updated')).toBeVisible()
  await expect(faraway.getByRole('note')).toHaveCount(0)

  // Placed on the map, it joins the nearby homes with a distance.
  await page.reload()
  await expect(page.getByRole('region', { name: /Distance unknown/ })).toHaveCount(0)
  await expect(page.getByTestId('property-card').filter({ hasText: 'Faraway Pines' })).toContainText(' mi')
})

test('closing a referral as "Placed elsewhere" shows that outcome, not a red Cancelled, on the dashboard and in the admin, and is counted as closed', async ({ referrer, referral, admin }) => {
  const { page } = referrer
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/referrer-dashboard')
  const card = page.getByRole('region', { name: `Referral for ${referral.client.first} ${referral.client.last}` })
  await card.getByRole('button', { name: 'Close Referral' }).click()
  const dialog = page.getByRole('dialog', { name: 'Close this referral' })
  await dialog.getByLabel('Outcome').selectOption({ label: 'Placed elsewhere' })
  await dialog.getByRole('button', { name: 'Close referral' }).click()
  await expect(page.getByText('Referral closed')).toBeVisible()

  const badge = card.locator('[data-status]')
  await expect(badge).toHaveText('Closed: placed elsewhere')
  await expect(badge).not.toHaveClass(/bg-red/)
  await expect(card).not.toContainText(/cancelled/i)
  await expect(page.getByTestId('count-closed')).toHaveText('1')
  await expect(page.getByTestId('count-cancelled')).toHaveText('0')
  await expect(page.getByTestId('count-placed')).toHaveText('0')

  // The admin's Referrals tab says the same.
  await admin.page.setViewportSize({ width: 1280, height: 900 })
  await admin.page.goto('/admin?tab=referrals')
  const row = admin.page.getByTestId(`referral-${referral.id}`)
  await expect(row.locator('[data-status]')).toHaveText('Closed: placed elsewhere')
  await expect(row.locator('[data-status]')).not.toHaveClass(/bg-red/)
})

test('a home that declines anonymously: the referrer reads its reason and note, not its name; the homes are counted under one set of words', async ({ referrer, premiumOperator }) => {
  await premiumOperator.addHome({ name: 'Casper Haven', city: 'Casper', state: 'WY', zip: '82601' })
  const client = { first: 'Wilma', last: 'Yates' }
  await referrer.submitReferral(client, { state: 'WY', city: 'Casper' })

  // The operator answers "Not a fit" from the marketplace, anonymously, with a note for the referrer.
  const op = premiumOperator.page
  await op.setViewportSize({ width: 1280, height: 900 })
  await op.goto('/browse-referrals')
  const offered = op.getByTestId('referral-card').filter({ hasText: 'Casper' }).filter({ hasText: 'W*' }).first()
  await offered.getByRole('button', { name: 'Not a fit' }).click()
  const dialog = op.getByRole('dialog', { name: 'Not a fit' })
  await expect(dialog).toContainText('Tell the referrer why')
  await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'No bed available' })
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Our last bed was taken this morning; we expect one to open in March.')
  await dialog.getByLabel(/Do not show my home's name/).check()
  await dialog.getByRole('button', { name: 'Send "Not a fit"' }).click()
  await expect(dialog).toHaveCount(0)

  const { page } = referrer
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/referrer-dashboard')
  const card = page.getByRole('region', { name: 'Referral for Wilma Yates' })
  const said = card.getByRole('list', { name: 'What the homes said' })
  await expect(said).toContainText('A home (name withheld): No bed available')
  await expect(said).toContainText('Our last bed was taken this morning; we expect one to open in March.')
  await expect(card).not.toContainText(premiumOperator.organization)
  await expect(card).not.toContainText('Casper Haven')

  // One set of words for one set of numbers: "Homes notified" once, no "Homes matched" beside it.
  await expect(card.getByText('Homes notified', { exact: true })).toHaveCount(1)
  await expect(card).not.toContainText('Homes matched')
  const progress = card.getByRole('region', { name: 'Progress' })
  await expect(progress.locator('dt', { hasText: 'Declined' }).locator('xpath=following-sibling::dd')).toHaveText('1')
})

for (const width of [1280, 375]) {
  test(`at ${width} px: a free-plan home's tour dialog says at once that tours can't be booked online, with the operator's public ways to reach them`, async ({ page, make }) => {
    await page.setViewportSize({ width, height: 900 })
    // A free-plan operator with a public profile and a website.
    const free = await make.referrer({ first_name: 'Fern', last_name: 'Freeman' })
    const t = Math.random().toString(36).slice(2, 7)
    const profile = await free.page.request.patch('/api/my/profile', {
      data: { username: `fern-${t}`, organization_name: `Fern Homes ${t}`, social_links: { website: `https://fern-${t}.example.org` } },
    })
    expect(profile.status(), await profile.text()).toBe(200)
    const city = `Larkfield ${t}`
    const home = await free.page.request.post('/api/my/properties', {
      data: { name: 'Fern Cottage', address: '2 Test Road', city, state: 'OR', zip_code: '97201', total_beds: 4, available_beds: 2, monthly_fee: 2100 },
    })
    expect(home.status(), await home.text()).toBe(201)

    await page.goto(`/browse?city=${encodeURIComponent(city)}`)
    await page.getByTestId('property-card').filter({ hasText: 'Fern Cottage' }).getByRole('button', { name: 'Schedule Tour' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule a Tour' })
    await expect(dialog.getByRole('note')).toContainText("Tours can't be booked online for Fern Cottage.")
    // Before any field: there are none to fill.
    await expect(dialog.getByRole('textbox')).toHaveCount(0)
    const ways = dialog.getByRole('list', { name: 'Ways to reach the operator' })
    await expect(ways.getByRole('link', { name: `Fern Homes ${t}'s public profile` })).toHaveAttribute('href', `/operator/fern-${t}`)
    await expect(ways.getByRole('link', { name: /Website/ })).toHaveAttribute('href', `https://fern-${t}.example.org`)
    // Nothing private is shown.
    await expect(dialog).not.toContainText(free.email)
    await expect(dialog).not.toContainText('(555) 222-3333')
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click()
    await expect(dialog).toHaveCount(0)
  })
}

test('the tour dialog offers the signed-in user\'s name, e-mail and phone', async ({ referrer, premiumOperator }) => {
  const city = `Wrenhaven ${Math.random().toString(36).slice(2, 7)}`
  await premiumOperator.addHome({ name: 'Wren House', city, state: 'TX', zip: '78704' })
  const { page } = referrer
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/browse?city=${encodeURIComponent(city)}`)
  await page.getByTestId('property-card').filter({ hasText: 'Wren House' }).getByRole('button', { name: 'Schedule Tour' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule a Tour' })
  await expect(dialog.getByLabel('Your name')).toHaveValue('Rhea Referrer')
  await expect(dialog.getByLabel('Email')).toHaveValue(referrer.email)
  await expect(dialog.getByLabel('Phone')).toHaveValue('(555) 222-3333')
  // Only the date and time are left to choose.
  const day = dialog.getByTestId('tour-calendar').getByRole('button', { name: /^\d+, / }).filter({ hasNot: page.locator('[disabled]') })
  await dialog.getByRole('button', { name: /Next month/i }).click()
  await day.first().click()
  await dialog.getByLabel(/Time/).fill('10:30')
  await dialog.getByRole('button', { name: 'Request Tour' }).click()
  await expect(page.getByText('Tour Requested')).toBeVisible()
})

test('wrong ZIPs are said beside the ZIP field until it changes, and never over the results of an earlier search', async ({ page, premiumOperator }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const city = `Zephyr ${Math.random().toString(36).slice(2, 7)}`
  await premiumOperator.addHome({ name: 'Zephyr Lodge', city, state: 'TX', zip: '78704' })
  // The page's timers run on a clock the test moves on (a toast's seconds pass at once, without waiting them).
  await page.clock.install()
  await page.goto('/browse')
  const zip = page.getByLabel('ZIP Code')
  const search = () => page.getByRole('button', { name: 'Search' }).click()
  const cards = page.getByTestId('property-card')
  await page.getByLabel('City').fill(city)
  await zip.fill('78704')
  await search()
  await expect(cards).toHaveCount(1)

  // A malformed ZIP: said at the field, and the earlier results are gone.
  await zip.fill('1234')
  await search()
  await expect(zip).toHaveAccessibleDescription('Invalid ZIP Code: a ZIP code has 5 digits, or 5+4 like 78704-1234')
  await expect(zip).toHaveAttribute('aria-invalid', 'true')
  await expect(cards).toHaveCount(0)
  await expect(page.getByText('Correct the ZIP code to see homes.')).toBeVisible()
  // It stays while the field holds that ZIP (a toast would be gone after these ten seconds)…
  await page.clock.runFor(10_000)
  await expect(page.getByText('Invalid ZIP Code: a ZIP code has 5 digits')).toBeVisible()
  // …and goes once the field changes.
  await zip.fill('12345')
  await expect(page.getByText('Invalid ZIP Code: a ZIP code has 5 digits')).toHaveCount(0)
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true')

  // ZIPs with no location: the product’s exact words, and its fallback (homes listing that exact ZIP), nothing else.
  for (const unknown of ['99999', '00000']) {
    await zip.fill('78704')
    await search()
    await expect(cards).toHaveCount(1)
    await zip.fill(unknown)
    await search()
    await expect(zip).toHaveAccessibleDescription('Invalid ZIP Code: Could not find location for the provided ZIP code')
    await expect(page.getByText(/Searching within/)).toHaveCount(0)
    await expect(cards.filter({ hasText: 'Zephyr Lodge' })).toHaveCount(0)
    // Said once, at the field: the results add nothing that contradicts it.
    await expect(page.getByText('No properties available at this time. Try adjusting your search filters.')).toHaveCount(0)
  }
  // Back returns to the earlier search, with its results and no message.
  await page.goBack()
  await expect(zip).toHaveValue('78704')
  await expect(cards).toHaveCount(1)
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true')
})
