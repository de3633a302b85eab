import fs from 'node:fs'
import path from 'node:path'
import type { Locator } from '@playwright/test'
import { expect, test, unlockByApi } from './fixtures'

/**
 * What operators and admins trip over: the escrow table's answers
 * and its phone view, revoking Premium, photos past the free plan's limit, a
 * tab link landing on its tab, the dashboard's tabs whose labels wrap on a
 * phone. The referrer's Close and Cancel buttons: e2e/ux-referrer.spec.ts.
 */

const tag = () => Math.random().toString(36).slice(2, 7)
const photo = (n: number) => ({ name: `home-${n}.webp`, mimeType: 'image/webp', buffer: fs.readFileSync(path.resolve(`server/seed/images/home-${n}.webp`)) })

/** The element's content fits in its box: a label that wraps grows its button rather than spilling out of it. */
const fitsItsBox = (locator: Locator) => locator.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)

for (const width of [1280, 375] as const) {
  test(`${width}: the escrow tab shows what each side answered, with the amount and the actions on screen`, async ({ admin, premiumOperator, referrer }) => {
    const referral = await referrer.submitReferral({ first: 'Edna', last: `Escrowby${tag()}` })
    await unlockByApi(premiumOperator, referral.id)
    const answered = await referrer.page.request.post(`/api/referrals/${referral.id}/placement`, { data: { placed: true } })
    expect(answered.status(), await answered.text()).toBe(200)

    const page = admin.page
    await page.setViewportSize({ width, height: 800 })
    const held = (await (await page.request.get('/api/admin/escrow')).json()) as { items: { id: string; referral_id: string }[] }
    const payment = held.items.find((p) => p.referral_id === referral.id)!
    await page.goto('/admin?tab=escrow')
    const item = page.getByTestId(`escrow-${payment.id}`)
    await expect(item).toContainText(premiumOperator.organization)
    const answers = item.getByLabel('Placement answers')
    await expect(answers).toContainText('Referrer:Placed')
    await expect(answers).toContainText('Operator:No answer yet')
    await item.scrollIntoViewIfNeeded()
    await expect(item.getByText('$500')).toBeInViewport()
    const release = item.getByRole('button', { name: 'Release to referrer' })
    await expect(release).toBeInViewport()
    await expect(item.getByRole('button', { name: 'Refund operator' })).toBeInViewport()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    // The actions work from here: refund with a reason.
    await item.getByRole('button', { name: 'Refund operator' }).click()
    const dialog = page.getByRole('dialog', { name: 'Refund operator' })
    await dialog.getByLabel(/^Reason/).fill('The operator says the client went elsewhere')
    await dialog.getByRole('button', { name: 'Refund operator' }).click()
    await expect(item).toHaveCount(0)
  })
}

test('375: revoking complimentary Premium asks first, and Cancel leaves it granted', async ({ admin, make }) => {
  const operator = await make.freeOperator()
  const page = admin.page
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/admin?tab=subscriptions')
  await page.getByLabel('Operator email').fill(operator.email)
  await page.getByRole('button', { name: 'Grant Premium' }).click()
  await expect(page.getByText(`Premium access granted to ${operator.email}`)).toBeVisible()

  await page.getByLabel('Operator email').fill(operator.email)
  await page.getByRole('button', { name: 'Revoke', exact: true }).click()
  const ask = page.getByRole('alertdialog', { name: 'Revoke complimentary Premium?' })
  await expect(ask).toContainText(`${operator.email} loses Premium now`)
  await ask.getByRole('button', { name: 'Cancel' }).click()
  await expect(ask).toHaveCount(0)
  const me = async () => ((await (await operator.page.request.get('/api/me')).json()) as { subscription: { subscribed: boolean } }).subscription
  expect((await me()).subscribed).toBe(true)

  await page.getByRole('button', { name: 'Revoke', exact: true }).click()
  await ask.getByRole('button', { name: 'Revoke Premium' }).click()
  await expect(page.getByText(`Complimentary access revoked for ${operator.email}`)).toBeVisible()
  await expect.poll(async () => (await me()).subscribed).toBe(false)
})

test('1280: three photos on the free plan with one slot: the first is added, the others are named with the reason', async ({ make }) => {
  const operator = await make.freeOperator()
  const name = `One Photo Home ${tag()}`
  await operator.addHome({ name, city: 'Austin', state: 'TX', zip: '78704' })
  const page = operator.page
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/operator-dashboard')
  const home = page.getByLabel(name, { exact: true })
  await home.getByRole('tab', { name: /Images/ }).click()
  await home.getByLabel(`Upload photos for ${name}`).setInputFiles([photo(1), photo(2), photo(3)])
  await expect(page.getByText('Upload successful')).toBeVisible()
  await expect(home.getByTestId('photo-count')).toContainText('1 of 1 photo (free plan).')
  await expect(home.getByRole('img', { name: `${name}, 1 of 1` })).toBeVisible()
  const left = home.getByRole('status').filter({ hasText: 'files were not added' })
  await expect(left).toContainText('2 files were not added')
  await expect(left).toContainText('home-2.webp, home-3.webp: The free plan includes 1 photo per property. Upgrade to Premium for up to 10 photos.')
  // The way to the rest: Premium.
  await left.getByRole('button', { name: 'Upgrade to Premium' }).click()
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toContainText('Up to 10 photos and 3 videos per property')
})

test.describe('375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test("Message Referrer lands on the conversation's message box; every dashboard tab is on screen", async ({ premiumOperator, referrer }) => {
    const referral = await referrer.submitReferral({ first: 'Mabel', last: `Messageworth${tag()}` })
    await unlockByApi(premiumOperator, referral.id)
    const page = premiumOperator.page
    // Where a card's Message Referrer link goes.
    await page.goto(`/operator-dashboard?tab=messages&referral=${referral.id}`)
    const box = page.getByPlaceholder('Type your message...')
    await expect(box).toBeInViewport()
    await box.fill('Hello, we have a bed for Mabel.')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByRole('region', { name: /^Conversation with / }).getByText('Hello, we have a bed for Mabel.')).toBeVisible()

    // The tab strip wraps rather than cutting the last tabs off the screen.
    const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab')
    await expect(tabs).toHaveCount(7)
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(375)
      expect(await fitsItsBox(tab)).toBe(true)
    }
    // A quick action lands on its tab too.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'View Tours' }).click()
    await expect(page.getByRole('tab', { name: 'Tour Schedules' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tab', { name: 'Tour Schedules' })).toBeInViewport()
  })
})
