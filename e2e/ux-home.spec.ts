import { expect, test } from './fixtures'

/**
 * Finding homes from a home's page: its nearby homes (rendered on the
 * server too), Back to Browse from a shared link (the homes around it) and
 * from a search (that search), and signing in from it coming back to it,
 * never to another site. Homes in Cheyenne (82001), where no other spec
 * lists any.
 */
test("a home's page: nearby homes, Back to Browse around it or to the search, signing in returns to it", async ({ page, premiumOperator, referrer }) => {
  const tag = Math.random().toString(36).slice(2, 7)
  const home = (name: string) => premiumOperator.addHome({ name: `${name} ${tag}`, city: 'Cheyenne', state: 'WY', zip: '82001' })
  const aspen = await home('Aspen House')
  await home('Birch House')
  await home('Cedar House')

  // The server's HTML already lists the nearby homes (no script needed).
  const html = await (await page.request.get(`/property/${aspen}`)).text()
  expect(html).toContain('Nearby homes')
  expect(html).toContain(`Birch House ${tag}`)

  // Arriving from a shared link at 1280 px: the nearby homes, with distance; Back to Browse opens the homes around it.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/property/${aspen}`)
  const nearby = page.getByRole('list', { name: 'Nearby homes' })
  await expect(nearby.getByRole('link', { name: `Birch House ${tag}` })).toBeVisible()
  await expect(nearby.getByRole('link', { name: `Cedar House ${tag}` })).toBeVisible()
  await expect(nearby.getByRole('link', { name: `Aspen House ${tag}` })).toHaveCount(0)
  await expect(nearby.getByText('0.0 mi away').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/browse?zip=82001')
  await page.getByRole('link', { name: 'Back to Browse' }).click()
  await expect(page).toHaveURL(/\/browse\?zip=82001$/)
  await expect(page.getByRole('heading', { name: `Aspen House ${tag}` })).toBeVisible()

  // From a search: back to exactly that search.
  await page.goto('/browse?zip=82001&radius=25')
  await page.getByTestId('property-card').filter({ hasText: `Aspen House ${tag}` }).getByRole('link', { name: 'View Details' }).click()
  await expect(page).toHaveURL(new RegExp(`/property/${aspen}$`))
  await expect(page.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute('href', '/browse?zip=82001&radius=25')

  // Signing in from the home's page comes back to it.
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Fproperty%2F${aspen}$`))
  await page.getByLabel('Email').fill(referrer.email)
  await page.getByLabel('Password').fill(referrer.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(new RegExp(`/property/${aspen}$`))
  await expect(page.getByRole('heading', { level: 1, name: `Aspen House ${tag}` })).toBeVisible()

  // Another site is never a destination: a signed-in visitor to /auth goes to her dashboard on this site instead.
  const here = new URL(page.url()).origin
  for (const away of ['//evil.example', 'https://evil.example']) {
    await page.goto(`/auth?redirect=${encodeURIComponent(away)}`)
    await expect(page).toHaveURL(/\/(operator|referrer)-dashboard$/)
    expect(new URL(page.url()).origin).toBe(here)
  }

  // At 375 px the nearby homes fit the screen.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto(`/property/${aspen}`)
  await expect(page.getByRole('list', { name: 'Nearby homes' }).getByRole('link', { name: `Cedar House ${tag}` })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})

/**
 * The shortlist: a visitor saves two homes (kept in the browser), compares
 * them side by side at 1280 px and stacked at 375 px, then signs in and
 * saves them to the account, where they stay.
 */
test('shortlist: save homes, compare side by side and stacked, keep them on the account after signing in', async ({ page, premiumOperator, referrer }) => {
  const tag = Math.random().toString(36).slice(2, 7)
  const dogwood = await premiumOperator.addHome(
    { name: `Dogwood Place ${tag}`, city: 'Laramie', state: 'WY', zip: '82070' },
    { care_levels: ['assisted', 'skilled'], funding_accepted: ['medicaid_waiver'], monthly_fee: 4100 },
  )
  const elm = await premiumOperator.addHome({ name: `Elm Cottage ${tag}`, city: 'Laramie', state: 'WY', zip: '82070' }, { care_levels: ['independent'], funding_accepted: ['private_pay', 'va'] })

  await page.setViewportSize({ width: 1280, height: 900 })
  for (const id of [dogwood, elm]) {
    await page.goto(`/property/${id}`)
    await page.getByRole('button', { name: 'Save to shortlist' }).click()
    await expect(page.getByRole('button', { name: 'On your shortlist (remove)' })).toBeVisible()
  }
  await page.getByRole('link', { name: 'Compare shortlist (2)' }).click()
  await expect(page).toHaveURL(/\/compare$/)
  await expect(page.getByText('Kept in this browser. Sign in to keep your shortlist on your account.')).toBeVisible()
  const first = page.getByTestId(`compare-${dogwood}`)
  const second = page.getByTestId(`compare-${elm}`)
  await expect(first).toContainText('Assisted, Skilled / 24-7')
  await expect(first).toContainText('Medicaid / waiver')
  await expect(first).toContainText('$4,100')
  await expect(first).toContainText('3 of 6')
  await expect(first).toContainText('Laramie, WY 82070')
  await expect(first).toContainText('No reviews yet')
  await expect(second).toContainText('Private pay, VA benefits')
  // Side by side at 1280 px: the two columns share a row.
  const [a, b] = [await first.boundingBox(), await second.boundingBox()]
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2)
  expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1)
  // Stacked at 375 px, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 })
  await expect.poll(async () => (await second.boundingBox())!.y).toBeGreaterThan((await first.boundingBox())!.y + (await first.boundingBox())!.height - 1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  // Signing in: the browser's list is offered to the account, then kept there.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/auth?redirect=%2Fcompare')
  await page.getByLabel('Email').fill(referrer.email)
  await page.getByLabel('Password').fill(referrer.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/compare$/)
  await page.getByRole('button', { name: 'Save them to your account' }).click()
  await expect(page.getByText('Your shortlist is saved to your account.')).toBeVisible()
  await expect(page.getByTestId(`compare-${elm}`)).toContainText('Private pay, VA benefits')
  const saved = (await (await page.request.get('/api/my/shortlist')).json()) as { items: { property_id: string }[] }
  expect(saved.items.map((i) => i.property_id)).toEqual([dogwood, elm])
})
