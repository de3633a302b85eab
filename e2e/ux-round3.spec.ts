import { bunOnE2eData, emailTo, emailsCount, expect, signUpByApi, test, tokenFromEmail } from './fixtures'

const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1280, height: 900 }

test("a free operator with one home is told the limit before she types, and her second home is saved inactive, not thrown away (375 and 1280 px)", async ({
  make,
}) => {
  const operator = await make.freeOperator({ first_name: 'Fay', last_name: 'Second' })
  await operator.addHome({ name: `First Home ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78701' })
  const page = operator.page
  await page.setViewportSize(DESKTOP)
  await page.goto('/operator-dashboard')
  await page.getByRole('button', { name: 'Add Property' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Property' })
  // Before a field is typed: the limit, and what will happen to this home.
  const notice = dialog.getByRole('note')
  await expect(notice).toContainText('The free plan includes 1 active property. This home will be saved inactive')
  const name = `Second Home ${Date.now()}`
  await dialog.getByLabel('Property name').fill(name)
  // Looking at Premium and saying "Maybe later" leaves the form as she typed it.
  await notice.getByRole('button', { name: 'Upgrade to Premium' }).click()
  await page.getByRole('dialog', { name: 'Upgrade to Premium' }).getByRole('button', { name: 'Maybe later' }).click()
  await expect(dialog.getByLabel('Property name')).toHaveValue(name)

  await page.setViewportSize(PHONE)
  await expect(notice).toBeInViewport({ ratio: 0.5 })
  await dialog.getByLabel('Address').fill('4 Elm Street')
  await dialog.getByLabel('City').fill('Austin')
  await dialog.getByLabel('State').fill('TX')
  await dialog.getByLabel('ZIP code').fill('78702')
  await dialog.getByLabel('Total beds').fill('4')
  await dialog.getByLabel('Available beds').fill('2')
  await dialog.getByRole('button', { name: 'Save as Inactive' }).click()
  await expect(page.getByText('Property Saved as Inactive')).toBeVisible()
  await expect(page.getByLabel(name, { exact: true }).getByText('Inactive', { exact: true })).toBeVisible()
})

test('an operator with six homes gets one bed reminder listing each home with its link, and confirms them all from the dashboard (375 and 1280 px)', async ({
  premiumOperator,
}, testInfo) => {
  const stamp = Date.now()
  const names = [1, 2, 3, 4, 5, 6].map((n) => `Many Beds House ${n} ${stamp}`)
  const ids: string[] = []
  for (const name of names) ids.push(await premiumOperator.addHome({ name, city: 'Boise', state: 'ID', zip: '83702' }))
  bunOnE2eData(testInfo.config, ['e2e/backdate-beds.ts', ids.join(','), '15'])
  bunOnE2eData(testInfo.config, ['bin/homeward.ts', 'jobs', 'run'])
  const mail = await emailTo(premiumOperator.email, 'beds_confirmation')
  expect(mail).toContain('Subject: Are the free beds at your 6 homes still right?')
  for (const name of names) expect(mail).toMatch(new RegExp(`${name}: 3 of 6 beds available: \\S+/confirm-beds\\?token=[a-z0-9]+`))
  expect(emailsCount(premiumOperator.email, 'beds_confirmation')).toBe(1)

  const page = premiumOperator.page
  await page.setViewportSize(PHONE)
  await page.goto('/operator-dashboard')
  // Newest first, five a page: the first home is on page 2, and one click confirms it with the others.
  await page.getByRole('button', { name: 'Confirm All Beds' }).click()
  await expect(page.getByText('Availability confirmed at 6 homes.')).toBeVisible()
  await page.setViewportSize(DESKTOP)
  for (const name of names.slice(1)) await expect(page.getByLabel(name, { exact: true }).getByTestId('beds-freshness')).toHaveText('Beds confirmed today')
  await page.getByRole('navigation', { name: 'Pages of your homes' }).getByRole('button', { name: 'Next' }).click()
  await expect(page.getByLabel(names[0]!, { exact: true }).getByTestId('beds-freshness')).toHaveText('Beds confirmed today')
})

test("a tour at a home in El Paso reads in Mountain time on the operator's dashboard (375 px) and the visitor's (1280 px)", async ({ premiumOperator, referrer }) => {
  const name = `Harbor El Paso Place ${Date.now()}`
  const propertyId = await premiumOperator.addHome({ name, city: 'El Paso', state: 'TX', zip: '79901' })
  const d = new Date(Date.now() + 5 * 86_400_000)
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  const asked = await referrer.page.request.post('/api/tours', {
    data: { property_id: propertyId, visitor_name: 'Maria Lopez', visitor_email: referrer.email, visitor_phone: '(555) 010-7878', scheduled_date: day, scheduled_time: '10:00', notes: '' },
  })
  expect(asked.status(), await asked.text()).toBe(201)

  const page = premiumOperator.page
  await page.setViewportSize(PHONE)
  await page.goto('/operator-dashboard?tab=tours')
  // Mountain time (MST in winter, MDT in summer), not the Central time of most of Texas.
  await expect(page.getByRole('listitem', { name: 'Tour by Maria Lopez' })).toContainText(/10:00 AM M[SD]T/)

  const visitor = referrer.page
  await visitor.setViewportSize(DESKTOP)
  await visitor.goto('/referrer-dashboard#tour-requests')
  await expect(visitor.locator('#tour-requests')).toContainText(/at 10:00 AM M[SD]T \(the home's local time\)/)
})

test('without JavaScript: the phone menu opens, /auth signs in with a plain form, the app pages and Schedule Tour say what they need (375 and 1280 px)', async ({
  browser,
  make,
  premiumOperator,
}) => {
  const account = await make.referrer({ first_name: 'Nora', last_name: 'Script' })
  const homeId = await premiumOperator.addHome({ name: `No Script House ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78704' })
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE })
  const page = await context.newPage()
  try {
    await page.goto('/browse')
    await page.getByText('Menu', { exact: true }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu.getByRole('link', { name: 'Submit Referral' })).toBeVisible()
    await menu.getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/auth$/)
    // Playwright's text locators skip <noscript>; the note is found by where it is, before the app's root.
    const note = page.locator('noscript p').first()
    await expect(note).toBeVisible()
    await expect(note).toContainText('This page needs JavaScript.')
    const form = page.getByRole('form', { name: 'Sign in without JavaScript' })
    await form.getByLabel('Email').fill(account.email)
    await form.getByLabel('Password').fill('not-the-password')
    await form.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/auth\?signin=failed$/)
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
    await form.getByLabel('Email').fill(account.email)
    await form.getByLabel('Password').fill(account.password)
    await form.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect((await (await page.request.get('/api/me')).json()).user.email).toBe(account.email)

    await page.goto('/submit-referral')
    await expect(page.locator('noscript p').first()).toContainText('This page needs JavaScript.')

    await page.setViewportSize(DESKTOP)
    await page.goto(`/property/${homeId}`)
    // The Schedule a Tour card's note (the one under the name is the phone's).
    await expect(page.locator('noscript p', { hasText: 'Scheduling a tour needs JavaScript.' }).last()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Schedule Tour' })).toHaveCount(0)
  } finally {
    await context.close()
  }
})

test('a health record that is empty, a PDF renamed .json, or cut off gets its own message; its clinicians and hospitals are used or listed (1280 and 375 px)', async ({ referrer }) => {
  const page = referrer.page
  await page.setViewportSize(DESKTOP)
  await page.goto('/submit-referral')
  const card = page.getByRole('region', { name: 'Start from a health record' })
  const pick = (name: string, text: string) => card.getByLabel('Choose a health record (.json)').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })
  await pick('empty.json', '')
  await expect(card.getByRole('alert')).toContainText('The file is empty: it holds no health record.')
  await pick('discharge.json', '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n')
  await expect(card.getByRole('alert')).toContainText('The file is a PDF, not a FHIR record.')

  await page.setViewportSize(PHONE)
  await pick('export.json', '{"resourceType": "Bundle", "type": "collection", "entry": [{"resource": {"resourceType": "Patient", "name": [{"fam')
  await expect(card.getByRole('alert')).toContainText('The health record is cut off: the file ends before the record does')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  // A record naming three clinicians and three hospitals: the first of each fills the form, the others are listed as not imported.
  const sample = 'server/features/fhir/samples/Louis_Erdman_55bbe118-e08d-4408-86e5-6084457500d4.json'
  await card.getByLabel('Choose a health record (.json)').setInputFiles(sample)
  await expect(card.getByRole('status')).toContainText('filled in from the health record')
  await card.getByText(/^Not imported/).click()
  await expect(card).toContainText('2 × Practitioner: The form has one Primary Doctor: the first is used')
  await expect(card).toContainText('2 × Organization: The form has one Current Healthcare Provider: the first is used')
})

test('a signed-out visitor sees "Start from a health record" on step 1 with the way to sign in, and comes back to the form (1280 and 375 px)', async ({ page, make }) => {
  const account = await make.referrer({ first_name: 'Sid', last_name: 'Outside' })
  await page.context().clearCookies()
  await page.setViewportSize(DESKTOP)
  await page.goto('/submit-referral')
  const card = page.getByRole('region', { name: 'Start from a health record' })
  await expect(card).toBeVisible()
  await page.setViewportSize(PHONE)
  await card.getByRole('link', { name: 'Sign in to start from a health record' }).click()
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsubmit-referral$/)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/submit-referral(\?step=1)?$/)
  await expect(page.getByRole('region', { name: 'Start from a health record' }).getByLabel('Choose a health record (.json)')).toBeAttached()
})

test('an e-mail confirmed in another tab clears the banner when this tab is shown again; on a phone the form note is not squeezed nor doubled (375 and 1280 px)', async ({ page }) => {
  const user = await signUpByApi(page, { verify: false })
  await page.setViewportSize(PHONE)
  await page.goto('/submit-referral')
  const note = page.getByTestId('confirm-email-first')
  await expect(note).toBeVisible()
  // One message on the form, not the banner and the note saying it twice.
  await expect(page.getByText(/Please confirm your e-mail address/)).toHaveCount(0)
  // The text has the note's width; the button sits under it.
  const text = await note.locator('p').boundingBox()
  const button = await note.getByRole('button', { name: 'Resend the link' }).boundingBox()
  const box = await note.boundingBox()
  expect(text!.width).toBeGreaterThan(box!.width * 0.8)
  expect(button!.y).toBeGreaterThanOrEqual(text!.y + text!.height)

  await page.setViewportSize(DESKTOP)
  await page.goto('/referrer-dashboard')
  await expect(page.getByText(/Please confirm your e-mail address/)).toBeVisible()
  // Confirmed from the e-mail's link in another tab of the same browser.
  const other = await page.context().newPage()
  await other.goto(`/verify-email?token=${await tokenFromEmail(user.email, 'email_verification')}`)
  await expect(other.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible()
  await other.close()
  // This tab is shown again (the browser tells the page its visibility changed): the banner goes.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
  await expect(page.getByText(/Please confirm your e-mail address/)).toHaveCount(0)
})

test('the notifications panel stays on the screen at 375 and 1280 px', async ({ referrer }) => {
  const page = referrer.page
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size)
    await page.goto('/referrer-dashboard')
    const bell = page.getByRole('button', { name: /^Notifications/ })
    await bell.click()
    const panel = page.locator(`[id="${await bell.getAttribute('aria-controls')}"]`)
    await expect(panel).toBeVisible()
    const box = (await panel.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(size.width)
  }
})

test('the Texas map (/browse?state=TX) is framed on Texas, not the whole country (1280 and 375 px)', async ({ page, premiumOperator }) => {
  await premiumOperator.addHome({ name: `Lone Star Map Home ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78704' })
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await page.goto('/browse?state=TX&view=map')
    const map = page.getByRole('group', { name: /^Map of \d+ homes?$/ })
    await expect(map).toBeVisible()
    // The country's outline is drawn several times wider than the map's 960 units: the map shows one state of it.
    const drawn = await map.locator('path').first().evaluate((p) => (p as SVGGraphicsElement).getBBox().width)
    expect(drawn).toBeGreaterThan(2 * 960)
  }
})
