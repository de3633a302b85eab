import { emailTo, expect, newPage, signUpByApi, test, tokenFromEmail, uniqueEmail, unlockByApi } from './fixtures'

/**
 * What the referrer tripped over, walked through her own screens:
 * the tours she asked for (item 2) and the tour time (item 12), why no home
 * was notified and Close against Cancel (item 15); and the operator's double
 * click on Confirm Placement (item 16, 1280 px). The referral's whole life
 * is e2e/referral-life.spec.ts.
 */

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('a tour request: a blank time is "required", the confirmation e-mail, and the request with its status on the dashboard', async ({ referrer, premiumOperator }) => {
      const home = `Larch House ${Date.now().toString(36)}`
      const homeId = await premiumOperator.addHome({ name: home, city: 'Austin', state: 'TX', zip: '78704' })
      const page = referrer.page
      // The calendar's days in 2030, so the test never meets a month's end; the server takes any future day.
      await page.clock.setFixedTime(new Date('2030-06-15T12:00:00'))
      await page.goto(`/property/${homeId}`)
      await page.getByRole('button', { name: 'Schedule Tour' }).click()
      const dialog = page.getByRole('dialog', { name: 'Schedule a Tour' })
      await dialog.getByRole('button', { name: /^17, \w+, June 2030/ }).click()
      // Item 12: the label names no format the control does not show; a blank time is missing, not malformed.
      await expect(dialog.getByText('24-hour')).toHaveCount(0)
      await dialog.getByRole('button', { name: 'Request Tour' }).click()
      await expect(dialog.getByText('Time is required')).toBeVisible()
      await expect(dialog.getByText('Invalid time format')).toHaveCount(0)
      await dialog.getByRole('textbox', { name: 'Time', exact: true }).fill('14:30')
      await dialog.getByRole('button', { name: 'Request Tour' }).click()
      await expect(page.getByText('Tour Requested')).toBeVisible()

      // The confirmation e-mail to the one who asked.
      const mail = await emailTo(referrer.email, 'tour_request_received')
      expect(mail).toContain(`Subject: Your tour request for ${home}`)
      expect(mail).toContain(`We sent your request to tour ${home} on Mon, Jun 17, 2030 at 2:30 PM CDT (the home's local time) to the home.`)

      // Her dashboard lists it, pending, then confirmed once the home confirms it.
      await page.goto('/referrer-dashboard#tour-requests')
      const requests = page.getByRole('region', { name: 'Your Tour Requests' })
      await expect(requests).toBeInViewport()
      const tour = requests.getByRole('group', { name: `Tour of ${home}` })
      await expect(tour).toContainText('Pending')
      await expect(tour).toContainText('Mon, Jun 17, 2030 at 2:30 PM CDT')
      await expect(tour).toContainText('Waiting for the home to confirm.')

      const op = premiumOperator.page
      await op.goto('/operator-dashboard?tab=tours')
      const asked = op.getByRole('listitem', { name: `Tour by ${referrer.first_name} ${referrer.last_name}` })
      await asked.getByRole('button', { name: 'Confirm', exact: true }).click()
      await op.getByRole('alertdialog', { name: 'Confirm Tour' }).getByRole('button', { name: 'Confirm Tour' }).click()
      await expect(asked.getByText('Confirmed', { exact: true })).toBeVisible()
      await page.reload()
      await expect(tour).toContainText('Confirmed')
      await expect(tour).toContainText('The home expects you.')
    })

    test("a guest's tour request: the e-mail gives its status; once she signs up with that address and confirms it, the request is on her dashboard and the bell says so", async ({ browser, premiumOperator }) => {
      const home = `Harbor Place ${Date.now().toString(36)}`
      const homeId = await premiumOperator.addHome({ name: home, city: 'El Paso', state: 'TX', zip: '79901' })
      const guest = await newPage(browser)
      await guest.setViewportSize({ width, height: 900 })
      const email = uniqueEmail('maria.lopez')
      await guest.clock.setFixedTime(new Date('2030-06-15T12:00:00'))
      await guest.goto(`/property/${homeId}`)
      await guest.getByRole('button', { name: 'Schedule Tour' }).click()
      const dialog = guest.getByRole('dialog', { name: 'Schedule a Tour' })
      await dialog.getByLabel('Your name').fill('Maria Lopez')
      await dialog.getByLabel('Email').fill(email)
      await dialog.getByLabel('Phone').fill('(555) 010-3000')
      await dialog.getByRole('button', { name: /^17, \w+, June 2030/ }).click()
      await dialog.getByRole('textbox', { name: 'Time', exact: true }).fill('14:30')
      await dialog.getByRole('button', { name: 'Request Tour' }).click()
      await expect(guest.getByText(`We e-mailed a confirmation to ${email}.`)).toBeVisible()

      // The e-mail is the guest's record: the request, its status, and how it becomes hers.
      const receipt = await emailTo(email, 'tour_request_received')
      expect(receipt).toContain('Status: Pending. Waiting for the home to confirm.')
      expect(receipt).toContain(`create a Homeward account with this e-mail address (${email}) and confirm the address`)

      // She signs up with that address; the request is hers once she opens the confirmation link.
      await signUpByApi(guest, { email, first_name: 'Maria', last_name: 'Lopez', verify: false })
      await guest.goto(`/verify-email?token=${await tokenFromEmail(email, 'email_verification')}`)
      await expect(guest.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible()
      await guest.goto('/referrer-dashboard#tour-requests')
      const tour = guest.getByRole('region', { name: 'Your Tour Requests' }).getByRole('group', { name: `Tour of ${home}` })
      await expect(tour).toContainText('Pending')
      await expect(tour).toContainText('Mon, Jun 17, 2030 at 2:30 PM')
      await guest.getByRole('button', { name: /^Notifications, \d+ unread/ }).click()
      await expect(guest.getByRole('region', { name: 'Notifications', exact: true })).toContainText(
        `Your tour request is on your dashboard (unread)The tour you requested at ${home} before signing up is now in your account, with its status.`,
      )
      expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await guest.context().close()
    })

    test('a referral no home was told about says why and what to do; Close and Cancel say how they differ; once a home unlocks and reports a placement, the badge, the sentence and the e-mail agree', async ({ referrer, premiumOperator }) => {
      // South Dakota: no other spec lists a home there, so nothing matches.
      const referral = await referrer.submitReferral({ first: 'Ingrid', last: 'Zeller' }, { state: 'SD', city: 'Pierre' })
      const page = referrer.page
      await page.goto('/referrer-dashboard')
      const card = page.getByRole('region', { name: 'Referral for Ingrid Zeller' })
      const progress = card.getByRole('region', { name: 'Progress' })
      await expect(progress).toContainText('Homes notified0')
      await expect(progress.getByTestId('referral-state')).toContainText('No home has been told about this referral yet.')
      await expect(progress.getByRole('link', { name: 'Browse Operators' })).toHaveAttribute('href', '/browse-operators')
      await expect(card.locator('[data-status]')).toHaveText('Submitted')
      // The submission e-mail says what the card says, and promises no response from homes nobody told.
      const submitted = await emailTo(referrer.email, 'referral_submitted')
      expect(submitted).toContain('We received your referral for I. Z. No home has been told about this referral yet.')
      expect(submitted).not.toContain('being notified now')

      const hints = card.getByRole('list', { name: 'Close or cancel' })
      await expect(hints).toContainText('Close: the search ended (placed, placed elsewhere, no longer needed). You record how, and it counts as Closed.')
      await expect(hints).toContainText('Cancel: withdraw it, e.g. sent by mistake. Nothing is recorded; it counts as Cancelled.')
      await expect(card.getByRole('button', { name: 'Close Referral' })).toHaveAccessibleDescription(/the search ended/)
      await expect(card.getByRole('button', { name: 'Cancel Referral' })).toHaveAccessibleDescription(/withdraw it/)
      // The buttons' labels stay inside them at either width.
      for (const name of ['Close Referral', 'Cancel Referral']) {
        const fits = await card.getByRole('button', { name }).evaluate((b) => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight)
        expect(fits, name).toBe(true)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await card.getByRole('button', { name: 'Cancel Referral' }).click()
      const cancelling = page.getByRole('alertdialog', { name: 'Cancel this referral?' })
      await expect(cancelling).toContainText('To record how the search ended, use Close Referral instead.')
      await cancelling.press('Escape')
      await expect(cancelling).toBeHidden()

      // A home unlocks it, then reports the client placed: no sentence and no badge still says nobody was told, or "Pending".
      await unlockByApi(premiumOperator, referral.id)
      await page.reload()
      await expect(card.locator('[data-status]')).toHaveText('Unlocked')
      await expect(progress.getByTestId('referral-state')).toHaveText('One home has unlocked the full details of this referral and can contact you.')
      const reported = await premiumOperator.page.request.post(`/api/referrals/${referral.id}/placement`, { data: { placed: true } })
      expect(reported.status(), await reported.text()).toBe(200)
      await page.reload()
      await expect(card.locator('[data-status]')).toHaveText('Placement reported')
      await expect(progress.getByTestId('referral-state')).toHaveText(
        'A home reports your client placed. Confirm the placement, or say it did not happen, from the referral.',
      )
      await expect(card).not.toContainText('No home has been told')
      await expect(card).not.toContainText(/pending/i)
      // The message list's badge reads the same state.
      await page.goto('/my-referrals')
      await expect(page.getByRole('button', { name: /Ingrid Zeller/ }).locator('[data-status]')).toHaveText('Placement reported')
    })
  })
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('a double click on Confirm Placement in the dialog sends the referrer one notification', async ({ referrer, premiumOperator }) => {
    const referral = await referrer.submitReferral({ first: 'Petra', last: 'Xiong' }, { state: 'NE', city: 'Omaha' })
    const op = premiumOperator.page
    await unlockByApi(premiumOperator, referral.id)

    const answers = { sent: 0, answered: 0 }
    op.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/placement')) answers.sent++
    })
    op.on('requestfinished', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/placement')) answers.answered++
    })
    await op.goto('/browse-referrals')
    const card = op.getByTestId('referral-card').filter({ has: op.getByRole('heading', { name: 'Petra Xiong', exact: true }) })
    await card.getByRole('button', { name: 'Confirm Placement' }).click()
    await op.getByRole('alertdialog', { name: 'Confirm the placement?' }).getByRole('button', { name: 'Confirm Placement' }).dblclick()
    await expect(op.getByText('Your answer was recorded. Waiting for the other side to confirm.')).toBeVisible()
    // Every answer sent has come back before the referrer's notifications are counted.
    await expect.poll(() => answers.answered).toBe(answers.sent)

    const notes = await referrer.page.request.get('/api/notifications')
    const placement = ((await notes.json()) as { items: Array<{ type: string }> }).items.filter((n) => n.type === 'placement_confirmation')
    expect(placement).toHaveLength(1)
    // From the referrer's bell, the one notification opens the referral's card with the answer to give.
    await referrer.page.goto('/referrer-dashboard')
    await referrer.page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click()
    await referrer.page.getByRole('button', { name: /The operator answered about the placement/ }).click()
    await expect(referrer.page.getByRole('region', { name: 'Referral for Petra Xiong' }).getByRole('button', { name: 'Confirm Placement' })).toBeInViewport()
  })

  test('an operator reads what interest means, expresses it, and withdraws it from the card and from the Interests tab', async ({ referrer, premiumOperator }) => {
    await referrer.submitReferral({ first: 'Greta', last: 'Wren' }, { state: 'MT', city: 'Helena' })
    const op = premiumOperator.page
    await op.goto('/browse-referrals')
    const card = op.getByTestId('referral-card').filter({ has: op.getByRole('heading', { name: 'G*** W***', exact: true }) })
    await expect(card.getByRole('button', { name: 'Express Interest' })).toHaveAccessibleDescription(
      'Expressing interest tells the referrer you could take this client and opens a conversation with them. It is free, and you can withdraw it.',
    )
    await card.getByRole('button', { name: 'Express Interest' }).click()
    await expect(card).toContainText('1 interested operator')
    await card.getByRole('button', { name: 'Withdraw Interest' }).click()
    await expect(op.getByText('Interest withdrawn')).toBeVisible()
    await expect(card).toContainText('0 interested operators')
    await expect(card.getByRole('button', { name: 'Express Interest' })).toBeVisible()

    // Again, and withdrawn from the dashboard's Interests tab this time.
    await card.getByRole('button', { name: 'Express Interest' }).click()
    await expect(card).toContainText('1 interested operator')
    await op.goto('/operator-dashboard?tab=interests')
    const row = op.getByRole('listitem').filter({ hasText: 'G*** W***' })
    await row.getByRole('button', { name: 'Withdraw Interest' }).click()
    await expect(op.getByText('Interest withdrawn')).toBeVisible()
    await expect(row).toHaveCount(0)
  })

  test('an unconfirmed e-mail is said at step 1 with "Resend the link"; the answers survive confirming it', async ({ page }) => {
    const user = await signUpByApi(page, { verify: false })
    await page.goto('/submit-referral')
    const note = page.getByTestId('confirm-email-first')
    await expect(note).toContainText(`Confirm your e-mail address before you submit this referral. We sent a link to ${user.email}.`)
    await note.getByRole('button', { name: 'Resend the link' }).click()
    await expect(page.getByText('Verification email sent.')).toBeVisible()
    await page.getByLabel('Your Role').selectOption('family')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByLabel('First Name').fill('Klara')

    // The link from the e-mail, opened in this tab; back to the form, the answers are there and the note is gone.
    const token = await tokenFromEmail(user.email, 'email_verification', 15_000, 2)
    await page.goto(`/verify-email?token=${token}`)
    await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible()
    await page.goto('/submit-referral?step=2')
    await expect(page.getByLabel('First Name')).toHaveValue('Klara')
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByLabel('Your Role')).toHaveValue('family')
    await expect(page.getByTestId('confirm-email-first')).toHaveCount(0)
  })
})
