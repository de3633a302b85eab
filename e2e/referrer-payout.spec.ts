import { emailTo, expect, test, unlockByApi, type Operator, type Referrer } from './fixtures'

/**
 * The referrer's referral fee, once released, reaches her (ADR 044): she gives
 * her payout details on her dashboard, an admin records the payout from the
 * Escrow tab, and she sees it paid beside the referral. The journey at
 * 1280 px; at 375 px her dashboard's view of a paid payout, the data through the API.
 */

/** A referral placed with both answers given through the API: its fee is released to the referrer, one payout owed. */
async function releasedFee(referrer: Referrer, operator: Operator, client: { first: string; last: string }) {
  const referral = await referrer.submitReferral(client, { state: 'NE', city: 'Lincoln' })
  await unlockByApi(operator, referral.id)
  const mine = await referrer.page.request.post(`/api/referrals/${referral.id}/placement`, { data: { placed: true } })
  expect(mine.status(), await mine.text()).toBe(200)
  const theirs = await operator.page.request.post(`/api/referrals/${referral.id}/placement`, { data: { placed: true } })
  expect((await theirs.json()).outcome).toBe('released')
  return referral
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('she gives her payout details, an admin records the payout, she sees it paid', async ({ referrer, premiumOperator, admin }) => {
    const referral = await releasedFee(referrer, premiumOperator, { first: 'Hilde', last: 'Payne' })
    const released = await emailTo(referrer.email, 'escrow_released')
    expect(released).toContain('To receive it, give your payout details')

    const page = referrer.page
    await page.goto('/referrer-dashboard')
    const card = page.getByRole('region', { name: 'Referral for Hilde Payne' })
    await expect(card.getByTestId('referral-payout')).toHaveText('Referral fee $500: owed — waiting for your payout details. Give payout details')

    const payments = page.getByRole('region', { name: 'Referral payments' })
    await payments.getByRole('button', { name: 'Give payout details' }).click()
    const form = page.getByRole('dialog', { name: 'Give payout details' })
    await expect(form.getByLabel('Payout method')).toBeFocused()
    await form.getByLabel('Payee name').fill('Rhea Referrer')
    await form.getByLabel('Mailing address').fill('12 Payout Lane, Lincoln NE 68508')
    await form.getByRole('button', { name: 'Save payout details' }).click()
    await expect(form).toBeHidden()
    await expect(payments.getByRole('button', { name: 'Change payout details' })).toBeFocused()
    await expect(payments.getByRole('definition').filter({ hasText: '12 Payout Lane' })).toBeVisible()
    await expect(card.getByTestId('referral-payout')).toHaveText('Referral fee $500: owed — scheduled. We will pay it to the payout details you gave.')

    // The admin reads her details in the form and records the check.
    const desk = admin.page
    await desk.goto('/admin?tab=escrow')
    await desk.getByRole('radio', { name: 'Payouts to referrers' }).check()
    const row = desk.getByRole('listitem').filter({ hasText: `Ref. ${referral.id.slice(0, 8)}` })
    await expect(row).toContainText('Details given: Check by mail')
    await row.getByRole('button', { name: /^Record payout of \$500/ }).click()
    const dialog = desk.getByRole('dialog', { name: 'Record payout' })
    await expect(dialog.getByRole('region', { name: 'Payout details' })).toHaveText('Pay to Rhea Referrer · Check by mail12 Payout Lane, Lincoln NE 68508')
    await expect(dialog.getByLabel('Method')).toHaveValue('check')
    await dialog.getByLabel('Date paid').fill('2026-12-04')
    await dialog.getByLabel('Reference').fill('Check 1042')
    await dialog.getByRole('button', { name: 'Record payout' }).click()
    await expect(dialog).toBeHidden()
    // Its row left the owed list: focus goes to the list's heading, not lost on the page.
    await expect(desk.getByRole('heading', { name: 'Payouts to referrers' })).toBeFocused()
    await expect(row).toBeHidden()
    await desk.getByRole('radio', { name: 'Paid' }).check()
    await expect(desk.getByRole('listitem').filter({ hasText: `Ref. ${referral.id.slice(0, 8)}` })).toContainText('Paid on Dec 4, 2026 by Check by mail, reference Check 1042')

    const paid = await emailTo(referrer.email, 'payout_paid')
    expect(paid).toContain('Reference: Check 1042')
    await page.reload()
    await expect(card.getByTestId('referral-payout')).toHaveText('Referral fee $500: paid on Dec 4, 2026 by check by mail, reference Check 1042.')
  })
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('her dashboard shows the paid payout beside the referral and in Referral payments, within the screen', async ({ referrer, premiumOperator, admin }) => {
    await releasedFee(referrer, premiumOperator, { first: 'Ines', last: 'Paid' })
    const saved = await referrer.page.request.put('/api/me/payout-details', { data: { method: 'ach', payee_name: 'Rhea Referrer', details: 'Routing 111000025, account 9876543210' } })
    expect(saved.status(), await saved.text()).toBe(200)
    const owed = (await (await admin.page.request.get('/api/admin/payouts')).json()) as { items: { id: string; referrer_user_id: string }[] }
    const payout = owed.items.find((p) => p.referrer_user_id === referrer.id)!
    const recorded = await admin.page.request.post(`/api/admin/payouts/${payout.id}/record`, { data: { method: 'ach', paid_on: '2026-12-03', reference: 'T-5501' } })
    expect(recorded.status(), await recorded.text()).toBe(200)

    const page = referrer.page
    await page.goto('/referrer-dashboard')
    const sentence = 'Referral fee $500: paid on Dec 3, 2026 by bank transfer (ACH), reference T-5501.'
    await expect(page.getByRole('region', { name: 'Referral for Ines Paid' }).getByTestId('referral-payout')).toHaveText(sentence)
    await expect(page.getByRole('list', { name: 'Your payouts' })).toHaveText(sentence)
    await expect(page.getByRole('region', { name: 'Referral payments' })).toContainText('Bank transfer (ACH)')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})
