import { expect, test } from './fixtures'

const PHONE = { width: 375, height: 800 }
const DESKTOP = { width: 1280, height: 900 }

test("a free operator with one home is told the limit before she types, and her second home is saved inactive, not thrown away (375 and 1280 px)", async ({
  make,
}) => {
  const operator = await make.freeOperator({ first_name: 'Fay', last_name: 'Second' })
  await operator.addHome({ name: `First Home ${Date.now()}`, city: 'Austin', state: 'TX', zip: '78701' })
  const page = operator.page
  await page.setViewportSize(DESKTOP)
  await page.goto('/operator-dashboard')
  await page.getByRole('button', { name: 'Add Property' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Property' })
  // Before a field is typed: the limit, and what will happen to this home.
  const notice = dialog.getByRole('note')
  await expect(notice).toContainText('The free plan includes 1 active property. This home will be saved inactive')
  const name = `Second Home ${Date.now()}`
  await dialog.getByLabel('Property name').fill(name)
  // Looking at Premium and saying "Maybe later" leaves the form as she typed it.
  await notice.getByRole('button', { name: 'Upgrade to Premium' }).click()
  await page.getByRole('dialog', { name: 'Upgrade to Premium' }).getByRole('button', { name: 'Maybe later' }).click()
  await expect(dialog.getByLabel('Property name')).toHaveValue(name)

  await page.setViewportSize(PHONE)
  await expect(notice).toBeInViewport({ ratio: 0.5 })
  await dialog.getByLabel('Address').fill('4 Elm Street')
  await dialog.getByLabel('City').fill('Austin')
  await dialog.getByLabel('State').fill('TX')
  await dialog.getByLabel('ZIP code').fill('78702')
  await dialog.getByLabel('Total beds').fill('4')
  await dialog.getByLabel('Available beds').fill('2')
  await dialog.getByRole('button', { name: 'Save as Inactive' }).click()
  await expect(page.getByText('Property Saved as Inactive')).toBeVisible()
  await expect(page.getByLabel(name, { exact: true }).getByText('Inactive', { exact: true })).toBeVisible()
})
