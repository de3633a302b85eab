import { US_STATES } from '../geo'
import type { Address, CodeableConcept, ContactPoint, Extension, HumanName } from './fhir-types'
import { clean, codesOf, conceptText, nameText, phoneOf, preferredName } from './fhir-text'
import type { DraftFields } from './import-draft'

type Patient = {
  name?: HumanName[]
  telecom?: ContactPoint[]
  gender?: string
  birthDate?: string
  address?: Address[]
  maritalStatus?: CodeableConcept
  communication?: { language?: CodeableConcept; preferred?: boolean }[]
  extension?: Extension[]
}

export const US_CORE_RACE = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race'
export const US_CORE_ETHNICITY = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-ethnicity'
const MARITAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus'

/** v3-MaritalStatus → the form's choices (UNK says nothing; A, I, P, T are "other"). */
const MARITAL: Record<string, string> = { S: 'single', U: 'single', M: 'married', D: 'divorced', L: 'separated', W: 'widowed', A: 'other', I: 'other', P: 'other', T: 'other' }
const STATE_CODES = new Map(Object.entries(US_STATES).flatMap(([code, name]) => [[code, code], [name.toUpperCase(), code]]))

/** The US Core race or ethnicity extension in words: its `text`, else its categories' displays. */
function omb(extensions: Extension[] | undefined, url: string): string | undefined {
  const ext = extensions?.find((e) => e.url === url)
  if (!ext) return undefined
  const text = ext.extension?.find((e) => e.url === 'text')?.valueString
  const categories = (ext.extension ?? []).filter((e) => e.url === 'ombCategory' || e.url === 'detailed').map((e) => e.valueCoding?.display ?? e.valueCoding?.code)
  return clean(text) ?? clean(categories.filter(Boolean).join(', '))
}

/** The address to read: the home one first, then any current one. */
export function preferredAddress(addresses: Address[] | undefined) {
  const list = (addresses ?? []).filter((a) => a.use !== 'old')
  return list.find((a) => a.use === 'home') ?? list[0]
}

export function addressText(a: Address | undefined): string | undefined {
  if (!a) return undefined
  return clean(a.text) ?? clean([...(a.line ?? []), a.city, [a.state, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '))
}

/** The client's identity and contact from the Patient (ADR 026, "Patient"). */
export function mapPatient(patient: Patient): DraftFields {
  const name = preferredName(patient.name)
  const address = preferredAddress(patient.address)
  const language = patient.communication?.find((c) => c.preferred) ?? patient.communication?.[0]
  const marital = codesOf(patient.maritalStatus, 'urn:homeward:fhir:marital-status')[0] ?? codesOf(patient.maritalStatus, MARITAL_SYSTEM).map((c) => MARITAL[c]).find(Boolean)
  const state = STATE_CODES.get(clean(address?.state)?.toUpperCase() ?? '')
  return {
    client_first_name: clean(name?.given?.join(' ')) ?? (name && !name.family ? nameText(name) : undefined),
    client_last_name: clean(name?.family),
    // The form takes a whole date; a year or a month alone is left for the referrer.
    client_dob: /^\d{4}-\d{2}-\d{2}$/.test(patient.birthDate ?? '') ? patient.birthDate : undefined,
    // FHIR "unknown" says nothing about the client: the referrer chooses. Only "other" is other.
    client_gender: patient.gender === 'male' || patient.gender === 'female' || patient.gender === 'other' ? patient.gender : undefined,
    client_phone: phoneOf(patient.telecom),
    client_city: clean(address?.city),
    client_zip: clean(address?.postalCode),
    // City and ZIP fill their own fields: an address of nothing more is no street address (a Homeward export writes the form's address as text).
    client_previous_address: address?.text || address?.line?.length ? addressText(address) : undefined,
    preferred_state: state,
    client_marital_status: marital,
    client_race: omb(patient.extension, US_CORE_RACE),
    client_ethnicity: omb(patient.extension, US_CORE_ETHNICITY),
    client_primary_language: conceptText(language?.language),
  }
}
