import { expect, test, unlockByApi } from './fixtures'

/**
 * The admin's dashboard, in one journey at 1280 px (and the audit log at
 * 375 px): the Referrals tab searches on the server; escrow rows answered
 * "Placed" link the home and open the conversation; the overview names the
 * released escrow for what it is; the audit log reads as sentences with
 * readable details, filtered on the server, nothing cut off; and Grant
 * Premium leaves focus on its button, not at the top of the page.
 */
test('admin: search referrals, escrow home and conversation, released-to-referrers figure, readable filtered audit log, focus after Grant Premium', async ({
  admin,
  referrer,
  referral,
  premiumOperator,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7)
  const homeName = `Admin Placed Home ${suffix}`
  const homeId = await premiumOperator.addHome({ name: homeName, city: 'Austin', state: 'TX', zip: '78704' })
  await unlockByApi(premiumOperator, referral.id)
  const op = premiumOperator.page.request
  const conversations = (await (await op.get('/api/conversations', { params: { as: 'operator' } })).json()) as { items: { id: string; referral_id: string }[] }
  const conversation = conversations.items.find((c) => c.referral_id === referral.id)!
  const sent = await op.post(`/api/conversations/${conversation.id}/messages`, { data: { message_text: `Moved in on Monday ${suffix}` } })
  expect(sent.status(), await sent.text()).toBe(201)
  const answered = await op.post(`/api/referrals/${referral.id}/placement`, { data: { placed: true, property_id: homeId } })
  expect(answered.status(), await answered.text()).toBe(200)

  const page = admin.page
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/admin?tab=referrals')

  // 1. Search: the referrer's e-mail finds this referral alone, on the server.
  const search = page.getByRole('search', { name: 'Search referrals' })
  await search.getByRole('searchbox', { name: 'Search referrals' }).fill(referrer.email)
  const searched = page.waitForResponse((r) => r.url().includes('/api/admin/referrals') && r.url().includes(`q=${encodeURIComponent(referrer.email)}`))
  await search.getByRole('button', { name: 'Search' }).click()
  await searched
  const rows = page.getByRole('table', { name: /All referrals/ }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(page.getByTestId(`referral-${referral.id}`)).toBeVisible()

  // 4. Escrow: the "Placed" answer links the home and opens the conversation read-only.
  await page.getByRole('tab', { name: 'Escrow' }).click()
  const row = page.getByTestId(`escrow-${(await (await page.request.get('/api/admin/escrow')).json()).items.find((p: { referral_id: string }) => p.referral_id === referral.id).id}`)
  await expect(row.getByRole('link', { name: `Placed in ${homeName}` })).toHaveAttribute('href', `/property/${homeId}`)
  await row.getByRole('link', { name: /^Conversation/ }).click()
  const dialog = page.getByRole('dialog', { name: `Conversation about referral ${referral.id.slice(0, 8)}` })
  await expect(dialog.getByText(`Moved in on Monday ${suffix}`)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  // 3. The overview names the escrow figure truthfully.
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByText('Released to referrers', { exact: true })).toBeVisible()
  await expect(page.getByText('Revenue', { exact: true })).toHaveCount(0)

  // 5. Grant Premium: focus stays on the button once the list has re-rendered.
  await page.getByRole('tab', { name: 'Subscriptions' }).click()
  await page.getByLabel('Operator email').fill(premiumOperator.email)
  const grant = page.getByRole('button', { name: 'Grant Premium' })
  await grant.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Premium access granted to ${premiumOperator.email}`)).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: premiumOperator.email })).toContainText('Complimentary')
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Grant Premium')

  // 2. The audit log: filtered on the server by area and actor, each action a sentence, details as names and values.
  await page.getByRole('tab', { name: 'Audit Logs' }).click()
  const filters = page.getByRole('form', { name: 'Filter the audit log' })
  await filters.getByLabel('Area').selectOption({ label: 'Escrow' })
  await filters.getByLabel('Actor').fill(premiumOperator.email)
  const filtered = page.waitForResponse((r) => r.url().includes('/api/admin/audit-logs') && r.url().includes('area=escrow'))
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await filtered
  const table = page.getByRole('table', { name: /Audit log/ })
  const answer = table.getByRole('row').filter({ hasText: 'Answered whether the client was placed' })
  await expect(answer).toHaveCount(1)
  await expect(answer).toContainText('Answer:placed')
  await expect(answer).toContainText('Answered by:operator')
  await expect(table.getByRole('row').filter({ hasText: 'Paid an unlock fee into escrow' })).toHaveCount(1)
  await expect(table.getByRole('row').filter({ hasText: 'Started paying to unlock a referral' })).toHaveCount(1)
  // Only this operator's escrow entries (not the grant, not the admin's reading of the conversation), and no raw codes or JSON.
  await expect(table.locator('tbody tr')).toHaveCount(3)
  await expect(table).not.toContainText('escrow.placement_confirmed')
  await expect(table).not.toContainText('{"')
  // Nothing cut off at 1280 px: the table fits its frame, and no cell hides text behind an ellipsis.
  const frame = page.getByRole('region', { name: /Audit log/ })
  expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  expect(await table.evaluate((el) => [...el.querySelectorAll('td, td *')].filter((c) => getComputedStyle(c).textOverflow === 'ellipsis').length)).toBe(0)

  // The audit log at 375 px: one card per entry, no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 })
  const cards = page.getByRole('list', { name: 'Audit log' })
  await expect(cards.getByRole('listitem').filter({ hasText: 'Answered whether the client was placed' })).toContainText('Answer:placed')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})
