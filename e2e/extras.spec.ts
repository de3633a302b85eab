import type { Browser, Page } from '@playwright/test'
import { expect, newPage, signUpByApi, test } from './fixtures'

/**
 * Part A (care extras): a referral naming a level of care and a
 * funding source reaches the home that offers that care and accepts that
 * funding, and not the one that does not.
 */

/** A new operator on Premium through the built-in offline checkout (no card is charged), in a context of its own. */
async function premiumOperator(browser: Browser, lastName: string) {
  const page = await newPage(browser)
  await signUpByApi(page, { first_name: 'Olive', last_name: lastName })
  const checkout = (await (await page.request.post('/api/billing/checkout')).json()) as { url: string }
  const done = await page.request.post(`/api${checkout.url}/complete`)
  expect(done.status(), await done.text()).toBe(200)
  return page
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click()

test('a referral with extras is matched to the home with the same funding; everyone sees the extras', async ({ referrer, browser }) => {
  const tag = Date.now().toString(36)
  const medicaidHome = `Medicaid Pines ${tag}`
  const privateHome = `Private Oaks ${tag}`

  // Operator A lists a home with the dashboard form: assisted care, private pay and Medicaid.
  const a = await premiumOperator(browser, 'Accepts')
  await a.goto('/operator-dashboard')
  await a.getByRole('button', { name: 'Add Property' }).click()
  const dialog = a.getByRole('dialog', { name: 'Add Property' })
  await dialog.getByLabel('Property name').fill(medicaidHome)
  await dialog.getByLabel('Address').fill('12 Lake Street')
  await dialog.getByLabel('City').fill('Burlington')
  await dialog.getByLabel('State').fill('vt')
  await dialog.getByLabel('ZIP code').fill('05401')
  await dialog.getByLabel('Total beds').fill('6')
  await dialog.getByLabel('Available beds').fill('2')
  await dialog.getByLabel('Monthly fee ($)').fill('3200')
  await dialog.getByRole('group', { name: 'Levels of care offered' }).getByLabel('Assisted').check()
  const funding = dialog.getByRole('group', { name: 'Funding accepted' })
  await funding.getByLabel('Private pay').check()
  await funding.getByLabel('Medicaid / waiver').check()
  await dialog.getByRole('group', { name: 'Nearby services' }).getByLabel('Pharmacy').check()
  // The languages its staff speak: a group of checkboxes, reached and ticked from the keyboard like any other.
  const languages = dialog.getByRole('group', { name: 'Languages spoken' })
  await languages.getByRole('checkbox', { name: 'Spanish', exact: true }).focus()
  await a.keyboard.press('Space')
  await expect(languages.getByRole('checkbox', { name: 'Spanish', exact: true })).toBeChecked()
  await languages.getByRole('checkbox', { name: 'English', exact: true }).check()
  // The shared schema checks the house rules before anything is sent.
  await dialog.getByLabel('House rules').fill('x'.repeat(2001))
  await dialog.getByRole('button', { name: 'Create Property' }).click()
  await expect(a.getByText('Validation Error')).toBeVisible()
  await expect(dialog.getByText('House rules must be 2000 characters or less')).toBeVisible()
  await dialog.getByLabel('House rules').fill('Quiet hours 10 pm to 7 am. Visitors welcome until 8 pm.')
  await dialog.getByRole('button', { name: 'Create Property' }).click()
  await expect(a.getByText('Property Created')).toBeVisible()

  // Operator B's home nearby gives the same care but takes private pay only.
  const b = await premiumOperator(browser, 'Private')
  const created = await b.request.post('/api/my/properties', {
    data: {
      name: privateHome, address: '9 Pine Road', city: 'Burlington', state: 'VT', zip_code: '05401', total_beds: 5, available_beds: 3, monthly_fee: 3000,
      care_levels: ['assisted'], funding_accepted: ['private_pay'],
    },
  })
  expect(created.status(), await created.text()).toBe(201)

  // The referrer (the test's own: deleted after the test, which cancels the referral, so a retry
  // does not find it still listed) fills the six steps; the extras are on the Requirements step.
  const page = referrer.page
  await page.goto('/submit-referral')
  await page.getByLabel('Your Role').selectOption('case-manager')
  await page.getByLabel('Phone').fill('(555) 010-4444')
  await next(page)
  await page.getByLabel('First Name').fill('Xanthe')
  await page.getByLabel('Last Name').fill('Quillfeather')
  await page.getByLabel('Date of Birth').fill('1946-04-02')
  await page.getByLabel('Gender').selectOption('female')
  await page.getByLabel('Preferred State').selectOption('VT')
  await page.getByLabel('Preferred Cities').fill('Burlington')
  for (let step = 0; step < 4; step++) await next(page)
  await expect(page.getByRole('heading', { level: 2, name: /Care Requirements & Preferences/ })).toBeVisible()
  await page.getByLabel('Monthly Budget').selectOption('$3,000-$4,000')
  await page.getByLabel('Level of Care').selectOption('assisted')
  await page.getByLabel('Funding Source').selectOption({ label: 'Medicaid / waiver' })
  await page.getByLabel('Placement Timeline').selectOption({ label: 'Within 2 weeks' })
  await page.getByLabel('Urgent placement').check()
  await page.getByRole('button', { name: 'Submit Referral' }).click()
  await expect(page.getByText('Referral Submitted!')).toBeVisible()

  // The referrer's dashboard shows the extras.
  await expect(page).toHaveURL(/\/referrer-dashboard$/)
  const referral = page.getByRole('region', { name: 'Referral for Xanthe Quillfeather' })
  await expect(referral.getByText('Urgent', { exact: true })).toBeVisible()
  const detail = (label: string) => referral.getByText(label, { exact: true }).locator('xpath=following-sibling::dd')
  await expect(detail('Level of care')).toHaveText('Assisted')
  await expect(detail('Funding source')).toHaveText('Medicaid / waiver')
  await expect(detail('Timeline')).toHaveText('Within 2 weeks')

  // Operator A's home accepts Medicaid: matched, so its card offers "Not a fit"; the client stays masked, the extras do not.
  await a.goto('/browse-referrals')
  const cardA = a.getByTestId('referral-card').filter({ has: a.getByRole('heading', { name: 'X*** Q***', exact: true }) })
  await expect(cardA.getByText('Urgent', { exact: true })).toBeVisible()
  await expect(cardA.getByText('Care: Assisted')).toBeVisible()
  await expect(cardA.getByText('Funding: Medicaid / waiver')).toBeVisible()
  await expect(cardA.getByText('Needed: Within 2 weeks')).toBeVisible()
  await expect(cardA.getByRole('button', { name: 'Not a fit' })).toBeVisible()
  await expect(cardA).not.toContainText('Xanthe')

  // Operator B's home takes private pay only: not matched. B still sees the referral while browsing, without "Not a fit".
  await b.goto('/browse-referrals')
  const cardB = b.getByTestId('referral-card').filter({ has: b.getByRole('heading', { name: 'X*** Q***', exact: true }) })
  await expect(cardB.getByText('Funding: Medicaid / waiver')).toBeVisible()
  await expect(cardB.getByRole('button', { name: 'Express Interest' })).toBeVisible()
  await expect(cardB.getByRole('button', { name: 'Not a fit' })).toHaveCount(0)

  // Browse Homes filters by funding: only the Medicaid home, with what it declares on its card and its page.
  await page.goto('/browse?state=VT&city=Burlington')
  await page.getByLabel('Funding accepted').selectOption({ label: 'Medicaid / waiver' })
  await page.getByLabel('Level of care').selectOption({ label: 'Assisted' })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/funding=medicaid_waiver/)
  const home = page.getByTestId('property-card').filter({ has: page.getByRole('heading', { name: medicaidHome, exact: true }) })
  await expect(home.getByTestId('care-summary')).toContainText('Accepts:Private pay, Medicaid / waiver')
  await expect(page.getByRole('heading', { name: privateHome, exact: true })).toHaveCount(0)
  await home.getByRole('link', { name: 'View Details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: medicaidHome })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Funding accepted' })).toHaveText(/Private pay\s*Medicaid \/ waiver/)
  await expect(page.getByRole('list', { name: 'Nearby services' })).toHaveText('Pharmacy')
  await expect(page.getByText('Quiet hours 10 pm to 7 am. Visitors welcome until 8 pm.')).toBeVisible()
  await expect(page.getByText('Languages spoken', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('English, Spanish')
  // The page as the server renders it (ADR 027) says so too; a home that names none has no such line.
  const homeId = new URL(page.url()).pathname.split('/').pop()!
  const html = await (await page.request.get(`/property/${homeId}`)).text()
  expect(html).toMatch(/Languages spoken<\/dt><dd[^>]*>(<[^>]+>)*English, Spanish</)
  const privateId = ((await created.json()) as { property: { id: string } }).property.id
  expect(await (await page.request.get(`/property/${privateId}`)).text()).not.toContain('Languages spoken')
  // In Spanish, the names are Spanish.
  await page.getByLabel('Language', { exact: true }).first().selectOption('es')
  await expect(page.getByText('Idiomas que se hablan', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('Inglés, Español')
})
