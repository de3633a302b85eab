import type { Page } from '@playwright/test'
import { emailTo, expect, test, type Operator, type Referral, type Referrer } from './fixtures'

/**
 * Live messaging and documents between two browsers: the test's referrer
 * submits a referral and invites the test's Premium operator (fixtures, each
 * in its own browser context, deleted afterwards), then both work in their
 * own context and see each other's changes without reloading.
 */
async function setUpExchange(referrer: Referrer, operator: Operator, client: { first: string; last: string }) {
  const referral: Referral = await referrer.submitReferral(client)
  const invited = await referrer.page.request.post('/api/invitations', {
    data: { referral_id: referral.id, operator_id: operator.id, message: 'Could you take a look?' },
  })
  expect(invited.status(), await invited.text()).toBeLessThan(300)

  const list = await referrer.page.request.get(`/api/conversations?as=referrer&referral_id=${referral.id}`)
  const conversation = ((await list.json()) as { items: { id: string; operator_id: string }[] }).items.find(
    (c) => c.operator_id === operator.id,
  )!
  expect(conversation).toBeTruthy()
  return { referrer: referrer.page, operator: operator.page, referralId: referral.id, conversationId: conversation.id }
}

const thread = (page: Page, counterpart: string) => page.getByRole('region', { name: `Conversation with ${counterpart}` })

test('the referrer sends a message and the operator sees it appear without reloading', async ({ referrer: referrerAccount, premiumOperator }) => {
  const client = { first: 'Ines', last: `Live${Date.now() % 100000}` }
  const { referrer, operator, referralId, conversationId } = await setUpExchange(referrerAccount, premiumOperator, client)
  const operatorName = premiumOperator.organization

  // The operator has the Messages tab open on this conversation.
  await operator.goto(`/operator-dashboard?tab=messages&conversation=${conversationId}`)
  const operatorThread = thread(operator, 'Rhea Referrer')
  await expect(operatorThread).toBeVisible()
  await expect(operatorThread.getByText('No messages yet. Say hello!')).toBeVisible()

  // The referrer opens My Referrals & Messages, picks the referral, then the conversation.
  await referrer.goto('/my-referrals')
  await expect(referrer.getByRole('heading', { level: 1, name: 'My Referrals & Messages' })).toBeVisible()
  await expect(referrer.getByText('Select a conversation to view messages')).toBeVisible()
  await referrer.getByRole('list', { name: 'My referrals' }).getByRole('button', { name: new RegExp(client.last) }).click()
  await referrer.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(operatorName) }).click()
  const referrerThread = thread(referrer, operatorName)
  await expect(referrerThread).toBeVisible()
  expect(new URL(referrer.url()).searchParams.get('referral')).toBe(referralId)

  // Whitespace only is refused with the product’s exact text.
  const composer = referrerThread.getByRole('textbox', { name: 'Message' })
  await composer.fill('   ')
  await referrerThread.getByRole('button', { name: 'Send message' }).click()
  await expect(referrerThread.getByText('Message cannot be empty')).toBeVisible()

  const text = `Hello from the case manager ${Date.now()}`
  await composer.fill(text)
  await referrerThread.getByRole('button', { name: 'Send message' }).click()
  await expect(referrer.getByText('Message sent')).toBeVisible()
  await expect(referrerThread.getByText(text)).toBeVisible()
  await expect(composer).toHaveValue('')

  // No reload on the operator's side: the message arrives over the event stream, with its time.
  await expect(operatorThread.getByText(text)).toBeVisible()
  await expect(operatorThread.locator('time').last()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/)

  // The operator answers; the referrer's open thread shows it live too.
  const reply = `We have a bed in Austin ${Date.now()}`
  await operatorThread.getByRole('textbox', { name: 'Message' }).fill(reply)
  await operatorThread.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(operator.getByText('Message sent')).toBeVisible()
  await expect(referrerThread.getByText(reply)).toBeVisible()

  // The thread was open on both sides, so nothing is left unread.
  await expect(referrer.getByRole('list', { name: 'Conversations' }).getByLabel(/unread/)).toHaveCount(0)
})

test('the operator uploads a document needing a signature; the referrer sees it live and signs it', async ({ referrer: referrerAccount, premiumOperator }) => {
  const client = { first: 'Dora', last: `Docs${Date.now() % 100000}` }
  const { referrer, operator, referralId } = await setUpExchange(referrerAccount, premiumOperator, client)

  // The referrer has the referral's Documents tab open on the dashboard.
  await referrer.goto('/referrer-dashboard')
  const card = referrer.getByRole('region', { name: `Referral for ${client.first} ${client.last}` })
  await card.getByRole('tab', { name: 'Documents' }).click()
  await expect(card.getByText('No documents yet.')).toBeVisible()

  await operator.goto(`/operator-dashboard?tab=documents&referral=${referralId}`)
  const panel = operator.getByRole('tabpanel', { name: 'Documents' })
  await expect(panel.getByLabel('Referral', { exact: true })).toHaveValue(referralId)
  // The server keeps photos without their location and camera details; the form says so by the file control.
  await expect(panel.getByText('Photos (JPG, PNG) are stored without their location and camera details.')).toBeVisible()
  await panel.getByRole('button', { name: 'Upload' }).click()
  await expect(operator.getByText('No file selected')).toBeVisible()

  const fileName = `consent-${Date.now()}.pdf`
  await panel.getByLabel('File', { exact: true }).setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  })
  await panel.getByLabel('Description (optional)').fill('Admission consent form')
  await panel.getByLabel('Requires signature').check()
  await panel.getByRole('button', { name: 'Upload' }).click()
  await expect(operator.getByText('Upload successful')).toBeVisible()
  const operatorRow = panel.getByRole('listitem', { name: fileName })
  await expect(operatorRow.first()).toContainText('Needs Signature')

  // Live on the referrer's side: in All and Theirs, with its details; no reload.
  const row = card.getByRole('listitem', { name: fileName })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Admission consent form')
  await expect(row).toContainText('Needs Signature')
  await expect(row).toContainText(new RegExp(`Uploaded by ${premiumOperator.first_name} ${premiumOperator.last_name} · [A-Z][a-z]{2} \\d{1,2}, \\d{4}`))
  await expect(row).toContainText(/\d+ B/)
  await card.getByRole('tab', { name: /Theirs/ }).click()
  await expect(card.getByRole('listitem', { name: fileName })).toBeVisible()
  await card.getByRole('tab', { name: /Mine/ }).click()
  await expect(card.getByText('No documents yet.')).toBeVisible()
  await card.getByRole('tab', { name: /All/ }).click()

  // The referrer downloads it through the access-checked route.
  const download = referrer.waitForEvent('download')
  await row.getByRole('button', { name: `Download ${fileName}` }).click()
  expect((await download).suggestedFilename()).toBe(fileName)

  await row.getByRole('button', { name: 'Mark Signed' }).click()
  await expect(referrer.getByText('Document marked as signed')).toBeVisible()
  await expect(row).toContainText('Signed by Rhea Referrer')
  await expect(row.getByRole('button', { name: 'Mark Signed' })).toHaveCount(0)

  // And the operator sees the signature without reloading.
  await expect(operatorRow.first()).toContainText('Signed by Rhea Referrer')
  await expect(operatorRow.first()).not.toContainText('Needs Signature')
})

test('two clients of the same name are told apart in the Documents tab by date and referrer; the e-mail names the client with one period (1280 and 375 px)', async ({ referrer, premiumOperator, make }) => {
  const client = { first: 'Hana', last: `Twin${Date.now() % 100000}` }
  const second = await make.referrer({ first_name: 'Remy', last_name: 'Second' })
  for (const account of [referrer, second]) {
    const { id } = await account.submitReferral(client)
    const invited = await account.page.request.post('/api/invitations', { data: { referral_id: id, operator_id: premiumOperator.id } })
    expect(invited.status(), await invited.text()).toBeLessThan(300)
  }
  const page = premiumOperator.page
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/operator-dashboard?tab=documents')
    const picker = page.getByRole('tabpanel', { name: 'Documents' }).getByLabel('Referral', { exact: true })
    const options = picker.locator('option', { hasText: `${client.first} ${client.last}` })
    await expect(options, `${width} px`).toHaveCount(2)
    const labels = await options.allTextContents()
    expect(new Set(labels).size).toBe(2)
    const submitted = (by: string) => new RegExp(`^${client.first} ${client.last}, submitted \\w{3} \\d{1,2}, \\d{4} by ${by} \\(0 documents\\)$`)
    expect(labels.filter((l) => submitted('Remy Second').test(l))).toHaveLength(1)
    expect(labels.filter((l) => submitted(`${referrer.first_name} ${referrer.last_name}`).test(l))).toHaveLength(1)
  }

  // The confirmation e-mail names the client by initials, with one period.
  const mail = await emailTo(referrer.email, 'referral_submitted')
  expect(mail).toMatch(/We received your referral for H\. T\. (No home|One home|\d+ homes) /)
  expect(mail).not.toContain('T..')
})
