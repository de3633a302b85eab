import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Make } from './fixtures'
import type { Page } from '@playwright/test'

/**
 * Search, property pages, tours, the operator directory and invitations.
 * Every operator, home and referral is the test's own (fixtures, deleted
 * afterwards).
 */

const tag = () => Math.random().toString(36).slice(2, 7)

/** A free-plan operator's one home (in Austin at 78704 unless told), with a fee, amenities and demographics: what search cards and the property page show. */
async function freeOperatorWithHome(make: Make, where = { city: 'Austin', zip: '78704' }) {
  const operator = await make.freeOperator({ first_name: 'Linda', last_name: 'Okafor' }, { years_of_experience: 3, licensing_type: 'unlicensed' })
  const name = `Maple Street Home ${tag()}`
  const id = await operator.addHome(
    { name, city: where.city, state: 'TX', zip: where.zip },
    { total_beds: 4, available_beds: 2, monthly_fee: 2800, amenities: ['Garden', 'Home-cooked meals'], demographics_served: ['Seniors'] },
  )
  return { operator, home: { id, name } }
}

async function fillTourForm(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Schedule a Tour' })
  await dialog.getByLabel('Your name').fill('Jordan Lee')
  await dialog.getByLabel('Email').fill('jordan@example.com')
  await dialog.getByLabel('Phone').fill('(555) 010-3000')
  return dialog
}

test('search by ZIP and radius, then open a property', async ({ page, make }) => {
  const { home } = await freeOperatorWithHome(make)
  const FREE_HOME = home.name
  await page.goto('/browse')
  await expect(page.getByRole('heading', { name: 'Browse Group Homes' })).toBeVisible()
  await expect(page.getByTestId('property-card').first()).toBeVisible()
  await page.getByLabel('ZIP Code').fill('78704')
  await page.getByLabel('Radius').selectOption('25')
  await page.getByLabel('ZIP Code').press('Enter')
  await expect(page.getByText('Searching within 25 miles of 78704')).toBeVisible()
  await expect(page).toHaveURL(/zip=78704/)
  const card = page.getByTestId('property-card').filter({ has: page.getByRole('heading', { name: FREE_HOME, exact: true }) })
  await expect(card).toBeVisible()
  await expect(card.getByText('0.0 mi')).toBeVisible()
  await expect(card.getByText(/2 of 4 beds available/)).toBeVisible()
  await expect(card.getByText('$2,800/month')).toBeVisible()
  // Signed out: no invitation button.
  await expect(page.getByRole('button', { name: 'Invite to Your Referral' })).toHaveCount(0)
  // Nearest first (other tests may list homes at the same ZIP centroid).
  await expect(page.getByTestId('property-card').first().getByText('0.0 mi')).toBeVisible()

  await card.getByRole('link', { name: 'View Details' }).click()
  await expect(page).toHaveURL(/\/property\//)
  await expect(page.getByRole('heading', { level: 1, name: FREE_HOME })).toBeVisible()
  await expect(page.getByText('Austin, TX 78704')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Amenities' })).toBeVisible()
  await expect(page.getByText('Home-cooked meals')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Demographics Served' })).toBeVisible()
  await expect(page.getByText('Seniors', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Browse' }).click()
  await expect(page).toHaveURL(/\/browse/)

  // An unknown ZIP: the product’s exact toast.
  await page.getByLabel('ZIP Code').fill('00000')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('Invalid ZIP Code')).toBeVisible()
  await expect(page.getByText('Could not find location for the provided ZIP code')).toBeVisible()
  await expect(page.getByText('No properties available at this time. Try adjusting your search filters.')).toHaveCount(0)
})

test('an unknown property says Property not found', async ({ page }) => {
  await page.goto('/property/does-not-exist')
  await expect(page.getByText('Property not found')).toBeVisible()
})

test('request a tour of a premium property: validation, no past days, success', async ({ page, premiumOperator }) => {
  const homeId = await premiumOperator.addHome({ name: `Tour Request Home ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78704' })
  await page.clock.setFixedTime(new Date('2030-06-15T12:00:00'))
  await page.goto(`/property/${homeId}`)
  await expect(page.getByRole('heading', { name: 'Schedule a Tour' })).toBeVisible()
  await page.getByRole('button', { name: 'Schedule Tour' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule a Tour' })
  await dialog.getByRole('button', { name: 'Request Tour' }).click()
  await expect(page.getByText('Validation Error')).toBeVisible()
  await expect(page.getByText('Name must be at least 2 characters').first()).toBeVisible()

  await fillTourForm(page)
  await dialog.getByRole('button', { name: 'Request Tour' }).click()
  await expect(dialog.getByText('Please select a date')).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^14, \w+, June 2030/ })).toBeDisabled()
  await dialog.getByRole('button', { name: /^17, \w+, June 2030/ }).click()
  await expect(dialog.getByText('Selected: Monday, June 17, 2030')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Time', exact: true }).fill('14:30')
  await dialog.getByLabel('Notes (optional)').fill('Visiting with my father.')
  await dialog.getByRole('button', { name: 'Request Tour' }).click()
  await expect(page.getByText('Tour Requested')).toBeVisible()
  await expect(page.getByText('Your tour request has been submitted. The operator will contact you to confirm.')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  // The form was reset.
  await page.getByRole('button', { name: 'Schedule Tour' }).click()
  await expect(page.getByRole('dialog', { name: 'Schedule a Tour' }).getByLabel('Your name')).toHaveValue('')
})

test('a free operator’s property says at once that tours cannot be booked online; the server refuses with the Premium Feature message', async ({ page, make }) => {
  const { home } = await freeOperatorWithHome(make)
  await page.goto(`/property/${home.id}`)
  await page.getByRole('button', { name: 'Schedule Tour' }).click()
  // Said before any field, not after the whole form was filled.
  const dialog = page.getByRole('dialog', { name: 'Schedule a Tour' })
  await expect(dialog.getByRole('note')).toContainText("Tours can't be booked online")
  await expect(dialog.getByRole('textbox')).toHaveCount(0)
  const refused = await page.request.post('/api/tours', {
    data: { property_id: home.id, visitor_name: 'Vera Visitor', visitor_email: 'vera@example.com', visitor_phone: '(555) 123-4567', scheduled_date: '2030-06-20', scheduled_time: '09:00', notes: '' },
  })
  expect(refused.status()).toBe(403)
  expect((await refused.json()).error.message).toBe('Tour scheduling is only available for premium properties. Contact the operator directly.')
})

test('browse premium operators, open a free profile, and message while signed out', async ({ page, make }) => {
  // Homes in a town no other test uses, so the directory's first page holds exactly these operators.
  const city = 'Marfa'
  const licensed = await make.premiumOperator({ first_name: 'Rosa', last_name: 'Alvarez' })
  await licensed.addHome({ name: `Sunrise House ${tag()}`, city, state: 'TX', zip: '79843' })
  const inProgress = await make.premiumOperator({ first_name: 'Marcus', last_name: 'Bell' }, { licensing_type: 'in_progress' })
  await inProgress.addHome({ name: `Harbor House ${tag()}`, city, state: 'TX', zip: '79843' })
  const { operator: free } = await freeOperatorWithHome(make, { city, zip: '79843' })
  const cards = page.getByTestId('operator-card')

  await page.goto(`/browse-operators?state=TX&city=${city}`)
  await expect(cards.filter({ hasText: licensed.organization })).toBeVisible()
  await expect(cards.filter({ hasText: inProgress.organization })).toBeVisible()
  await expect(page.getByText('Sign in to invite operators').first()).toBeVisible()
  // Only premium operators: the free one, with a home in the same town, is not listed.
  await expect(cards.filter({ hasText: free.organization })).toHaveCount(0)
  await page.getByLabel('State').fill('')
  await page.getByLabel('License Type').selectOption('in_progress')
  await page.getByRole('button', { name: 'Search Operators' }).click()
  await expect(page).toHaveURL(/license_type=in_progress/)
  await expect(cards.filter({ hasText: inProgress.organization })).toBeVisible()
  await expect(cards.filter({ hasText: licensed.organization })).toHaveCount(0)

  const views: string[] = []
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/views') && views.push(r.url()))
  await page.goto(`/operator/${free.username}`)
  await expect(page.getByRole('heading', { level: 1, name: free.organization })).toBeVisible()
  await expect(page.getByText('Family-Operated · 3yr')).toBeVisible()
  await expect(page.getByTestId('property-card')).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Invite to Referral' })).toHaveCount(0)
  await expect.poll(() => views.length).toBe(1)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Sign in required')).toBeVisible()
  await expect(page.getByText('Please sign in to message this operator')).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)
  expect(views).toHaveLength(1)

  // An unknown operator: a page not found at that address, with a 404 status.
  const unknown = await page.goto('/operator/nobody-by-this-name')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page).toHaveURL(/\/operator\/nobody-by-this-name$/)
})

test('invite a premium operator to a referral', async ({ make, premiumOperator }) => {
  const hawaii = { name: `Aloha House ${Date.now()}`, city: 'Honolulu', state: 'HI', zip: '96813' }
  await premiumOperator.addHome(hawaii)
  const referrer = await make.referrer({ first_name: 'Ivy', last_name: 'Inviter' })
  const page = referrer.page
  await page.goto(`/browse-operators?city=${encodeURIComponent(hawaii.city)}`)
  const card = page.getByTestId('operator-card').filter({ hasText: premiumOperator.organization })
  await card.getByRole('button', { name: 'Invite to Referral' }).click()
  const dialog = page.getByRole('dialog', { name: `Invite ${premiumOperator.organization} to a Referral` })
  await expect(dialog.getByText("You don't have any active referrals.")).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Submit a Referral' })).toBeVisible()

  await referrer.submitReferral({ first: 'Olive', last: 'Tester' })

  await page.reload()
  await card.getByRole('button', { name: 'Invite to Referral' }).click()
  await dialog.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(dialog.getByText('Please select a referral')).toBeVisible()
  await dialog.getByRole('radio', { name: /Olive Tester/ }).check()
  await dialog.getByLabel('Message (optional)').fill('Could you take her next month?')
  await dialog.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(page.getByText('Invitation Sent!')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  // Inviting again says so; the same dialog is reachable from a property card.
  await page.goto(`/browse?state=Hawaii&city=${encodeURIComponent(hawaii.city)}`)
  const homeCard = page.getByTestId('property-card').filter({ has: page.getByRole('heading', { name: hawaii.name }) })
  await homeCard.getByRole('button', { name: 'Invite to Your Referral' }).click()
  const again = page.getByRole('dialog', { name: /to a Referral$/ })
  await again.getByRole('radio', { name: /Olive Tester/ }).check()
  await again.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(page.getByText('Already Invited')).toBeVisible()
  await expect(page.getByText("You've already connected with this operator about this referral")).toBeVisible()
})

test('cards load the 400 px thumbnail lazily, with their size stated; on a property page only the main photo loads eagerly', async ({ page, make }) => {
  const operator = await make.premiumOperator({ first_name: 'Iris', last_name: 'Banda' })
  const name = `Photo Lane Home ${tag()}`
  const id = await operator.addHome({ name, city: 'Austin', state: 'TX', zip: '78705' })
  for (const n of [1, 2, 3]) {
    const file = { name: `home-${n}.webp`, mimeType: 'image/webp', buffer: fs.readFileSync(path.resolve(`server/seed/images/home-${n}.webp`)) }
    const res = await operator.page.request.post(`/api/my/properties/${id}/images`, { multipart: { files: file } })
    expect(res.status(), await res.text()).toBe(201)
  }

  await page.goto('/browse?zip=78705&radius=5')
  const card = page.getByTestId('property-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
  await expect(card).toBeVisible()
  // Every card's photo: lazy, its box stated (no layout shift when it arrives).
  const cardImages = page.getByTestId('property-card').locator('img')
  for (const img of await cardImages.all()) {
    await expect(img).toHaveAttribute('loading', 'lazy')
    await expect(img).toHaveAttribute('width', /\d+/)
    await expect(img).toHaveAttribute('height', /\d+/)
  }
  // This card's is the small size the server made (400 px wide), not the 1600 px photo.
  const photo = card.locator('img')
  await photo.scrollIntoViewIfNeeded()
  await expect.poll(() => photo.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(400)

  await card.getByRole('link', { name: 'View Details' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Show photo 3' })).toBeVisible()
  const images = page.locator('main img')
  const eager = images.and(page.locator('img:not([loading="lazy"])'))
  await expect(eager).toHaveCount(1)
  await expect(eager).toHaveAttribute('fetchpriority', 'high')
  await expect(eager).toHaveAttribute('alt', `${name}, 1 of 3`)
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('width', /\d+/)
    await expect(img).toHaveAttribute('height', /\d+/)
  }
})
