import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { emailTo, expect, newPage, test, tokenFromEmail, uniqueEmail, waitingForHydration } from './fixtures'

/** The operator proposes a new tour time; the visitor accepts it from the e-mailed link, without an account. */

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

test('the operator proposes a new time; the visitor accepts it from the e-mail and gets a calendar invitation', async ({ page, browser, premiumOperator: operator }) => {
  const propertyId = await operator.addHome({ name: `Juniper Tour House ${Date.now() % 100000}`, city: 'Austin', state: 'TX', zip: '78704' })
  const visitor = { name: 'Vera Visitor', email: uniqueEmail('visitor') }
  const requested = { date: dayFromNow(5), time: '10:00' }
  const proposed = { date: dayFromNow(6), time: '15:30' }

  // A visitor without an account asks for a tour.
  const asked = await page.request.post('/api/tours', {
    data: { property_id: propertyId, visitor_name: visitor.name, visitor_email: visitor.email, visitor_phone: '(555) 010-7000', scheduled_date: requested.date, scheduled_time: requested.time, notes: '' },
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
  const guest = await newPage(browser)
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

test('a stale second tab: confirming or moving a tour cancelled in another tab closes the dialog with the reason and shows it cancelled (1280 and 375 px)', async ({ page, premiumOperator: operator }) => {
  const propertyId = await operator.addHome({ name: `Two Tabs House ${Date.now() % 100000}`, city: 'Austin', state: 'TX', zip: '78704' })
  const visitors = ['Stale Sam', 'Stale Sue']
  for (const [i, name] of visitors.entries()) {
    const asked = await page.request.post('/api/tours', {
      data: { property_id: propertyId, visitor_name: name, visitor_email: uniqueEmail('stale'), visitor_phone: '(555) 010-7001', scheduled_date: dayFromNow(4 + i), scheduled_time: '11:00', notes: '' },
    })
    expect(asked.status(), await asked.text()).toBe(201)
  }
  const stale = operator.page
  const other = waitingForHydration(await stale.context().newPage())
  for (const [width, name] of [[1280, 'Stale Sam'], [375, 'Stale Sue']] as const) {
    for (const tab of [stale, other]) {
      await tab.setViewportSize({ width, height: 800 })
      await tab.goto('/operator-dashboard?tab=tours')
    }
    const staleTour = stale.getByRole('listitem', { name: `Tour by ${name}` })
    await expect(staleTour.getByText('Pending', { exact: true })).toBeVisible()
    // The other tab cancels it.
    await other.getByRole('listitem', { name: `Tour by ${name}` }).getByRole('button', { name: 'Cancel' }).click()
    await other.getByRole('alertdialog', { name: 'Cancel Tour' }).getByRole('button', { name: 'Cancel Tour' }).click()
    await expect(other.getByText('Tour Cancelled', { exact: true })).toBeVisible()
    // The stale tab still shows it pending, and acts on it.
    await expect(staleTour.getByText('Pending', { exact: true })).toBeVisible()
    if (width === 1280) {
      await staleTour.getByRole('button', { name: 'Confirm' }).click()
      const dialog = stale.getByRole('alertdialog', { name: 'Confirm Tour' })
      await dialog.getByRole('button', { name: 'Confirm Tour' }).click()
      await expect(stale.getByText('This tour was cancelled: it cannot be confirmed')).toBeVisible()
      await expect(dialog).toBeHidden()
    } else {
      await staleTour.getByRole('button', { name: /^Propose a new time/ }).click()
      const dialog = stale.getByRole('dialog', { name: 'Propose a new time' })
      await dialog.getByLabel('New date').fill(dayFromNow(9))
      await dialog.getByLabel(/^New time/).fill('14:00')
      await dialog.getByRole('button', { name: 'Send to the visitor' }).click()
      await expect(stale.getByText('This tour was cancelled: it cannot be rescheduled')).toBeVisible()
      await expect(dialog).toBeHidden()
    }
    // What changed is shown: the tour is under Cancelled, with no action left.
    const shown = stale.getByRole('listitem', { name: `Tour by ${name}` })
    await expect(shown.getByText('Cancelled', { exact: true }), `${width} px`).toBeVisible()
    await expect(shown.getByRole('button')).toHaveCount(0)
  }
  await other.close()
})
