import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { exportJWK, generateKeyPair } from 'jose'
import { bunOnE2eData, expect, test } from './fixtures'

/**
 * The admin's Systems tab (ADR 038, ADR 043): a hospital system registered with the CLI
 * (`bin/homeward fhir-clients add`) is listed with the account it acts for; the admin revokes it
 * after confirming, and the revocation is in the audit log under the admin's name.
 */
test('an admin sees a system registered with the CLI and revokes it after confirming; the tab fits 375 px', async ({ admin, referrer, referral }, testInfo) => {
  // A referrer account (its first referral gives it the role) for the system to act for.
  expect(referral.id).toBeTruthy()
  const { publicKey } = await generateKeyPair('ES384', { extractable: true })
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'homeward-jwks-'))
  const jwksFile = path.join(folder, 'jwks.json')
  fs.writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES384' }] }))
  const name = `Mercy Hospital ${Math.random().toString(36).slice(2, 8)}`
  let printed: string
  try {
    printed = bunOnE2eData(testInfo.config, ['bin/homeward.ts', 'fhir-clients', 'add', '--name', name, '--account', referrer.email, '--jwks-file', jwksFile, '--scope', 'system/Task.rs system/Subscription.cruds', '--json'])
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
  const added = JSON.parse(printed) as { client_id: string }

  const page = admin.page
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/admin?tab=systems')
  const row = page.getByTestId(`system-${added.client_id}`)
  await expect(row).toContainText(name)
  await expect(row).toContainText(referrer.email)
  await expect(row).toContainText('system/Task.rs system/Subscription.cruds')
  await expect(row).toContainText('Never')
  await expect(row.getByText('Active', { exact: true })).toBeVisible()

  await row.getByRole('button', { name: 'Revoke' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Revoke ${name}?` })
  await expect(dialog).toContainText('Its access tokens stop working at once')
  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(row.getByText('Active', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: 'Revoke' }).click()
  await page.getByRole('alertdialog', { name: `Revoke ${name}?` }).getByRole('button', { name: 'Revoke' }).click()
  await expect(page.getByText(`${name} revoked`)).toBeVisible()
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0)

  // On a phone the table scrolls inside its frame; the page itself does not scroll sideways.
  await page.setViewportSize({ width: 375, height: 800 })
  await row.scrollIntoViewIfNeeded()
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  await page.getByRole('tab', { name: 'Audit Logs' }).click()
  // At 375 px the audit log is a list of cards, one per entry.
  await expect(page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').filter({ hasText: 'Revoked a FHIR client' }).first()).toContainText(admin.email)
})
