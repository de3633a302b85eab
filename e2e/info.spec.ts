import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import type { PublicConfig } from '../client/src/lib/config'

const NO_RESULTS = 'No results found. Try a different search term.'

/** The toggle buttons of the guides listed in the active tab. */
const guideButtons = (page: Page) => page.getByRole('tabpanel').locator('li[data-guide] > h2 > button')

test.describe('help page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/help')
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible()
    await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible()
  })

  test('has the two tabs, For Operators first and selected', async ({ page }) => {
    await expect(page).toHaveTitle('Help Center · Homeward')
    const tabs = page.getByRole('tab')
    await expect(tabs).toHaveCount(2)
    await expect(tabs.nth(0)).toHaveText('For Operators')
    await expect(tabs.nth(1)).toHaveText('For Referrers')
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true')
    await expect(guideButtons(page)).toHaveCount(12)
    await expect(page.getByRole('button', { name: 'Getting started as an operator' })).toBeVisible()

    await tabs.nth(1).click()
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
    await expect(guideButtons(page)).toHaveCount(12)
    await expect(page.getByRole('button', { name: 'Getting started as a referrer' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Getting started as an operator' })).toHaveCount(0)
  })

  test('one guide is open at a time', async ({ page }) => {
    const plans = page.getByRole('button', { name: 'Subscription plans: Free and Premium' })
    const escrow = page.getByRole('button', { name: 'Unlock fees, payment and escrow' })
    await expect(plans).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('region', { name: 'Subscription plans: Free and Premium' })).toBeHidden()

    await plans.click()
    await expect(plans).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('region', { name: 'Subscription plans: Free and Premium' })).toContainText('Free ($0)')

    await escrow.click()
    await expect(escrow).toHaveAttribute('aria-expanded', 'true')
    await expect(plans).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('region', { name: 'Subscription plans: Free and Premium' })).toBeHidden()
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(1)

    // Clicking the open guide closes it.
    await escrow.click()
    await expect(escrow).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('tabpanel').locator('[aria-expanded="true"]')).toHaveCount(0)
  })

  test('guides state the numbers of the server configuration', async ({ page }) => {
    const config = (await (await page.request.get('/api/config')).json()) as PublicConfig
    await page.getByRole('button', { name: 'Unlock fees, payment and escrow' }).click()
    const escrow = page.getByRole('region', { name: 'Unlock fees, payment and escrow' })
    await expect(escrow).toContainText(`held in escrow for ${config.escrow_hold_hours} hours`)
    await expect(escrow).toContainText(config.unlock_fee_range)
    await page.getByRole('button', { name: 'The referral waitlist' }).click()
    await expect(page.getByRole('region', { name: 'The referral waitlist' })).toContainText(`${config.waitlist_notify_hours} hours to pay`)
    await page.getByRole('button', { name: 'Contacting support' }).click()
    const support = page.getByRole('region', { name: 'Contacting support' })
    await expect(support).toContainText(config.support_email)
    await expect(support).toContainText(config.support_hours)
    await expect(support).toContainText(`${config.response_targets.support_urgent_hours} hours`)
  })

  test('search matches titles', async ({ page }) => {
    await page.getByPlaceholder('Search help topics...').fill('Waitlist')
    // Title "The referral waitlist" plus guides that mention it in the body.
    await expect(page.getByRole('button', { name: 'The referral waitlist' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sharing documents' })).toHaveCount(0)
  })

  test('search matches the body of a guide', async ({ page }) => {
    // Only in the body of the documents guide, not in any title.
    await page.getByPlaceholder('Search help topics...').fill('un-signed')
    await expect(guideButtons(page)).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Sharing documents' })).toBeVisible()
  })

  test('search ignores case', async ({ page }) => {
    const search = page.getByPlaceholder('Search help topics...')
    await search.fill('QR CODE')
    const upper = await guideButtons(page).allTextContents()
    expect(upper.length).toBeGreaterThan(0)
    expect(upper).toContain('Optimizing your public profile')
    await search.fill('qr code')
    expect(await guideButtons(page).allTextContents()).toEqual(upper)
  })

  test('a whitespace-only query does not filter; no match shows the empty text', async ({ page }) => {
    const search = page.getByPlaceholder('Search help topics...')
    await search.fill('   ')
    await expect(guideButtons(page)).toHaveCount(12)
    await expect(page.getByText(NO_RESULTS)).toHaveCount(0)

    await search.fill('  zebra crossing  ')
    await expect(page.getByText(NO_RESULTS)).toBeVisible()
    await expect(guideButtons(page)).toHaveCount(0)
    await page.getByRole('tab', { name: 'For Referrers' }).click()
    await expect(page.getByText(NO_RESULTS)).toBeVisible()

    // Trimmed: surrounding spaces do not prevent a match.
    await search.fill('  privacy  ')
    await expect(page.getByRole('button', { name: 'Privacy and security' })).toBeVisible()
    await expect(page.getByText(NO_RESULTS)).toHaveCount(0)
  })

  test('search filters each tab independently', async ({ page }) => {
    await page.getByPlaceholder('Search help topics...').fill('Invite to Referral')
    await expect(page.getByText(NO_RESULTS)).toBeVisible()
    await page.getByRole('tab', { name: 'For Referrers' }).click()
    await expect(page.getByRole('button', { name: 'Inviting an operator to your referral' })).toBeVisible()
  })
})

test('/for-operators shows what operators get, plans, fees from configuration, FAQ and calls to action', async ({ page }) => {
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig
  await page.goto('/for-operators')
  await expect(page).toHaveTitle('For Operators · Homeward')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Fill your open beds')
  await expect(page.getByRole('heading', { name: 'What operators get' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Free or Premium' })).toBeVisible()
  await expect(page.getByText(`per month after a ${config.trial_days}-day free trial`, { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: config.unlock_fee_range })).toBeVisible()
  await expect(page.getByRole('heading', { name: `Held ${config.escrow_hold_hours} hours in escrow` })).toBeVisible()

  const faq = page.getByText('How long is my unlock fee held in escrow?')
  await faq.click()
  await expect(page.getByText(`${config.escrow_hold_hours} hours. If you and the referrer`)).toBeVisible()

  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing')
  await expect(main.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', /^\/auth/)
  await expect(main.getByRole('link', { name: 'Operator Login' })).toHaveAttribute('href', '/auth')
  await main.getByRole('link', { name: 'Get Started Free' }).click()
  await expect(page).toHaveURL(/\/auth/)
})

test('/how-it-works shows the five steps for referrers and operators with calls to action', async ({ page }) => {
  await page.goto('/how-it-works')
  await expect(page).toHaveTitle('How It Works · Homeward')
  await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible()
  const steps = page.getByRole('main').getByRole('listitem')
  await expect(steps).toHaveCount(5)
  const titles = ['Submit a referral', 'Get matches', 'Connect and message', 'Schedule tours', 'Finalize placement']
  for (const [i, title] of titles.entries()) {
    const step = steps.nth(i)
    await expect(step.getByRole('heading', { level: 2 })).toHaveText(`Step ${i + 1}: ${title}`)
    await expect(step.getByRole('heading', { name: 'For referrers' })).toBeVisible()
    await expect(step.getByRole('heading', { name: 'For operators' })).toBeVisible()
  }
  const config = (await (await page.request.get('/api/config')).json()) as PublicConfig
  await expect(steps.nth(2)).toContainText(config.unlock_fee_range)
  await expect(steps.nth(4)).toContainText(`${config.escrow_hold_hours} hours`)

  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Submit a Referral' })).toHaveAttribute('href', '/submit-referral')
  await expect(main.getByRole('link', { name: 'Browse Homes' })).toHaveAttribute('href', '/browse')
  await expect(main.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', /^\/auth/)
  await main.getByRole('link', { name: 'Learn More' }).click()
  await expect(page).toHaveURL(/\/for-operators$/)
})
