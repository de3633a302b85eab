import { setUpDom } from '../../../../test/dom'
import { describe, expect, test } from 'bun:test'
import { waitFor } from '@testing-library/react/pure'
import { fakeApi, renderPage, signedIn } from '../../../../test/render'
import type { Me } from '../../auth'
import { DRAFT_KEY } from '../draft-storage'
import { SubmitReferralForm } from './SubmitReferralForm'

setUpDom()

const api = fakeApi(() => ({
  'POST /api/referrals': ({ body }) => ({ status: 201, body: { referral: { id: 'ref-1', ...(body as object) } } }),
}))

const open = (me: Me | null = signedIn('referrer')) => renderPage(<SubmitReferralForm />, { me, path: '/submit-referral' })
type View = ReturnType<typeof open>
type Page = View['page']

/** The visible step's heading, e.g. "Client InformationStep 2 of 6". */
const stepHeading = (page: Page) => page.getByRole('heading', { level: 2 }).textContent
/** Each step is a navigation (?step=N): the new step shows once the router has moved. */
const onStep = (page: Page, n: number, heading: string) => waitFor(() => expect(stepHeading(page)).toBe(`${heading}Step ${n} of 6`))
/** Fields by their label (the required star is not part of it). */
const field = (page: Page, label: string) => page.getByLabelText(new RegExp(`^${label.replace(/[?()$]/g, '\\$&')}( \\*)?$`))
/** Types (or pastes, for long text) and chooses as a user would: React only sees a value the browser changed. */
const fill = async ({ page, user }: View, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) {
    const input = field(page, label)
    if (input instanceof HTMLSelectElement) await user.selectOptions(input, value)
    else {
      await user.clear(input)
      await user.type(input, value)
    }
  }
}
const next = async ({ page, user }: View) => user.click(page.getByRole('button', { name: 'Next' }))
/** The messages shown under the fields (empty alerts are the fields' placeholders). */
const messages = (page: Page) =>
  page
    .queryAllByRole('alert')
    .map((a) => a.textContent)
    .filter(Boolean)
const draft = () => JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null')

/** A draft whose every step passes (stored as the form keeps it). */
const COMPLETE = {
  referrer_name: 'Riley Reed',
  referrer_relationship: 'case-manager',
  referrer_email: 'riley@example.test',
  referrer_phone: '(555) 201-3344',
  client_first_name: 'Jordan',
  client_last_name: 'Lee',
  client_dob: '1960-04-02',
  client_gender: 'male',
  preferred_state: 'CA',
  budget_range: '$2,000-$3,000',
}

/** What makes each step pass; steps 3 to 5 have no required field. */
const STEP_1 = { 'Full Name': 'Riley Reed', 'Your Role': 'case-manager', Email: 'riley@example.test', Phone: '(555) 201-3344' }
const STEP_2 = { 'First Name': 'Jordan', 'Last Name': 'Lee', 'Date of Birth': '1960-04-02', Gender: 'male', 'Preferred State': 'CA', 'ZIP Code': '90210' }

describe('the referral form', () => {
  test('six steps, each checked before the next, then one submission with every answer', async () => {
    const view = open()
    const { page, user } = view
    expect(page.getByRole('list', { name: 'Referral steps' }).querySelectorAll('li')).toHaveLength(6)
    await onStep(page, 1, 'Your Information')
    // The account fills in who refers; the role is still asked.
    expect(field(page, 'Full Name')).toHaveProperty('value', 'Riley Reed')
    expect(field(page, 'Email')).toHaveProperty('value', 'referrer@example.test')
    await fill(view, { 'Your Role': 'case-manager' })
    await next(view)
    await onStep(page, 2, 'Client Information')
    await fill(view, STEP_2)
    await fill(view, { 'Preferred Cities': 'Fresno, Oakland' })
    await next(view)
    await onStep(page, 3, 'Emergency Contact & Legal')
    await fill(view, { 'Pending legal cases?': 'no' })
    await next(view)
    await onStep(page, 4, 'Health & Substance Use')
    await fill(view, { 'Medical Conditions': 'Type 2 diabetes' })
    await next(view)
    await onStep(page, 5, 'Income & Benefits')
    await user.click(page.getByLabelText('SSI'))
    await next(view)
    await onStep(page, 6, 'Care Requirements & Preferences')
    expect(page.queryByRole('button', { name: 'Next' })).toBeNull()

    // The last step's own check comes first: the budget is required.
    await user.click(page.getByRole('button', { name: 'Submit Referral' }))
    expect(messages(page)).toEqual(['Please select a monthly budget'])
    expect(api.made('POST /api/referrals')).toHaveLength(0)

    await fill(view, { 'Monthly Budget': '$2,000-$3,000' })
    await user.click(page.getByLabelText('Wheelchair accessible'))
    await user.click(page.getByRole('button', { name: 'Submit Referral' }))
    await page.findByText('Referral Submitted!')
    const [sent] = api.made('POST /api/referrals')
    // Sent as the shared schema reads it: cities as a list, yes/no as booleans, checkboxes as booleans.
    expect(sent!.body).toMatchObject({
      referrer_name: 'Riley Reed',
      referrer_relationship: 'case-manager',
      client_first_name: 'Jordan',
      client_dob: '1960-04-02',
      preferred_state: 'CA',
      preferred_cities: ['Fresno', 'Oakland'],
      legal_pending_cases: false,
      client_medical_conditions: 'Type 2 diabetes',
      benefits_types: ['SSI'],
      budget_range: '$2,000-$3,000',
      requires_wheelchair_accessible: true,
      requires_pet_friendly: false,
    })
    // Submitted: the draft is gone and the form leaves for the dashboard after its pause.
    expect(draft()).toBeNull()
    expect(page.getByRole('button', { name: 'Submit Referral' })).toHaveProperty('disabled', true)
  })

  test('validation messages: every failing field of the step at once, focus on the first, and they follow what is typed', async () => {
    const view = open(null)
    const { page, user } = view
    // Signed out: nothing is filled in, and the note says an account is needed to submit.
    expect(page.getByRole('note').textContent).toStartWith("You'll need to sign in to submit this referral.")
    await next(view)
    expect(messages(page)).toEqual(['Name is required', 'Please select your role', 'Email is required', 'Phone number is required'])
    expect(document.activeElement).toBe(field(page, 'Full Name'))
    expect(field(page, 'Full Name').getAttribute('aria-invalid')).toBe('true')
    await onStep(page, 1, 'Your Information')

    await user.type(field(page, 'Full Name'), 'R')
    expect(messages(page)).toContain('Name must be at least 2 characters')
    await user.type(field(page, 'Full Name'), 'iley')
    await user.type(field(page, 'Email'), 'not-an-email')
    expect(messages(page)).toEqual(['Please select your role', 'Invalid email address', 'Phone number is required'])

    await fill(view, { ...STEP_1 })
    await next(view)
    await onStep(page, 2, 'Client Information')
    await fill(view, { ...STEP_2, 'Date of Birth': '2999-01-01', 'ZIP Code': '9021' })
    await next(view)
    expect(messages(page)).toEqual(['Date of birth cannot be in the future', 'Invalid ZIP code'])
    await onStep(page, 2, 'Client Information')
  })

  test('the draft keeps the answers and the step in this tab: a new visit resumes there, Back keeps them', async () => {
    const first = open()
    await fill(first, { 'Your Role': 'social-worker', 'Referral Source': 'County hospital' })
    await next(first)
    await fill(first, { 'First Name': 'Jordan', 'Date of Birth': '1960-04-02' })
    expect(draft()).toMatchObject({ step: 1, reached: 1, values: { referrer_relationship: 'social-worker', client_first_name: 'Jordan' } })
    first.unmount()

    // Reload, or back from elsewhere: the same step with the same answers.
    const again = open()
    await onStep(again.page, 2, 'Client Information')
    expect(field(again.page, 'First Name')).toHaveProperty('value', 'Jordan')
    expect(field(again.page, 'Date of Birth')).toHaveProperty('value', '1960-04-02')
    await again.user.click(again.page.getByRole('button', { name: 'Back' }))
    await onStep(again.page, 1, 'Your Information')
    expect(field(again.page, 'Your Role')).toHaveProperty('value', 'social-worker')
    expect(field(again.page, 'Referral Source')).toHaveProperty('value', 'County hospital')
    // A later step cannot be opened by its URL before the answers reach it.
    again.unmount()
    const skipping = renderPage(<SubmitReferralForm />, { me: signedIn('referrer'), path: '/submit-referral', at: '/submit-referral?step=5' })
    await onStep(skipping.page, 2, 'Client Information')
  })

  test("the server's field messages are shown on the step that holds the field", async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step: 5, reached: 5, values: COMPLETE }))
    api.answer('POST /api/referrals', { status: 422, body: { error: { code: 'validation_error', message: 'Last name is too long', fields: { client_last_name: 'Last name is too long' } } } })
    const view = open()
    await onStep(view.page, 6, 'Care Requirements & Preferences')
    await view.user.click(view.page.getByRole('button', { name: 'Submit Referral' }))
    await onStep(view.page, 2, 'Client Information')
    expect(messages(view.page)).toEqual(['Last name is too long'])
    await view.page.findByText('Validation Error')
  })

  test('signed out, submitting keeps the answers in the tab and asks to sign in first', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step: 5, reached: 5, values: COMPLETE }))
    const view = open(null)
    await onStep(view.page, 6, 'Care Requirements & Preferences')
    await view.user.click(view.page.getByLabelText('Pet friendly (client has a pet)'))
    await view.user.click(view.page.getByRole('button', { name: 'Submit Referral' }))
    await view.page.findByText('Please sign in or create an account to submit referrals.')
    expect(api.made('POST /api/referrals')).toHaveLength(0)
    expect(draft()).toMatchObject({ step: 5, values: { client_first_name: 'Jordan', requires_pet_friendly: true } })
  })
})
