import type { Page } from '@playwright/test'
import { expect, test, unlockByApi } from './fixtures'

/**
 * A referral's whole life, each side on its own screens: the
 * referrer submits it through the form, the operator expresses interest,
 * unlocks it through the offline checkout and answers that the client moved
 * into one of their homes; the referrer opens the notification, sees that
 * answer and what it does to the fee on the referral's card, confirms, and
 * the fee held in escrow is released. And the other end of it: both sides
 * answer Not placed, each on their own card, and the fee is refunded at once.
 * At both widths.
 */

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click()

/** The operator's card of one referral on /browse-referrals, by the client's name as shown. */
const operatorCard = (page: Page, name: string) =>
  page.getByTestId('referral-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('submit, interest, unlock, both answers, fee released', async ({ referrer, premiumOperator }) => {
      const stamp = Date.now().toString(36)
      // The masked card shows initials only: each width's client has its own (and no other spec uses them).
      const first = `Odile${stamp.slice(-4)}`
      const last = width === 1280 ? 'Quist' : 'Yardley'
      await premiumOperator.addHome({ name: `Birch House ${stamp}`, city: 'Austin', state: 'TX', zip: '78704' })
      await premiumOperator.addHome({ name: `Willow House ${stamp}`, city: 'Austin', state: 'TX', zip: '78704' })

      // The referrer submits through the form.
      const family = referrer.page
      await family.goto('/submit-referral')
      await family.getByLabel('Your Role').selectOption('family')
      await next(family)
      await family.getByLabel('First Name').fill(first)
      await family.getByLabel('Last Name').fill(last)
      await family.getByLabel('Date of Birth').fill('1944-02-11')
      await family.getByLabel('Gender').selectOption('male')
      await family.getByLabel('Preferred State').selectOption('TX')
      await family.getByLabel('Preferred Cities').fill('Austin')
      for (let step = 3; step <= 6; step++) await next(family)
      await family.getByLabel('Monthly Budget').selectOption('$3,000-$4,000')
      await family.getByRole('button', { name: 'Submit Referral' }).click()
      await expect(family.getByText('Referral Submitted!')).toBeVisible()
      const card = family.getByRole('region', { name: `Referral for ${first} ${last}` })
      await expect(card.locator('[data-status]')).toHaveText(/^(Submitted|Sent to homes)$/)
      // Nothing to answer about a placement before a home paid to unlock it.
      await expect(card.getByRole('region', { name: 'Placement confirmation' })).toHaveCount(0)

      // The operator: interest, then the unlock through the offline checkout.
      const op = premiumOperator.page
      await op.goto('/browse-referrals')
      const masked = operatorCard(op, `O*** ${last[0]}***`)
      await masked.getByRole('button', { name: 'Express Interest' }).click()
      await expect(op.getByText('Interest expressed successfully!')).toBeVisible()
      await masked.getByRole('button', { name: 'Pay to Unlock ($500)' }).click()
      await expect(op).toHaveURL(/\/pay\/offline\/unlock\//)
      await op.getByRole('button', { name: 'Complete Payment' }).click()
      await expect(op).toHaveURL(/\/browse-referrals$/)
      const unlocked = operatorCard(op, `${first} ${last}`)
      await expect(unlocked.getByText('Unlocked', { exact: true })).toBeVisible()

      // The operator's answer: placed, at Willow House.
      const opPanel = unlocked.getByRole('region', { name: 'Placement confirmation' })
      await opPanel.getByLabel('Home where the client moved in').selectOption({ label: `Willow House ${stamp}` })
      await opPanel.getByRole('button', { name: 'Confirm Placement' }).click()
      const opDialog = op.getByRole('alertdialog', { name: 'Confirm the placement?' })
      await expect(opDialog).toContainText('When you and the referrer both confirm the placement, the $500 unlock fee held in escrow is released to the referrer.')
      await opDialog.getByRole('button', { name: 'Confirm Placement' }).click()
      await expect(op.getByText('Your answer was recorded. Waiting for the other side to confirm.')).toBeVisible()
      await expect(opPanel).toContainText(`Your answer:Placed at Willow House ${stamp}`)

      // The referrer: the notification opens the referral's card with the answer to give.
      await family.goto('/referrer-dashboard')
      await family.getByRole('button', { name: /^Notifications, \d+ unread/ }).click()
      await family.getByRole('button', { name: /The operator answered about the placement/ }).click()
      await expect(family).toHaveURL(/\/referrer-dashboard\?referral=/)
      const panel = card.getByRole('region', { name: 'Placement confirmation' })
      await expect(panel).toBeInViewport()
      await expect(panel).toContainText('$500 held until')
      await expect(panel).toContainText(`${premiumOperator.organization}:Placed at Willow House ${stamp}`)
      await expect(panel.getByRole('list', { name: 'What happens to the fee' })).toContainText(
        `When you and ${premiumOperator.organization} both confirm the placement, the $500 fee held in escrow is released to you.`,
      )
      await expect(panel.getByLabel('Home where the client moved in')).toHaveValue(/.+/)
      await panel.getByRole('button', { name: 'Confirm Placement' }).click()
      const dialog = family.getByRole('alertdialog', { name: 'Confirm the placement?' })
      await dialog.getByRole('button', { name: 'Confirm Placement' }).click()
      await expect(family.getByText('Placement confirmed. The fee held in escrow was released to you.')).toBeVisible()

      // Released: both sides see it, the referral is placed.
      await expect(panel).toHaveText('Released The $500 fee was released to you.')
      await expect(card.locator('[data-status]')).toHaveText('Placed')
      await expect(family.getByTestId('count-placed')).toHaveText('1')
      await op.getByRole('button', { name: /^Notifications, \d+ unread/ }).click()
      await expect(op.getByRole('region', { name: 'Notifications', exact: true })).toContainText('Placement confirmed (unread)The unlock fee held in escrow was released to the referrer.')
    })

    test('not placed: the operator says so on their card, the referrer answers from the notification, and the fee is refunded at once', async ({ referrer, premiumOperator }) => {
      const client = { first: 'Noor', last: `${width === 1280 ? 'Wide' : 'Narrow'}${Date.now().toString(36)}` }
      const referral = await referrer.submitReferral(client)
      await unlockByApi(premiumOperator, referral.id)
      const organization = premiumOperator.organization

      // The operator's answer: not placed, and what it does to the fee, in their terms.
      const op = premiumOperator.page
      await op.goto('/browse-referrals')
      const opPanel = operatorCard(op, `${client.first} ${client.last}`).getByRole('region', { name: 'Placement confirmation' })
      await opPanel.getByRole('button', { name: 'Not Placed' }).click()
      const opDialog = op.getByRole('alertdialog', { name: 'Confirm there was no placement?' })
      await expect(opDialog).toContainText(
        'When you and the referrer both say there was no placement, the $500 unlock fee is refunded to you at once and the referral opens to the next operator in line.',
      )
      await opDialog.getByRole('button', { name: 'Not Placed' }).click()
      await expect(op.getByText('Your answer was recorded. Waiting for the other side to confirm.')).toBeVisible()
      await expect(opPanel).toContainText('Your answer:Not placed')

      // The referrer: from the notification to the card, the operator's answer and what hers would do.
      const family = referrer.page
      await family.goto('/referrer-dashboard')
      await family.getByRole('button', { name: /^Notifications, \d+ unread/ }).click()
      await family.getByRole('button', { name: /The operator answered about the placement/ }).click()
      await expect(family).toHaveURL(/\/referrer-dashboard\?referral=/)
      const card = family.getByRole('region', { name: `Referral for ${client.first} ${client.last}` })
      const panel = card.getByRole('region', { name: 'Placement confirmation' })
      await expect(panel).toBeInViewport()
      await expect(panel).toContainText(`${organization}:Not placed`)
      const refundRule = `When you and ${organization} both say there was no placement, the $500 fee is refunded to ${organization} at once and your referral opens to the next home in line.`
      await expect(panel.getByRole('list', { name: 'What happens to the fee' })).toContainText(refundRule)
      await panel.getByRole('button', { name: 'Not Placed' }).click()
      const dialog = family.getByRole('alertdialog', { name: 'Confirm there was no placement?' })
      await expect(dialog).toContainText(refundRule)
      await dialog.getByRole('button', { name: 'Not Placed' }).click()
      await expect(family.getByText('Both sides confirmed there was no placement. The unlock fee was refunded.')).toBeVisible()

      // Refunded: the referrer's card says so, the operator is told, the referral stays open.
      await expect(panel).toHaveText(`Refunded The $500 fee was refunded to ${organization}. Your referral is open to other homes again.`)
      await expect(card.locator('[data-status]')).not.toHaveText('Placed')
      await op.getByRole('button', { name: /^Notifications, \d+ unread/ }).click()
      await expect(op.getByRole('region', { name: 'Notifications', exact: true })).toContainText('Unlock fee refunded (unread)The unlock fee you paid was refunded.')
    })
  })
}
