import { expect, newPage, test, unlockByApi } from './fixtures'

/**
 * The referrer learns she may be paid where she decides (the information
 * pages, sign-up, the referral form), with the line for staff about their
 * organization's policy; at confirmation she declines the payment, and the fee
 * goes back to the home, recorded as a refund. At both widths.
 */
const POLICY = "Hospital, agency and other staff: check your organization's policy on referral payments before accepting one."

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('told before deciding (how it works, pricing, help, sign-up, the referral form); at confirmation she declines the payment and the fee goes back to the home', async ({ browser, referrer, premiumOperator }) => {
      const visitor = await newPage(browser)
      await visitor.setViewportSize({ width, height: 900 })
      const paid = /if your client is placed there and you both confirm it, the fee is paid to you/
      await visitor.goto('/how-it-works')
      await expect(visitor.getByText(paid).first()).toBeVisible()
      await expect(visitor.getByText(POLICY, { exact: false }).first()).toBeVisible()
      await visitor.goto('/pricing')
      await visitor.getByText('Do referrers pay anything?').click()
      await expect(visitor.getByText(paid)).toBeVisible()
      await expect(visitor.getByText(paid)).toContainText(POLICY)
      await visitor.goto('/help')
      await visitor.getByRole('tab', { name: 'For Referrers' }).click()
      await expect(visitor.getByRole('tabpanel', { name: 'For Referrers' })).toContainText(`Referral payments${'Homeward is free for referrers.'}`)
      await expect(visitor.getByRole('tabpanel', { name: 'For Referrers' })).toContainText(POLICY)
      await visitor.goto('/auth?mode=signup&as=referrer')
      const note = visitor.getByRole('note', { name: 'Referral payments' })
      await expect(note).toContainText('Homeward is free for referrers.')
      await expect(note).toContainText('You can decline the payment when you confirm the placement: the fee then goes back to the home.')
      await expect(note).toContainText(POLICY)
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await visitor.context().close()

      const page = referrer.page
      await page.goto('/submit-referral')
      await expect(page.getByRole('note', { name: 'Referral payments' })).toContainText(POLICY)

      // She confirms the placement and declines the payment; the home confirms too.
      const referral = await referrer.submitReferral({ first: 'Greta', last: width === 1280 ? 'Quell' : 'Yarrow' }, { state: 'NE', city: 'Lincoln' })
      await unlockByApi(premiumOperator, referral.id)
      await page.goto('/referrer-dashboard')
      const card = page.getByRole('region', { name: `Referral for ${referral.client.first} ${referral.client.last}` })
      const panel = card.getByRole('region', { name: 'Placement confirmation' })
      await panel.getByRole('checkbox', { name: /Decline the payment/ }).check()
      await expect(panel.getByRole('list', { name: 'What happens to the fee' })).toContainText(
        `When you and ${premiumOperator.organization} both confirm the placement, the $500 fee held in escrow goes back to ${premiumOperator.organization}: you declined the payment.`,
      )
      await panel.getByRole('button', { name: 'Confirm Placement' }).click()
      await page.getByRole('alertdialog', { name: 'Confirm the placement?' }).getByRole('button', { name: 'Confirm Placement' }).click()
      await expect(page.getByText('Your answer was recorded. Waiting for the other side to confirm.')).toBeVisible()
      const theirs = await premiumOperator.page.request.post(`/api/referrals/${referral.id}/placement`, { data: { placed: true } })
      expect(theirs.status(), await theirs.text()).toBe(200)
      expect((await theirs.json()).outcome).toBe('declined')
      await page.reload()
      await expect(panel).toHaveText(`Refunded Placed. You declined the payment: the $500 fee went back to ${premiumOperator.organization}.`)
      await expect(card.locator('[data-status]')).toHaveText('Placed')
    })
  })
}
