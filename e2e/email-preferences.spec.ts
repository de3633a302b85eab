import { emailTo, expect, newPage, test, unlockByApi } from './fixtures'

/**
 * The e-mails that need a person (a placement answer, messages, the hold
 * ending) can be turned off: from the unsubscribe link in such an e-mail,
 * signed out, in one click, and per kind on the account page. The placement
 * e-mail's answer link answers in one click, signed out. At both widths.
 */
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test("the home's answer e-mails the referrer; its unsubscribe link turns that kind off and its answer link answers, signed out; the account page shows it and turns kinds on and off", async ({ browser, referrer, premiumOperator }) => {
      const referral = await referrer.submitReferral({ first: 'Ida', last: width === 1280 ? 'Marsh' : 'Quinby' }, { state: 'NE', city: 'Omaha' })
      await unlockByApi(premiumOperator, referral.id)
      const answer = await premiumOperator.page.request.post(`/api/referrals/${referral.id}/placement`, { data: { placed: true } })
      expect(answer.status(), await answer.text()).toBe(200)
      const mail = await emailTo(referrer.email, 'placement_answer_needed')
      const token = /\/unsubscribe\?token=([a-z2-7]+)/.exec(mail)![1]

      const visitor = await newPage(browser)
      await visitor.setViewportSize({ width, height: 900 })
      await visitor.goto(`/unsubscribe?token=${token}`)
      await visitor.getByRole('button', { name: 'Unsubscribe' }).click()
      await expect(visitor.getByRole('status')).toHaveText(
        'You will no longer get e-mails about: Placement answer needed. You can turn them back on from your account page.',
      )
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

      // The e-mail's one-click answer, signed out: the same rule as the dashboard's decides the escrow.
      const answerToken = /\/answer-placement\?token=([a-z2-7]+)/.exec(mail)![1]
      await visitor.goto(`/answer-placement?token=${answerToken}`)
      await expect(visitor.getByText('The operator said the client was placed. Was the client placed?')).toBeVisible()
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await visitor.getByRole('button', { name: 'Yes, the client was placed' }).click()
      await expect(visitor.getByRole('status')).toHaveText('Both sides confirmed the placement: the fee held in escrow was released to the referrer.')
      await visitor.reload()
      await expect(visitor.getByRole('alert')).toContainText('This answer link has already been used.')
      await visitor.context().close()

      const page = referrer.page
      await page.goto('/account')
      const mails = page.getByRole('group', { name: /Choose which e-mails Homeward sends you/ })
      await expect(mails.getByRole('checkbox', { name: 'Placement answer needed' })).not.toBeChecked()
      await expect(mails.getByRole('checkbox', { name: 'New messages' })).toBeChecked()
      await mails.getByRole('checkbox', { name: 'New messages' }).uncheck()
      await expect(page.getByText('New messages: e-mails off')).toBeVisible()
      await mails.getByRole('checkbox', { name: 'Placement answer needed' }).check()
      await expect(page.getByText('Placement answer needed: e-mails on')).toBeVisible()
      await page.reload()
      await expect(mails.getByRole('checkbox', { name: 'New messages' })).not.toBeChecked()
      await expect(mails.getByRole('checkbox', { name: 'Placement answer needed' })).toBeChecked()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    })
  })
}
