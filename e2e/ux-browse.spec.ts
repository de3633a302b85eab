import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * What a visitor trips over on the public pages: the search and its
 * results at 375 and 1280 px, the way back from a home to the search, a home's
 * Schedule Tour on a phone, long names, what the public sees of an operator's
 * plan, an unknown operator's address, and the home page's sign-up.
 */

const tag = () => Math.random().toString(36).slice(2, 7)
const WIDTHS = [1280, 375] as const

/** The page is no wider than the window: nothing makes a phone scroll sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('an empty radius offers the next one; homes of unknown distance stay in the state searched; an unknown ZIP is said once; Back to Browse returns to the search', async ({ page, make }) => {
      const operator = await make.premiumOperator()
      const city = `Quillmoor ${tag()}`
      // Rockford IL is 81.8 miles from Chicago's 60601; the Texas home has no map position (00000 is no one's ZIP).
      const rockford = `Rock River House ${tag()}`
      await operator.addHome({ name: rockford, city, state: 'IL', zip: '61101' })
      const texan = `Lone Star Cottage ${tag()}`
      await operator.addHome({ name: texan, city, state: 'TX', zip: '00000' })

      await page.goto('/browse')
      await page.getByLabel('City').fill(city)
      await page.getByLabel('ZIP Code').fill('60601')
      await page.getByRole('button', { name: 'Search' }).click()
      await expect(page.getByText('Searching within 50 miles of 60601')).toBeVisible()
      // Nothing within 50 miles, and the Texas home is not offered as "distance unknown" to Chicago.
      await expect(page.getByText('No homes within 50 miles of 60601.')).toBeVisible()
      await expect(page.getByRole('region', { name: /Distance unknown/ })).toHaveCount(0)
      await expect(page.getByText(texan)).toHaveCount(0)
      // The next radius, one click away.
      const wider = page.getByRole('button', { name: 'Search 100 miles' })
      await expect(wider).toBeInViewport()
      await wider.click()
      await expect(page).toHaveURL(/radius=100/)
      await expect(page.getByText('Searching within 100 miles of 60601')).toBeVisible()
      const card = page.getByTestId('property-card').filter({ hasText: rockford })
      await expect(card).toContainText('81.8 mi')
      await expect(page.getByTestId('property-card')).toHaveCount(1)
      await expect(page.getByLabel('Radius')).toHaveValue('100')

      // The home, and back to this very search (ZIP, radius, city), not to an empty /browse.
      await card.getByRole('link', { name: 'View Details' }).click()
      await expect(page.getByRole('heading', { level: 1, name: rockford })).toBeVisible()
      await page.getByRole('link', { name: 'Back to Browse' }).click()
      await expect(page).toHaveURL(/\/browse\?/)
      const back = new URL(page.url()).searchParams
      expect(Object.fromEntries(back)).toMatchObject({ city, zip: '60601', radius: '100' })
      await expect(page.getByLabel('ZIP Code')).toHaveValue('60601')
      await expect(page.getByTestId('property-card').filter({ hasText: rockford })).toBeVisible()

      // An unknown ZIP: one message, at the field; the results say nothing that contradicts it.
      await page.getByLabel('ZIP Code').fill('99999')
      await page.getByRole('button', { name: 'Search' }).click()
      await expect(page.getByLabel('ZIP Code')).toHaveAccessibleDescription('Invalid ZIP Code: Could not find location for the provided ZIP code')
      await expect(page.getByText('No properties available at this time. Try adjusting your search filters.')).toHaveCount(0)
      await expect(page.getByText(/^No homes within/)).toHaveCount(0)
      await expect(page.getByTestId('property-card')).toHaveCount(0)
      expect(await pageWidth(page)).toBeLessThanOrEqual(width)
    })

    test("a long operator name and a long home name wrap on the home's page and the profile; the home's Schedule Tour is near the top", async ({ page, make }) => {
      const longWord = `Sunnybrookmeadowsresidentialcarehomesincorporated${tag()}`
      const operator = await make.premiumOperator()
      const saved = await operator.page.request.patch('/api/my/profile', { data: { organization_name: longWord } })
      expect(saved.status(), await saved.text()).toBe(200)
      const name = `Hillcrestgardensassistedlivingresidence${tag()} House`
      const id = await operator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' })

      await page.goto(`/property/${id}`)
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(page.getByRole('link', { name: longWord })).toBeVisible()
      expect(await pageWidth(page)).toBeLessThanOrEqual(width)
      // Schedule Tour is on screen as the page opens, not a long way down; it opens the tour form.
      const schedule = page.getByRole('button', { name: 'Schedule Tour' })
      await expect(schedule).toBeInViewport()
      await schedule.click()
      await expect(page.getByRole('dialog', { name: 'Schedule a Tour' })).toBeVisible()
      await page.keyboard.press('Escape')

      await page.getByRole('link', { name: longWord }).click()
      await expect(page.getByRole('heading', { level: 1, name: longWord })).toBeVisible()
      expect(await pageWidth(page)).toBeLessThanOrEqual(width)
    })
  })
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('after Search the results come into view; the map toggle keeps its place and shows the map', async ({ page, make }) => {
    const operator = await make.premiumOperator()
    const city = `Brindle ${tag()}`
    const name = `Brindle Oaks ${tag()}`
    await operator.addHome({ name, city, state: 'TX', zip: '78704' })

    await page.goto('/browse')
    await page.getByLabel('City').fill(city)
    await page.getByLabel('ZIP Code').fill('78704')
    const search = page.getByRole('button', { name: 'Search' })
    await search.scrollIntoViewIfNeeded()
    await search.click()
    // The results, not the form, are what the screen shows once they are in.
    await expect(page.getByTestId('results-count')).toHaveText('1 home found')
    await expect(page.getByTestId('results-count')).toBeInViewport()
    await expect(page.getByTestId('property-card').filter({ hasText: name })).toBeInViewport({ ratio: 0.2 })

    await page.getByRole('button', { name: 'Map' }).click()
    await expect(page).toHaveURL(/view=map/)
    const map = page.getByRole('group', { name: 'Map of 1 home' })
    await expect(map).toBeInViewport({ ratio: 0.5 })
    await expect(page.getByRole('button', { name: 'Map' })).toBeInViewport()
  })
})

for (const width of WIDTHS) {
  test(`${width}: the public profile and home page of a complimentary Premium operator say Premium, never how it is paid for`, async ({ page, make }) => {
    const operator = await make.freeOperator()
    const admin = await make.admin()
    const granted = await admin.page.request.post('/api/admin/subscriptions/complimentary', { data: { email: operator.email, grant: true } })
    expect(granted.status(), await granted.text()).toBe(200)
    const id = await operator.addHome({ name: `Gift House ${tag()}`, city: 'Austin', state: 'TX', zip: '78704' })

    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/operator/${operator.username}`)
    await expect(page.getByRole('heading', { level: 1, name: operator.organization })).toBeVisible()
    await expect(page.getByText('Premium', { exact: true }).first()).toBeVisible()
    await expect(page.getByText(/complimentary/i)).toHaveCount(0)
    await page.goto(`/property/${id}`)
    await expect(page.getByText('Premium', { exact: true }).first()).toBeVisible()
    await expect(page.getByText(/complimentary/i)).toHaveCount(0)
  })

  test(`${width}: an unknown operator's address is a page not found there, with a 404 status`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    const res = await page.goto(`/operator/nobody-${tag()}`)
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
    await expect(page.getByText('Oops! Page not found')).toBeVisible()
    await expect(page).toHaveURL(/\/operator\/nobody-/)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  })

  test(`${width}: a long last name is refused with its limit`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/auth?mode=signup')
    await page.getByLabel('Last name').fill('x'.repeat(51))
    await page.getByLabel('Last name').blur()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page.getByText('Last name is too long (at most 50 characters)')).toBeVisible()
  })
}

test('1280: the home page\'s "Get Started Free" for operators opens Sign Up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await page.getByRole('link', { name: 'Get Started Free' }).click()
  await expect(page).toHaveURL(/\/auth\?mode=signup/)
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true')
})

