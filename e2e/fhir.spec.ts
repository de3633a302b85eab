import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, signUpByApi, test } from './fixtures'

/** A health record (FHIR R4) starts the referral form; the referral comes back out as FHIR. */
const SAMPLES = path.join(import.meta.dirname, '..', 'server', 'features', 'fhir', 'samples')
const KERMIT = path.join(SAMPLES, fs.readdirSync(SAMPLES).find((f) => f.startsWith('Kermit_'))!)
/** A small PDF, as an EHR carries a discharge summary inline. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

/** Kermit's record with a discharge summary attached (a DocumentReference about him). */
function kermitWithDischargeSummary() {
  const bundle = JSON.parse(fs.readFileSync(KERMIT, 'utf8'))
  const patient = bundle.entry.find((e: { resource: { resourceType: string } }) => e.resource.resourceType === 'Patient')
  bundle.entry.push({
    fullUrl: 'urn:uuid:5b0f3f4e-0c1d-4c59-9a43-2d3c2f1e9a01',
    resource: { resourceType: 'DocumentReference', status: 'current', subject: { reference: patient.fullUrl }, content: [{ attachment: { contentType: 'application/pdf', data: PDF.toString('base64'), title: 'Discharge summary.pdf' } }] },
    request: { method: 'POST', url: 'DocumentReference' },
  })
  return { name: path.basename(KERMIT), mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bundle)) }
}

/** The review's sentences, as the English catalog says them (client/src/locales/en/referrals.json). */
const VISIBILITY_BEFORE = "Before a home unlocks this referral, its operator sees only the client's initials, age and gender, the preferred location, the budget, the level of care, the funding source, the timeline and whether it is urgent. Nothing else: not the name, birth date, contact details, race, ethnicity, language, health, substance use, legal history, income or emergency contact."
const VISIBILITY_AFTER = "Once a home unlocks it (by paying the unlock fee, or because you invited it), its operator sees the whole referral: the client's name, birth date and contact details, health, substance use, legal history, income and benefits, emergency contact and case manager, and your own contact details. Each time, it is recorded under \"Who has accessed this client's details\" on your dashboard."

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click()
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name: new RegExp(name) })
const FROM_RECORD = /From the health record/

/** Drops a file on the import's drop zone, as a file dragged from the desktop would arrive. */
async function dropFile(page: Page, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ([fileName, body]) => {
      const dt = new DataTransfer()
      dt.items.add(new File([body], fileName, { type: 'application/json' }))
      return dt
    },
    [name, text] as const,
  )
  await page.getByTestId('health-record-drop').dispatchEvent('drop', { dataTransfer: transfer })
}

/** No serious or critical WCAG 2.1 A/AA violation inside the import card. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="health-record-import"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
}

test('a referrer starts from a health record: the steps are filled and marked, the referral is submitted, and downloads as FHIR', async ({ page }) => {
  await signUpByApi(page, { first_name: 'Dana', last_name: 'Planner' })
  await page.goto('/submit-referral')
  await expect(stepHeading(page, 'Your Information')).toBeVisible()
  const card = page.getByRole('region', { name: 'Start from a health record' })
  await expect(card).toBeVisible()

  await card.getByLabel('Choose a health record (.json)').setInputFiles(kermitWithDischargeSummary())
  const status = card.getByRole('status')
  // 16: the record's Practitioner and Organization fill Primary Doctor and Current Healthcare Provider; race and ethnicity wait for her choice.
  await expect(status).toContainText('16 answers filled in from the health record')
  await expect(status).toContainText('1 document will be added to the referral when you submit it: Discharge summary.pdf.')
  await status.getByText(/^Not imported/).click()
  await expect(status).toContainText('5 × Condition: Resolved or inactive conditions are left out')
  await expect(status).toContainText('44 × Observation: Not part of a referral')
  await expectAccessible(page)
  // The review: who sees what, before and after a home unlocks the referral; the record's race and ethnicity offered, not included.
  await expect(page.getByRole('region', { name: 'Who sees these details' })).toHaveText(`Who sees these details${VISIBILITY_BEFORE}${VISIBILITY_AFTER}`)
  const raceEthnicity = page.getByRole('group', { name: 'Race and ethnicity' })
  await expect(raceEthnicity).toContainText('Race: White')
  await expect(raceEthnicity).toContainText('Ethnicity: Not Hispanic or Latino')
  await expect(raceEthnicity.getByRole('checkbox', { name: 'Include race and ethnicity' })).not.toBeChecked()
  await raceEthnicity.getByRole('checkbox', { name: 'Include race and ethnicity' }).check()

  await page.getByLabel('Your Role').selectOption('case-manager')
  await page.getByLabel('Phone').fill('(555) 010-7777')
  await next(page)

  await expect(stepHeading(page, 'Client Information')).toBeVisible()
  // Included: filled and marked like the record's other answers.
  await expect(page.getByLabel('Race')).toHaveValue('White')
  await expect(page.getByLabel('Race')).toHaveAccessibleDescription(FROM_RECORD)
  await expect(page.getByLabel('Ethnicity')).toHaveValue('Not Hispanic or Latino')
  await expect(page.getByTestId('from-record-note')).toContainText('answers on this step came from the health record')
  await expect(page.getByLabel('First Name')).toHaveValue('Kermit')
  await expect(page.getByLabel('First Name')).toHaveAccessibleDescription(FROM_RECORD)
  await expect(page.getByLabel('Last Name')).toHaveValue('Trantow')
  await expect(page.getByLabel('Date of Birth')).toHaveValue('1993-06-21')
  await expect(page.getByLabel('Gender')).toHaveValue('male')
  await expect(page.getByLabel('Preferred State')).toHaveValue('MA')
  await expect(page.getByLabel('Preferred Cities')).not.toHaveAccessibleDescription(FROM_RECORD)
  await next(page)

  await expect(stepHeading(page, 'Emergency Contact & Legal')).toBeVisible()
  await expect(page.getByTestId('from-record-note')).toHaveCount(0)
  await next(page)

  await expect(stepHeading(page, 'Health & Substance Use')).toBeVisible()
  await expect(page.getByLabel('Medical Conditions')).toHaveValue('Hypertension')
  await expect(page.getByLabel('Current Medications')).toHaveValue(/Hydrochlorothiazide 25 MG/)
  await expect(page.getByLabel('Current Medications')).not.toHaveValue(/Albuterol/)
  await expect(page.getByLabel('Allergies')).toHaveValue('Allergy to bee venom; Shellfish allergy; Allergy to peanuts')
  await expect(page.getByLabel('Primary Doctor')).toHaveValue('Levi Reichert')
  await expect(page.getByLabel('Current Healthcare Provider')).toHaveValue("BOSTON CHILDREN'S HOSPITAL")
  await expect(page.getByLabel('Allergies')).toHaveAccessibleDescription(FROM_RECORD)
  // The draft keeps the answers and their marks across a reload, as it does for typed answers.
  await page.reload()
  await expect(page.getByLabel('Allergies')).toHaveAccessibleDescription(FROM_RECORD)
  await next(page)
  await next(page)

  await expect(stepHeading(page, 'Care Requirements & Preferences')).toBeVisible()
  await page.getByLabel('Monthly Budget').selectOption('$3,000-$4,000')
  // The record's document survived the reload with the answers.
  await expect(page.getByTestId('record-documents-note')).toHaveText('Added to the referral when you submit it, from the health record: Discharge summary.pdf.')
  await page.getByRole('button', { name: 'Submit Referral' }).click()
  await expect(page.getByText('Referral Submitted!')).toBeVisible()
  await expect(page).toHaveURL(/\/referrer-dashboard$/)

  const mine = (await (await page.request.get('/api/referrals/mine')).json()) as { items: { id: string }[] }
  const submitted = (await (await page.request.get(`/api/referrals/${mine.items[0]!.id}`)).json()) as { referral: Record<string, unknown> }
  expect(submitted.referral).toMatchObject({ client_race: 'White', client_ethnicity: 'Not Hispanic or Latino' })

  const referral = page.getByRole('region', { name: 'Referral for Kermit Trantow' })
  const download = page.waitForEvent('download')
  await referral.getByRole('link', { name: 'Download FHIR record of the referral for Kermit Trantow' }).click()
  const file = await (await download).path()
  const bundle = JSON.parse(fs.readFileSync(file, 'utf8'))
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' })
  const patient = bundle.entry[0].resource
  expect(patient).toMatchObject({ resourceType: 'Patient', birthDate: '1993-06-21', gender: 'male', name: [{ family: 'Trantow', given: ['Kermit'] }] })
  const resources: { resourceType: string; [key: string]: any }[] = bundle.entry.map((e: { resource: unknown }) => e.resource)
  expect(resources.find((r) => r.resourceType === 'Task')!.status).toBe('requested')
  // The record's document was uploaded to the referral on submit, and the export links to its access-checked download.
  const document = resources.find((r) => r.resourceType === 'DocumentReference')!
  expect(document.content[0].attachment).toMatchObject({ contentType: 'application/pdf', title: 'Discharge summary.pdf' })
  const stored = await page.request.get(document.content[0].attachment.url)
  expect(stored.status()).toBe(200)
  expect(Buffer.from(await stored.body()).equals(PDF)).toBe(true)
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('a dropped record that is not valid FHIR is refused with where and why; a dropped valid one fills the form', async ({ page }) => {
    await signUpByApi(page)
    await page.goto('/submit-referral')
    const card = page.getByRole('region', { name: 'Start from a health record' })
    await expect(card).toBeVisible()

    await dropFile(page, 'broken.json', JSON.stringify({ resourceType: 'Patient', birthDate: '21/06/1993', gender: 'bloke' }))
    const alert = card.getByRole('alert')
    await expect(alert).toContainText('The health record is not valid FHIR R4')
    await expect(alert).toContainText('Patient.birthDate')
    await expect(alert).toContainText('Patient.gender')
    await expectAccessible(page)

    const race = { url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race', extension: [{ url: 'text', valueString: 'Black' }] }
    const address = [{ use: 'home', city: 'Austin', state: 'TX' }]
    await dropFile(page, 'ada.json', JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Okafor', given: ['Ada'] }], gender: 'female', birthDate: '1950-02-03', address, extension: [race] }))
    // A city without a street is not a previous address (ADR 041): one answer fewer than the address once gave.
    await expect(card.getByRole('status')).toContainText('6 answers filled in from the health record')
    // Race offered and left out: she does not include it.
    await expect(page.getByRole('group', { name: 'Race and ethnicity' })).toContainText('Race: Black')
    await expect(page.getByRole('checkbox', { name: 'Include race and ethnicity' })).not.toBeChecked()
    await expect(alert).toHaveCount(0)
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    await page.getByLabel('Your Role').selectOption('family')
    await page.getByLabel('Phone').fill('(555) 010-7777')
    await next(page)
    await expect(page.getByLabel('First Name')).toHaveValue('Ada')
    await expect(page.getByLabel('Last Name')).toHaveAccessibleDescription(FROM_RECORD)
    await expect(page.getByLabel('Race')).toHaveValue('')
    for (let i = 0; i < 4; i++) await next(page)
    await expect(stepHeading(page, 'Care Requirements & Preferences')).toBeVisible()
    await page.getByLabel('Monthly Budget').selectOption('$3,000-$4,000')
    await page.getByRole('button', { name: 'Submit Referral' }).click()
    await expect(page.getByText('Referral Submitted!')).toBeVisible()
    const mine = (await (await page.request.get('/api/referrals/mine')).json()) as { items: { id: string }[] }
    const submitted = (await (await page.request.get(`/api/referrals/${mine.items[0]!.id}`)).json()) as { referral: Record<string, unknown> }
    expect(submitted.referral).toMatchObject({ client_first_name: 'Ada', client_race: null, client_ethnicity: null })
  })
})

test("a Homeward export imported in the browser fills the referrer's step, the cities, and the requirements' checkboxes (ADR 041)", async ({ page }) => {
  await signUpByApi(page)
  const created = await page.request.post('/api/referrals', {
    data: {
      referrer_name: 'Dana Whitfield',
      referrer_relationship: 'social-worker',
      referrer_email: 'dana@agency.example',
      referrer_phone: '(555) 010-0100',
      referral_source: 'County hospital',
      client_first_name: 'Eleanor',
      client_last_name: 'Price',
      client_dob: '1948-03-14',
      client_gender: 'female',
      preferred_state: 'TX',
      preferred_cities: 'Austin, Round Rock',
      case_manager_name: 'Maria Lopez',
      substance_aa_na_frequency: '3',
      requires_wheelchair_accessible: true,
      is_urgent: true,
      budget_range: '$2,000-$3,000',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const exported = await page.request.get(`/api/referrals/${(await created.json()).referral.id}/fhir`)
  expect(exported.status()).toBe(200)

  await page.goto('/submit-referral')
  const card = page.getByRole('region', { name: 'Start from a health record' })
  await card.getByLabel('Choose a health record (.json)').setInputFiles({ name: 'referral.fhir.json', mimeType: 'application/json', buffer: Buffer.from(await exported.text()) })
  await expect(card.getByRole('status')).toContainText('answers filled in from the health record')
  await expect(page.getByLabel('Your Role')).toHaveValue('social-worker')
  await expect(page.getByLabel('Phone')).toHaveValue('(555) 010-0100')
  await expect(page.getByLabel('Referral Source')).toHaveValue('County hospital')
  await next(page)
  await expect(page.getByLabel('Preferred Cities')).toHaveValue('Austin, Round Rock')
  await next(page)
  await next(page)
  await expect(page.getByLabel('Meetings per Week')).toHaveValue('3')
  await next(page)
  await expect(page.getByLabel('Case Manager Name')).toHaveValue('Maria Lopez')
  await next(page)
  await expect(page.getByLabel('Wheelchair accessible')).toBeChecked()
  await expect(page.getByLabel('Pet friendly')).not.toBeChecked()
  await expect(page.getByLabel('Urgent placement (shown first to operators)')).toBeChecked()
  await expect(page.getByLabel('Monthly Budget')).toHaveValue('$2,000-$3,000')
})
