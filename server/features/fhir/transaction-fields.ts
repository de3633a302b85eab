import type { z } from 'zod'
import { createReferralSchema, type CreateReferralInput } from '../referrals'
import type { FhirResource } from './fhir-types'
import { formValue, type DraftFields } from './import-draft'
import { US_CORE_ETHNICITY, US_CORE_RACE } from './map-patient'
import { refused, type TransactionEntry } from './transaction-read'
import { extensionUrl, REFERRAL_EXTENSIONS as X } from './structure-definitions'

type Field = keyof z.input<typeof createReferralSchema>

/**
 * Where each form field comes from in a transaction (ADR 041 has the table):
 * the resource type and the FHIRPath below it. A refusal names the element of
 * the Bundle (`Bundle.entry[0].resource.birthDate`), or, when the Bundle has
 * no such resource, the element it should have (`ServiceRequest.orderDetail`).
 */
const ext = (url: string) => `extension('${url}')`
const ELEMENT: Record<Field, [string, string]> = {
  referrer_name: ['Practitioner', 'name'],
  referrer_relationship: ['PractitionerRole', 'code'],
  referrer_email: ['PractitionerRole', 'telecom'],
  referrer_phone: ['PractitionerRole', 'telecom'],
  referral_source: ['ServiceRequest', ext(extensionUrl(X.referralSource))],
  client_first_name: ['Patient', 'name.given'],
  client_last_name: ['Patient', 'name.family'],
  client_dob: ['Patient', 'birthDate'],
  client_gender: ['Patient', 'gender'],
  client_phone: ['Patient', 'telecom'],
  client_previous_address: ['Patient', 'address.text'],
  client_city: ['Patient', 'address.city'],
  client_zip: ['Patient', 'address.postalCode'],
  client_marital_status: ['Patient', 'maritalStatus'],
  client_race: ['Patient', ext(US_CORE_RACE)],
  client_ethnicity: ['Patient', ext(US_CORE_ETHNICITY)],
  client_primary_language: ['Patient', 'communication.language'],
  preferred_state: ['ServiceRequest', ext(extensionUrl(X.preferredLocation))],
  preferred_cities: ['ServiceRequest', ext(extensionUrl(X.preferredLocation))],
  emergency_contact_name: ['RelatedPerson', 'name'],
  emergency_contact_phone: ['RelatedPerson', 'telecom'],
  emergency_contact_relationship: ['RelatedPerson', 'relationship'],
  emergency_contact_address: ['RelatedPerson', 'address'],
  legal_pending_cases: ['ServiceRequest', ext(extensionUrl(X.legal))],
  legal_current_probation: ['ServiceRequest', ext(extensionUrl(X.legal))],
  legal_previous_cj_involvement: ['ServiceRequest', ext(extensionUrl(X.legal))],
  legal_cj_contact_name: ['ServiceRequest', ext(extensionUrl(X.legal))],
  legal_cj_contact_phone: ['ServiceRequest', ext(extensionUrl(X.legal))],
  client_medical_conditions: ['Condition', 'code'],
  health_psychiatric_conditions: ['Condition', 'code'],
  health_current_medications: ['MedicationStatement', 'medicationCodeableConcept'],
  health_allergies: ['AllergyIntolerance', 'code'],
  health_current_provider: ['Patient', 'generalPractitioner'],
  health_current_doctor: ['Patient', 'generalPractitioner'],
  health_doctor_phone: ['Patient', 'generalPractitioner'],
  substance_attends_aa_na: ['ServiceRequest', ext(extensionUrl(X.substanceUse))],
  substance_aa_na_frequency: ['ServiceRequest', ext(extensionUrl(X.substanceUse))],
  substance_last_use_date: ['ServiceRequest', ext(extensionUrl(X.substanceUse))],
  substance_sobriety_length: ['ServiceRequest', ext(extensionUrl(X.substanceUse))],
  income_source: ['ServiceRequest', ext(extensionUrl(X.income))],
  income_people_dependent: ['ServiceRequest', ext(extensionUrl(X.income))],
  income_minors_dependent: ['ServiceRequest', ext(extensionUrl(X.income))],
  benefits_types: ['ServiceRequest', ext(extensionUrl(X.benefit))],
  medicaid_status: ['ServiceRequest', ext(extensionUrl(X.medicaidStatus))],
  case_manager_name: ['Patient', 'contact.name'],
  case_manager_phone: ['Patient', 'contact.telecom'],
  case_manager_agency: ['Patient', 'contact.organization'],
  requires_wheelchair_accessible: ['ServiceRequest', 'orderDetail'],
  requires_pet_friendly: ['ServiceRequest', 'orderDetail'],
  requires_private_room: ['ServiceRequest', 'orderDetail'],
  requires_medical_care_24_7: ['ServiceRequest', 'orderDetail'],
  requires_sex_offender_friendly: ['ServiceRequest', 'orderDetail'],
  level_of_care: ['ServiceRequest', 'orderDetail'],
  funding_source: ['ServiceRequest', 'orderDetail'],
  timeline: ['ServiceRequest', 'orderDetail'],
  is_urgent: ['ServiceRequest', 'priority'],
  budget_range: ['ServiceRequest', 'orderDetail'],
  client_mobility_needs: ['ServiceRequest', 'note'],
  client_dietary_restrictions: ['ServiceRequest', 'note'],
  client_behavioral_notes: ['ServiceRequest', 'note'],
  additional_notes: ['ServiceRequest', 'note'],
}

/**
 * The referral's input from the fields a Bundle gave, through the form's own
 * schema (createReferralSchema, the browser's): nothing cut, nothing guessed;
 * what the form refuses is refused with the element it came from.
 */
export function referralInput(fields: DraftFields, entries: TransactionEntry[], referrer: FhirResource[]): CreateReferralInput {
  const values: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) values[field] = formValue(field, value)
  const parsed = createReferralSchema.safeParse(values)
  if (parsed.success) return parsed.data
  const issues: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as Field
    const [type, path] = ELEMENT[field] ?? ['ServiceRequest', '']
    const own = field.startsWith('referrer_') ? entries.find((e) => referrer.includes(e.resource) && e.resource.resourceType === type) : undefined
    const at = own ?? entries.find((e) => e.resource.resourceType === type)
    const expression = at ? `${at.location}.${path}` : `${type === 'PractitionerRole' || type === 'Practitioner' ? 'ServiceRequest.requester' : `${type}.${path}`}`
    issues[expression.replace(/\.$/, '')] ??= issue.message
  }
  throw refused(`The referral is not complete or not valid: ${parsed.error.issues[0]!.message}`, issues)
}
