import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * The public pages arrive rendered by the server (server/ssr, ADR 027): a
 * client without JavaScript reads their content and head tags; a browser
 * hydrates them with no mismatch and without asking again for the answers the
 * page carries.
 */

const tag = () => Math.random().toString(36).slice(2, 7)

/** Errors and hydration warnings the page logs; a 404 page's own status line is not one. */
function consoleProblems(page: Page) {
  const problems: string[] = []
  const onConsole = (message: ConsoleMessage) => {
    const text = message.text()
    // The not-found page logs the path it was asked for (NotFoundPage), as it did before.
    if (message.type() === 'error' && !/status of 404|non-existent route/.test(text)) problems.push(text)
    if (message.type() === 'warning' && /hydrat|did not match|server rendered/i.test(text)) problems.push(text)
  }
  page.on('console', onConsole)
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

/** The API calls the page makes for listing data (the search, a home, a profile, the directory). */
function listingCalls(page: Page) {
  const calls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (/^\/api\/(properties|operators)(\/|$)/.test(url.pathname) && request.method() === 'GET') calls.push(url.pathname + url.search)
  })
  return calls
}

for (const width of [1280, 375]) test(`every public page hydrates its server-rendered HTML without a mismatch and asks nothing again (${width} px)`, async ({ page, make }) => {
  await page.setViewportSize({ width, height: 900 })
  const operator = await make.premiumOperator({ first_name: 'Rosa', last_name: 'Imani' })
  const name = `Willow Court ${tag()}`
  const id = await operator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' }, { total_beds: 5, available_beds: 2, monthly_fee: 3100 })
  const pages: [string, string | RegExp][] = [
    ['/', /.+/],
    ['/browse?zip=78704&radius=25', 'Browse Group Homes'],
    [`/property/${id}`, name],
    [`/operator/${operator.username}`, operator.organization],
    ['/browse-operators', 'Browse Premium Operators'],
    ['/pricing', 'Operator Subscription Pricing'],
    ['/how-it-works', 'How It Works'],
    ['/for-operators', /.+/],
    ['/help', 'Help Center'],
    ['/no-such-page', '404'],
  ]
  const problems = consoleProblems(page)
  const calls = listingCalls(page)
  for (const [path, heading] of pages) {
    await page.goto(path)
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible()
  }
  // The page's answers came with its HTML (the operator profile records a view with a POST, not a read).
  expect(calls).toEqual([])
  expect(problems).toEqual([])

  // Still a live app after hydration: a client-side navigation fetches what the next page needs.
  await page.goto(`/operator/${operator.username}`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByRole('link', { name: 'View Details' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  expect(problems).toEqual([])
})

test('a signed-in visitor gets the public HTML, then their own header once hydrated, without a mismatch', async ({ make }) => {
  const operator = await make.premiumOperator()
  const name = `Cedar House ${tag()}`
  const id = await operator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' })
  const { page } = operator
  const problems = consoleProblems(page)
  const html = await (await page.request.get(`/property/${id}`)).text()
  // Rendered as a visitor: the account's name is nowhere in it.
  expect(html).toContain(name)
  expect(html).not.toContain(operator.email)
  await page.goto(`/property/${id}`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await expect(page.getByRole('link', { name: 'Operator Dashboard' }).first()).toBeAttached()
  expect(problems).toEqual([])
})

test('without JavaScript a page shows its content, title and preview', async ({ browser, make, baseURL }) => {
  const operator = await make.freeOperator()
  const name = `Birch Lane ${tag()}`
  const id = await operator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' }, { total_beds: 3, available_beds: 1, monthly_fee: 2500 })
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto(`/property/${id}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page).toHaveTitle(`${name}, group home in Austin, TX · Homeward`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+/property/${id}$`))
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${name}, group home in Austin, TX · Homeward`)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /2 beds? available|1 bed available of 3/)
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
  expect(jsonLd).toMatchObject({ '@type': 'LodgingBusiness', name, address: { addressLocality: 'Austin', addressRegion: 'TX' } })
  await page.goto('/browse?zip=78704&radius=25')
  await expect(page.getByTestId('property-card').first()).toBeVisible()
  await context.close()
})

for (const width of [1280, 375]) test(`what a visitor types into a rendered form before it hydrates is kept (${width} px)`, async ({ page, make }) => {
  await page.setViewportSize({ width, height: 900 })
  const operator = await make.premiumOperator()
  const city = `Tern Harbor ${tag()}`
  const name = `Heron House ${tag()}`
  await operator.addHome({ name, city, state: 'TX', zip: '78704' })
  // The page's scripts are held back until the visitor has typed: the form is the server's HTML only.
  let release!: () => void
  const typed = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await typed
    await route.continue()
  })
  // Not 'domcontentloaded': module scripts delay it, and they are held.
  await page.goto('/browse', { waitUntil: 'commit' })
  await page.getByLabel('City').fill(city)
  await expect(page.locator('html[data-hydrated="true"]')).not.toBeAttached()
  release()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  // A field typed after hydration renders the form again: the city typed before must still be there.
  await page.getByLabel('State').fill('TX')
  await expect(page.getByLabel('City')).toHaveValue(city)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`city=${encodeURIComponent(city).replace(/%20/g, '\\+')}`))
  await expect(page.getByTestId('property-card').filter({ hasText: name })).toBeVisible()
  await expect(page.getByTestId('property-card')).toHaveCount(1)
})
