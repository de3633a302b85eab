import type { Page } from '@playwright/test'
import { expect, test, unlockByApi } from './fixtures'

/**
 * Going offline while sending (item 8): Submit Referral, Complete
 * Payment (the built-in checkout, for Premium and for an unlock) and Send (a
 * message). Each time the page says the connection dropped and that nothing
 * is lost, keeps what was entered, and sends it once when the connection
 * returns. At both widths.
 */

const NOTICE = 'Your connection dropped. Nothing you entered is lost: what you sent waits here and goes as soon as you are back online.'

/** Offline: the notice says so, on screen wherever the page is scrolled to (it sticks to the top). */
const goOffline = async (page: Page) => {
  await page.context().setOffline(true)
  await expect(page.getByTestId('offline-notice')).toHaveText(NOTICE)
  await expect(page.getByTestId('offline-notice')).toBeInViewport()
}

/** Back online: the notice goes. */
const goOnline = async (page: Page) => {
  await page.context().setOffline(false)
  await expect(page.getByTestId('offline-notice')).toHaveCount(0)
}

/** Counts the page's POST requests to addresses ending in `suffix`: sent, and answered. */
function countPosts(page: Page, suffix: string) {
  const counts = { sent: 0, answered: 0 }
  const ours = (r: { method: () => string; url: () => string }) => r.method() === 'POST' && r.url().endsWith(suffix)
  page.on('request', (r) => ours(r) && counts.sent++)
  page.on('requestfinished', (r) => ours(r) && counts.answered++)
  return counts
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('going offline while submitting a referral: the page says the connection dropped and nothing is lost; it is sent when the connection returns', async ({ referrer }) => {
      const page = referrer.page
      await page.goto('/submit-referral')
      await page.getByLabel('Your Role').selectOption('family')
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByLabel('First Name').fill('Hedda')
      await page.getByLabel('Last Name').fill('Ulrich')
      await page.getByLabel('Date of Birth').fill('1947-08-30')
      await page.getByLabel('Gender').selectOption('female')
      await page.getByLabel('Preferred State').selectOption('SD')
      for (let step = 3; step <= 6; step++) await page.getByRole('button', { name: 'Next' }).click()
      await page.getByLabel('Monthly Budget').selectOption('$2,000-$3,000')

      await goOffline(page)
      await page.getByRole('button', { name: 'Submit Referral' }).click()
      await expect(page.getByLabel('Monthly Budget')).toHaveValue('$2,000-$3,000')
      await goOnline(page)
      await expect(page.getByText('Referral Submitted!')).toBeVisible()
      await expect(page.getByRole('region', { name: 'Referral for Hedda Ulrich' })).toBeVisible()
    })

    test('going offline at Complete Payment (Premium, then an unlock) and at Send: each waits with the notice and goes once when the connection returns', async ({ referrer, make }) => {
      const client = { first: 'Zinnia', last: `Offlinehurst${Date.now().toString(36)}` }
      const referral = await referrer.submitReferral(client)
      const operator = await make.freeOperator(undefined, { licensing_type: 'licensed' })
      const page = operator.page

      // Premium through the built-in checkout, completed while offline.
      await page.goto('/operator-dashboard')
      await page.getByRole('button', { name: '30 Day Free Trial' }).click()
      await expect(page).toHaveURL(/\/pay\/offline\/subscription\//)
      await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeEnabled()
      const subscribing = countPosts(page, '/complete')
      await goOffline(page)
      await page.getByRole('button', { name: 'Complete Payment' }).click()
      await expect(page.getByRole('button', { name: 'Completing...' })).toBeDisabled()
      await expect(page.getByText('Failed to complete the payment')).toHaveCount(0)
      await goOnline(page)
      await expect(page.getByRole('heading', { name: 'Welcome to Premium!' })).toBeVisible()
      await expect.poll(() => ({ ...subscribing })).toEqual({ sent: 1, answered: 1 })

      // The unlock's checkout (interest and the checkout through the API), completed while offline.
      const checkout = await unlockByApi(operator, referral.id, { complete: false })
      await page.goto(checkout)
      // Offline from the page's first answer on: the checkout has loaded.
      await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeEnabled()
      const unlocking = countPosts(page, '/complete')
      await goOffline(page)
      await page.getByRole('button', { name: 'Complete Payment' }).click()
      await expect(page.getByRole('button', { name: 'Completing...' })).toBeDisabled()
      await goOnline(page)
      await expect(page).toHaveURL(/\/browse-referrals$/)
      const card = page.getByTestId('referral-card').filter({ has: page.getByRole('heading', { name: `${client.first} ${client.last}`, exact: true }) })
      await expect(card.getByText('Unlocked', { exact: true })).toBeVisible()
      await expect.poll(() => ({ ...unlocking })).toEqual({ sent: 1, answered: 1 })

      // A message sent while offline; Enter again while it waits sends nothing more; what is typed after it stays.
      await card.getByRole('link', { name: 'Message Referrer' }).click()
      const box = page.getByPlaceholder('Type your message...')
      await expect(box).toBeInViewport()
      const sending = countPosts(page, '/messages')
      const text = `We have a bed for Zinnia ${client.last}.`
      await box.fill(text)
      await goOffline(page)
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled()
      await box.press('Enter')
      await box.pressSequentially(' When')
      await expect(box).toHaveValue(`${text} When`)
      await goOnline(page)
      const conversation = page.getByRole('region', { name: /^Conversation with / })
      await expect(conversation.getByText(text, { exact: true })).toBeVisible()
      await expect(box).toHaveValue('When')
      await expect.poll(() => sending.answered).toBe(sending.sent)
      expect(sending.sent).toBe(1)
      await expect(conversation.getByText(text, { exact: true })).toHaveCount(1)
    })
  })
}
