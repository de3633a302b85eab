import { expect, newPage, signUpByApi, submitReferralByApi, test } from './fixtures'

/** Every look at the client's details by someone else is accounted for, and the referrer sees it. */
test("the referrer sees who accessed the client's details, grouped by viewer and named by organization (1280 and 375 px)", async ({ page, browser }) => {
  const { referral } = await submitReferralByApi(page, { first: 'Imogen', last: 'Accesslog' })

  // A premium operator (offline checkout, no card charged) unlocks the referral and opens it twice.
  const operatorPage = await newPage(browser)
  const operator = await signUpByApi(operatorPage, { first_name: 'Odile', last_name: 'Viewer' })
  const checkout = (await (await operatorPage.request.post('/api/billing/checkout')).json()) as { url: string }
  expect((await operatorPage.request.post(`/api${checkout.url}/complete`)).status()).toBe(200)
  const unlock = await operatorPage.request.post(`/api/referrals/${referral.id}/unlock`)
  expect(unlock.status(), await unlock.text()).toBe(201)
  const { payment_id } = (await unlock.json()) as { payment_id: string }
  expect((await operatorPage.request.post(`/api/pay/offline/unlock/${payment_id}/complete`)).status()).toBe(200)
  for (let i = 0; i < 2; i++) {
    const full = await operatorPage.request.get(`/api/referrals/${referral.id}`)
    expect(((await full.json()) as { referral: { client_last_name: string } }).referral.client_last_name).toBe('Accesslog')
  }

  // The family knows the home by its organization's name, not by the login e-mail of whoever opened the referral.
  const named = await operatorPage.request.patch('/api/my/profile', { data: { organization_name: 'Odile Care Homes' } })
  expect(named.status(), await named.text()).toBe(200)

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/referrer-dashboard')
    await page.getByText("Who has accessed this client's details").click()
    const entry = page.getByRole('listitem').filter({ hasText: 'Odile Care Homes (operator)' })
    await expect(entry, `${width} px`).toContainText('Odile Care Homes (operator): 2 times')
    await expect(entry).toContainText('the referral')
    await expect(page.getByText(operator.email)).toHaveCount(0)
  }
  await operatorPage.context().close()
})
