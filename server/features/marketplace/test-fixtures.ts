/**
 * Test data for the marketplace tests: referrals inserted directly (every
 * sensitive field filled with a recognisable value, so masking tests can look
 * for any of them in a response), premium operators, and checkout completion
 * through the registered 'unlock' fulfilment.
 */
import { eq } from 'drizzle-orm'
import { transaction } from '../../db/unit-of-work'
import { referral_payments, referrals } from '../../db/schema'
import { clock } from '../../lib/clock'
import { fulfilmentFor } from '../../payments/fulfilment'
import { createUser, db } from '../../test/setup'
import '../../composition'

/** Every field a masked card must not carry, with the value stored for it. */
export const SENSITIVE: Record<string, unknown> = {
  client_dob: '1948-03-14',
  client_phone: '(555) 901-7788',
  client_previous_address: '77 Hidden Lane',
  client_city: 'Secretville',
  client_zip: '73301',
  client_marital_status: 'widowed-secret',
  client_race: 'race-secret',
  client_ethnicity: 'ethnicity-secret',
  client_primary_language: 'language-secret',
  emergency_contact_name: 'Emergency Person-Secret',
  emergency_contact_phone: '(555) 901-1111',
  emergency_contact_relationship: 'emergency-relationship-secret',
  emergency_contact_address: '12 Emergency Road',
  legal_pending_cases: true,
  legal_current_probation: true,
  legal_previous_cj_involvement: true,
  legal_cj_contact_name: 'Legal Officer-Secret',
  legal_cj_contact_phone: '(555) 901-2222',
  client_medical_conditions: 'Medical-Secret diabetes',
  health_psychiatric_conditions: 'Psychiatric-Secret',
  health_current_medications: 'Medication-Secret',
  health_allergies: 'Allergy-Secret',
  health_current_provider: 'Provider-Secret',
  health_current_doctor: 'Doctor-Secret',
  health_doctor_phone: '(555) 901-3333',
  substance_attends_aa_na: true,
  substance_aa_na_frequency: 3,
  substance_last_use_date: '2019-01-01',
  substance_sobriety_length: 'Sobriety-Secret',
  income_source: 'Income-Secret',
  income_people_dependent: 2,
  income_minors_dependent: 1,
  benefits_types: ['Benefit-Secret'],
  medicaid_status: 'Medicaid-Secret',
  case_manager_name: 'Case Manager-Secret',
  case_manager_phone: '(555) 901-4444',
  case_manager_agency: 'Agency-Secret',
  client_mobility_needs: 'Mobility-Secret',
  client_dietary_restrictions: 'Dietary-Secret',
  client_behavioral_notes: 'Behavioral-Secret',
  additional_notes: 'Notes-Secret',
  referrer_phone: '(555) 901-5555',
  referrer_email: 'referrer-secret@example.com',
}

export const CLIENT_FIRST = 'Josephine'
export const CLIENT_LAST = 'Delacroix'

let n = 0
/** A pending referral of `referrerId` (newer ones get later created_at). */
export async function insertReferral(referrerId: string | null, overrides: Partial<typeof referrals.$inferInsert> = {}) {
  n++
  return db
    .insert(referrals)
    .values({
      referrer_user_id: referrerId,
      referrer_name: 'Dana Referrer',
      referrer_relationship: 'case-manager',
      referrer_email: SENSITIVE.referrer_email as string,
      referrer_phone: SENSITIVE.referrer_phone as string,
      client_first_name: CLIENT_FIRST,
      client_last_name: CLIENT_LAST,
      client_dob: SENSITIVE.client_dob as string,
      client_age: 70,
      client_gender: 'female',
      preferred_state: 'TX',
      preferred_cities: ['Austin', 'Round Rock'],
      budget_range: '$3,000-$4,000',
      status: 'pending',
      visibility_level: 'masked',
      created_at: new Date(clock.ms() - 1_000_000 + n * 1000),
      ...(SENSITIVE as Partial<typeof referrals.$inferInsert>),
      ...overrides,
    })
    .returning()
    .get()
}

export const premiumOperator = (opts: { licensing_type?: 'licensed' | 'in_progress' | 'unlicensed'; plan?: 'premium' | 'complimentary' | 'trialing' | 'free' } = {}) =>
  createUser({ roles: ['operator'], plan: opts.plan ?? 'premium', licensing_type: opts.licensing_type })

export const referrer = () => createUser({ roles: ['referrer'] })

/** Completes an unlock checkout like billing's webhook or offline page does, and runs its after-commit effects. */
export async function completeCheckout(paymentId: string, ref: { provider: 'stripe' | 'offline'; payment_intent_id?: string | null } = { provider: 'offline' }) {
  await transaction(db, (tx) => fulfilmentFor('unlock')!.complete(tx, paymentId, ref))
  await Bun.sleep(0)
}

export async function cancelCheckout(paymentId: string) {
  await transaction(db, (tx) => fulfilmentFor('unlock')!.cancel(tx, paymentId))
}

export const payment = async (id: string) => (await db.select().from(referral_payments).where(eq(referral_payments.id, id)).get())!

/** Starts an unlock for `agent` on `referralId` and pays it offline. Returns the payment id. */
export async function unlockAndPay(agent: { post: (p: string, b?: unknown) => Promise<{ status: number; json: any }> }, referralId: string) {
  const res = await agent.post(`/api/referrals/${referralId}/unlock`)
  if (res.status !== 201) throw new Error(`unlock failed: ${res.status} ${JSON.stringify(res.json)}`)
  await completeCheckout(res.json.payment_id)
  return res.json.payment_id as string
}
