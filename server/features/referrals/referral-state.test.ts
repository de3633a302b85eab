import { describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import { outbox, properties, referral_interests, referral_payments } from '../../db/schema'
import { createUser, db, setupTestDb } from '../../test/setup'
import { lookupZip } from '../geo/zip'

setupTestDb()

const referralBody = (state: string, city: string) => ({
  referrer_name: 'Dana Whitfield',
  referrer_relationship: 'case-manager',
  referrer_email: 'dana@example.com',
  referrer_phone: '(555) 010-0100',
  client_first_name: 'Eleanor',
  client_last_name: 'Price',
  client_dob: '1948-03-14',
  client_gender: 'female',
  budget_range: '$3,000-$4,000',
  preferred_state: state,
  preferred_cities: [city],
})

async function home(operatorId: string, zip: string) {
  const place = lookupZip(zip)!
  await db
    .insert(properties)
    .values({
      operator_id: operatorId,
      name: `Home ${zip}`,
      address: '1 Main St',
      city: place.city,
      state: place.state,
      zip_code: zip,
      total_beds: 6,
      available_beds: 2,
      monthly_fee_cents: 300000,
      is_active: true,
      latitude: place.latitude,
      longitude: place.longitude,
    })
    .run()
}

const submittedMail = async (referralId: string) =>
  (await db.select().from(outbox).where(and(eq(outbox.referral_id, referralId), eq(outbox.type, 'referral_submitted'))).all()).map((m) => m.text_body)

/** The referral as its referrer's dashboard, message list and FHIR Task see it. */
type TestUser = Awaited<ReturnType<typeof createUser>>

async function seen(owner: TestUser, id: string) {
  const card = (await owner.agent.get('/api/referrals/mine')).json.items.find((r: { id: string }) => r.id === id)
  const listed = (await owner.agent.get('/api/conversations/referrals')).json.items.find((r: { id: string }) => r.id === id)
  const fhir = (await owner.agent.get(`/api/referrals/${id}/fhir`)).json
  const task = fhir.entry.map((e: { resource: { resourceType: string } }) => e.resource).find((r: { resourceType: string }) => r.resourceType === 'Task')
  expect(listed.state).toEqual(card.state)
  return { ...card.state, task: task.businessStatus.coding[0].code }
}

describe("one state decides a referral's badge, its card's sentence, its e-mail and its FHIR step", () => {
  test('no home told: the e-mail and the card both say so, and neither promises a response', async () => {
    const owner = await createUser()
    const res = await owner.agent.post('/api/referrals', referralBody('SD', 'Pierre'))
    expect(res.status).toBe(201)
    const id = res.json.referral.id
    const state = await seen(owner, id)
    expect(state).toMatchObject({ step: 'submitted', label: 'Submitted', task: 'submitted' })
    expect(state.sentence).toStartWith('No home has been told about this referral yet.')
    const [mail] = await submittedMail(id)
    expect(mail).toContain(`We received your referral for E. P. ${state.sentence}`)
    expect(mail).not.toContain('being notified now')
    expect(mail).not.toContain('24-48 hours')
  })

  test('homes told, then interest, an unlock and a reported placement: every view moves together, never "Pending"', async () => {
    const [owner, a, b] = await Promise.all([createUser(), createUser({ roles: ['operator'] }), createUser({ roles: ['operator'] })])
    await home(a.id, '82601')
    await home(b.id, '82604')
    const id = (await owner.agent.post('/api/referrals', referralBody('WY', 'Casper'))).json.referral.id

    let state = await seen(owner, id)
    expect(state).toMatchObject({ step: 'matched', label: 'Sent to homes', sentence: '2 homes have been told about this referral; none has answered yet.', task: 'matched' })
    const mails = await submittedMail(id)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('We received your referral for E. P. 2 homes have been told about this referral; none has answered yet.')
    expect(mails[0]).toContain('24-48 hours')

    await db.insert(referral_interests).values({ referral_id: id, operator_id: a.id }).run()
    state = await seen(owner, id)
    expect(state).toMatchObject({ step: 'interest', label: 'Interest shown', task: 'interest' })
    expect(state.sentence).toBe('One home has expressed interest in this referral. Reply to them in Messages.')

    await db.insert(referral_payments).values({ referral_id: id, operator_id: b.id, amount_cents: 50000, provider: 'offline', status: 'held_in_escrow', paid_at: new Date() }).run()
    state = await seen(owner, id)
    expect(state).toMatchObject({ step: 'unlocked', label: 'Unlocked', task: 'unlocked' })
    expect(state.sentence).toBe('One home has unlocked the full details of this referral and can contact you.')
    expect(state.sentence).not.toContain('No home')

    await db.update(referral_payments).set({ operator_confirmation: 'placed' }).where(eq(referral_payments.referral_id, id)).run()
    state = await seen(owner, id)
    expect(state).toMatchObject({ step: 'placement_reported', label: 'Placement reported', tone: 'yellow', task: 'placement_reported' })
    expect(state.sentence).toStartWith('A home reports your client placed.')
    // The submission e-mail was sent once, by the first matching run.
    expect(await submittedMail(id)).toHaveLength(1)
  })
})
