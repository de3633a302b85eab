import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { e2eDataDir, expect, signUpByApi, test, tokenFromEmail, uniqueEmail } from './fixtures'

/** Issue 15: the operator proposes a new tour time; the visitor accepts it from the e-mailed link, without an account. */

/** yyyy-MM-dd, `days` from today (the browser and the server share this machine's clock). */
const dayFromNow = (days: number) => {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
/** As the page states a slot: "Tuesday, May 7, 2030 at 15:30". */
const spoken = (date: string, time: string) =>
  `${new Date(`${date}T00:00:00`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })} at ${time}`

/** Serious or critical WCAG 2.1 A/AA violations on the page (or inside `selector`), by rule id. */
async function axeProblems(page: Page, selector?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  if (selector) builder = builder.include(selector)
  return (await builder.analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
}

/** A premium operator (through the built-in offline checkout) with one home, in a browser context of its own. */
async function operatorWithHome(browser: Browser, name: string) {
  const page = await (await browser.newContext()).newPage()
  await signUpByApi(page, { first_name: 'Tess', last_name: 'Tourhost' })
  const checkout = (await (await page.request.post('/api/billing/checkout')).json()) as { url: string }
  expect((await page.request.post(`/api${checkout.url}/complete`)).status()).toBe(200)
  const res = await page.request.post('/api/my/properties', {
    data: { name, address: '9 Tour Lane', city: 'Austin', state: 'TX', zip_code: '78704', description: 'A calm family-style home.', total_beds: 5, available_beds: 2, monthly_fee: 2800 },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { page, propertyId: ((await res.json()) as { property: { id: string } }).property.id }
}

/** The newest .eml of a type sent to an address (the outbox job writes them every 2 s). */
async function emailTo(to: string, type: string, timeoutMs = 15_000) {
  const dir = path.join(e2eDataDir(), 'outbox')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const hit = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .find((text) => text.includes(`X-Homeward-Type: ${type}`) && text.toLowerCase().includes(to.toLowerCase()))
    if (hit) return hit
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`No ${type} e-mail to ${to}`)
}

test('the operator proposes a new time; the visitor accepts it from the e-mail and gets a calendar invitation', async ({ page, browser }) => {
  const home = `Juniper Tour House ${Date.now() % 100000}`
  const operator = await operatorWithHome(browser, home)
  const visitor = { name: 'Vera Visitor', email: uniqueEmail('visitor') }
  const requested = { date: dayFromNow(5), time: '10:00' }
  const proposed = { date: dayFromNow(6), time: '15:30' }

  // A visitor without an account asks for a tour.
  const asked = await page.request.post('/api/tours', {
    data: { property_id: operator.propertyId, visitor_name: visitor.name, visitor_email: visitor.email, visitor_phone: '(555) 010-7000', scheduled_date: requested.date, scheduled_time: requested.time, notes: '' },
  })
  expect(asked.status(), await asked.text()).toBe(201)

  // The operator proposes another time from the Tours tab; a time in the past is refused with the server's message.
  const op = operator.page
  await op.goto('/operator-dashboard?tab=tours')
  const tour = op.getByRole('listitem', { name: `Tour by ${visitor.name}` })
  await expect(tour.getByText('Pending', { exact: true })).toBeVisible()
  await tour.getByRole('button', { name: /^Propose a new time/ }).click()
  const dialog = op.getByRole('dialog', { name: 'Propose a new time' })
  await dialog.getByLabel('New date').fill(dayFromNow(-1))
  await dialog.getByLabel(/^New time/).fill('09:00')
  await dialog.getByRole('button', { name: 'Send to the visitor' }).click()
  await expect(dialog.getByText('Please choose a new date and time in the future')).toBeVisible()
  expect(await axeProblems(op, '[role="dialog"]')).toEqual([])
  await dialog.getByLabel('New date').fill(proposed.date)
  await dialog.getByLabel(/^New time/).fill(proposed.time)
  await dialog.getByRole('button', { name: 'Send to the visitor' }).click()
  await expect(op.getByText('New time proposed', { exact: true })).toBeVisible()
  await expect(tour.getByText('Rescheduling', { exact: true })).toBeVisible()
  // The dashboard states times as the home's clock in 12-hour form, with the home's zone (Austin: Central).
  await expect(tour.getByTestId('tour-proposal')).toContainText(/at 3:30 PM C[DS]T/)

  // The visitor opens the link from the e-mail, in a browser that never signed in.
  const token = await tokenFromEmail(visitor.email, 'tour_reschedule_proposed')
  const guest = await (await browser.newContext()).newPage()
  await guest.goto(`/tour-reschedule?token=${token}`)
  await expect(guest.getByRole('heading', { name: "Your tour's new time" })).toBeVisible()
  await expect(guest.getByTestId('proposed-slot')).toHaveText(spoken(proposed.date, proposed.time))
  await expect(guest.getByText(spoken(requested.date, requested.time))).toBeVisible()
  expect(await axeProblems(guest)).toEqual([])
  await guest.getByRole('button', { name: 'Accept the new time' }).click()
  await expect(guest.getByText('Your tour is confirmed for the new time')).toBeVisible()

  // The confirmation e-mail carries the calendar invitation.
  const confirmation = await emailTo(visitor.email, 'tour_confirmed')
  expect(confirmation).toMatch(/Content-Type: text\/calendar/i)
  expect(confirmation).toContain('invite.ics')

  // The link works once: opening it again says so.
  await guest.goto(`/tour-reschedule?token=${token}`)
  await expect(guest.getByText('This link cannot be used')).toBeVisible()
  await expect(guest.getByText('This link has already been used', { exact: false })).toBeVisible()

  // The operator sees the tour confirmed at the new time.
  await op.reload()
  await expect(tour.getByText('Confirmed', { exact: true })).toBeVisible()
  await expect(tour).toContainText('3:30 PM')
  await expect(tour.getByTestId('tour-proposal')).toHaveCount(0)
})
