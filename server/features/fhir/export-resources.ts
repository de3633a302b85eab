import { randomUUID } from 'node:crypto'
import type { referrals } from '../../db/schema'
import { clock } from '../../lib/clock'
import { CARE_LEVEL_LABELS, FUNDING_SOURCE_LABELS, TIMELINE_LABELS } from '../care'
import { REFERRER_ROLE_LABELS } from '../referrals'
import { type FhirResource, HOMEWARD_SYSTEM } from './fhir-types'
import { US_CORE_ETHNICITY, US_CORE_RACE } from './map-patient'
import type { ReferralStep } from './referral-step'
import { binaryId, stableId } from './stable-id'
import { complexExtension, REFERRAL_EXTENSIONS, simpleExtension } from './structure-definitions'
import { task } from './task-resource'

/**
 * A referral as FHIR R4 resources (ADR 026 has the mapping, field by field).
 * The free-text lists of the form (conditions, medications, allergies; "; "
 * between items, as the import writes them) become one resource per item.
 */

type Referral = typeof referrals.$inferSelect
export type ExportedDocument = { id: string; file_name: string; file_type: string; file_size: number; description: string | null; created_at: Date }

export { HOMEWARD_SYSTEM } from './fhir-types'
const MARITAL_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus'
const MARITAL_CODES: Record<string, string> = { single: 'S', married: 'M', divorced: 'D', separated: 'L', widowed: 'W' }
const SOPT = 'urn:oid:2.16.840.1.113883.3.221.5'
const FUNDING_SOPT: Record<string, { code: string; display: string } | undefined> = {
  medicaid_waiver: { code: '2', display: 'MEDICAID' },
  medicare: { code: '1', display: 'MEDICARE' },
  va: { code: '32', display: 'Department of Veterans Affairs' },
  private_pay: { code: '81', display: 'Self-pay' },
}
export const REQUIREMENTS = {
  requires_wheelchair_accessible: 'Wheelchair accessible',
  requires_pet_friendly: 'Pet friendly',
  requires_private_room: 'Private room',
  requires_medical_care_24_7: '24/7 medical care',
  requires_sex_offender_friendly: 'Accepts registered sex offenders',
} as const

/** The Patient.contact role of the client's case manager (v2-0131 has no case manager). */
export const CASE_MANAGER_ROLE = { system: HOMEWARD_SYSTEM('contact-role'), code: 'case-manager', display: 'Case manager' }
/** ServiceRequest.note prefixes of the form's four free texts of the Requirements step (ADR 041). */
export const NOTE_PREFIXES = {
  client_mobility_needs: 'Mobility needs: ',
  client_dietary_restrictions: 'Dietary restrictions: ',
  client_behavioral_notes: 'Behavioral notes: ',
  additional_notes: 'Additional information: ',
} as const

/** The items of a list field ("; " or new lines between them). */
export const itemsOf = (text: string | null | undefined) => [...new Set((text ?? '').split(/;|\n/).map((s) => s.trim()).filter(Boolean))]

export type Entry = { fullUrl: string; resource: FhirResource }
/** An entry whose id is derived from the referral's and the resource's key (stable-id.ts): every export names it the same. */
const entry = (r: Referral, key: string, resource: FhirResource): Entry => {
  const id = stableId(r.id, key)
  return { fullUrl: `urn:uuid:${id}`, resource: { ...resource, id } }
}
const ref = (e: Entry) => ({ reference: e.fullUrl })
const text = (t: string) => ({ text: t })
const coded = (system: string, code: string, display: string) => ({ coding: [{ system: HOMEWARD_SYSTEM(system), code, display }], text: display })

function patient(r: Referral, doctor: Entry | null): Entry {
  const extension = [
    r.client_race && { url: US_CORE_RACE, extension: [{ url: 'text', valueString: r.client_race }] },
    r.client_ethnicity && { url: US_CORE_ETHNICITY, extension: [{ url: 'text', valueString: r.client_ethnicity }] },
  ].filter(Boolean)
  const marital = r.client_marital_status
  return entry(r, 'Patient', {
    resourceType: 'Patient',
    ...(extension.length ? { extension } : {}),
    name: [{ use: 'official', family: r.client_last_name, given: r.client_first_name.split(/\s+/) }],
    ...(r.client_phone ? { telecom: [{ system: 'phone', value: r.client_phone, use: 'home' }] } : {}),
    gender: r.client_gender === 'male' || r.client_gender === 'female' ? r.client_gender : 'other',
    birthDate: r.client_dob,
    ...(r.client_previous_address || r.client_city || r.client_zip
      ? { address: [{ use: 'home', ...(r.client_previous_address ? { text: r.client_previous_address } : {}), ...(r.client_city ? { city: r.client_city } : {}), ...(r.client_zip ? { postalCode: r.client_zip } : {}) }] }
      : {}),
    // v3 has no "other": Homeward's own code says the form's answer exactly, beside v3's where there is one.
    ...(marital ? { maritalStatus: { coding: [...(MARITAL_CODES[marital] ? [{ system: MARITAL_SYSTEM, code: MARITAL_CODES[marital] }] : []), { system: HOMEWARD_SYSTEM('marital-status'), code: marital }], text: marital } } : {}),
    ...(r.client_primary_language ? { communication: [{ language: text(r.client_primary_language), preferred: true }] } : {}),
    ...(doctor || r.health_current_provider
      ? {
          generalPractitioner: [
            ...(doctor ? [{ reference: doctor.fullUrl, ...(r.health_current_doctor ? { display: r.health_current_doctor } : {}) }] : []),
            ...(r.health_current_provider ? [{ type: 'Organization', display: r.health_current_provider }] : []),
          ],
        }
      : {}),
    ...(r.case_manager_name || r.case_manager_phone || r.case_manager_agency
      ? {
          contact: [
            {
              relationship: [{ coding: [CASE_MANAGER_ROLE], text: CASE_MANAGER_ROLE.display }],
              ...(r.case_manager_name ? { name: { text: r.case_manager_name } } : {}),
              ...(r.case_manager_phone ? { telecom: [{ system: 'phone', value: r.case_manager_phone, use: 'work' }] } : {}),
              ...(r.case_manager_agency ? { organization: { display: r.case_manager_agency } } : {}),
            },
          ],
        }
      : {}),
  })
}

/** The Primary Doctor (name, phone) as a Practitioner the Patient's generalPractitioner points to. */
function doctorOf(r: Referral): Entry | null {
  if (!r.health_current_doctor && !r.health_doctor_phone) return null
  return entry(r, 'Practitioner:doctor', {
    resourceType: 'Practitioner',
    ...(r.health_current_doctor ? { name: [{ text: r.health_current_doctor }] } : {}),
    ...(r.health_doctor_phone ? { telecom: [{ system: 'phone', value: r.health_doctor_phone, use: 'work' }] } : {}),
  })
}

/**
 * The referrer, the ServiceRequest's requester: a PractitionerRole (their
 * role in the form: case manager, social worker, family…, and the contact the
 * form requires) of a Practitioner (their name). A family member is not a
 * practitioner in the clinical sense, but R4 has no other requester that
 * carries a role and is not tied to the patient (RelatedPerson is the
 * patient's, and the referrer's account is not).
 */
function referrer(r: Referral): [Entry, Entry] {
  const telecom = [{ system: 'phone', value: r.referrer_phone, use: 'work' }, { system: 'email', value: r.referrer_email, use: 'work' }]
  const person = entry(r, 'Practitioner:referrer', { resourceType: 'Practitioner', name: [{ text: r.referrer_name }], telecom })
  const label = REFERRER_ROLE_LABELS[r.referrer_relationship as keyof typeof REFERRER_ROLE_LABELS] ?? r.referrer_relationship
  const role = entry(r, 'PractitionerRole:referrer', {
    resourceType: 'PractitionerRole',
    active: true,
    practitioner: { ...ref(person), display: r.referrer_name },
    code: [{ coding: [{ system: HOMEWARD_SYSTEM('referrer-role'), code: r.referrer_relationship, display: label }], text: label }],
    telecom,
  })
  return [role, person]
}

function conditions(r: Referral, subject: Entry): Entry[] {
  const make = (item: string, behavioural: boolean) =>
    entry(r, `Condition:${behavioural ? 'behavioural' : 'medical'}:${item}`, {
      resourceType: 'Condition',
      clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] },
      category: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item', display: 'Problem List Item' }] },
        ...(behavioural ? [text('Mental or behavioural')] : []),
      ],
      code: text(item),
      subject: ref(subject),
    })
  return [...itemsOf(r.client_medical_conditions).map((c) => make(c, false)), ...itemsOf(r.health_psychiatric_conditions).map((c) => make(c, true))]
}

function medications(r: Referral, subject: Entry): Entry[] {
  return itemsOf(r.health_current_medications).map((line) => {
    const [name, ...dosage] = line.split(' — ')
    return entry(r, `MedicationStatement:${line}`, {
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: text(name!),
      subject: ref(subject),
      ...(dosage.length ? { dosage: [{ text: dosage.join(' — ') }] } : {}),
    })
  })
}

function allergies(r: Referral, patientEntry: Entry): Entry[] {
  return itemsOf(r.health_allergies).map((line) => {
    const [, substance, reaction] = /^(.*?) \(reaction: (.*)\)$/.exec(line) ?? [line, line, undefined]
    return entry(r, `AllergyIntolerance:${line}`, {
      resourceType: 'AllergyIntolerance',
      clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }] },
      code: text(substance!),
      patient: ref(patientEntry),
      ...(reaction ? { reaction: [{ manifestation: [text(reaction)] }] } : {}),
    })
  })
}

function coverages(r: Referral, beneficiary: Entry): Entry[] {
  const make = (funding: string, status: 'active' | 'draft') => {
    const label = FUNDING_SOURCE_LABELS[funding as keyof typeof FUNDING_SOURCE_LABELS]
    const sopt = FUNDING_SOPT[funding]
    return entry(r, `Coverage:${funding}`, {
      resourceType: 'Coverage',
      status,
      type: { ...(sopt ? { coding: [{ system: SOPT, ...sopt }] } : {}), text: label },
      beneficiary: ref(beneficiary),
      payor: [{ display: label }],
    })
  }
  const out: Entry[] = []
  if (r.funding_source) out.push(make(r.funding_source, 'active'))
  if (r.funding_source !== 'medicaid_waiver' && (r.medicaid_status === 'active' || r.medicaid_status === 'pending')) {
    out.push(make('medicaid_waiver', r.medicaid_status === 'active' ? 'active' : 'draft'))
  }
  return out
}

function emergencyContact(r: Referral, patientEntry: Entry): Entry[] {
  if (!r.emergency_contact_name && !r.emergency_contact_phone) return []
  return [
    entry(r, 'RelatedPerson', {
      resourceType: 'RelatedPerson',
      active: true,
      patient: ref(patientEntry),
      relationship: [
        { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' }] },
        ...(r.emergency_contact_relationship ? [text(r.emergency_contact_relationship)] : []),
      ],
      ...(r.emergency_contact_name ? { name: [text(r.emergency_contact_name)] } : {}),
      ...(r.emergency_contact_phone ? { telecom: [{ system: 'phone', value: r.emergency_contact_phone }] } : {}),
      ...(r.emergency_contact_address ? { address: [text(r.emergency_contact_address)] } : {}),
    }),
  ]
}

function documentReferences(r: Referral, docs: ExportedDocument[], subject: Entry, baseUrl: string): Entry[] {
  return docs.map((d) =>
    entry(r, `DocumentReference:${d.id}`, {
      resourceType: 'DocumentReference',
      status: 'current',
      subject: ref(subject),
      date: d.created_at.toISOString(),
      ...(d.description ? { description: d.description } : {}),
      // A link to the access-checked file (a FHIR Binary: a system's token or the browser's session), never the file: it answers only to those who may see it.
      content: [{ attachment: { contentType: d.file_type, url: `${baseUrl}/fhir/r4/Binary/${binaryId(r.id, d.id)}`, title: d.file_name, size: d.file_size } }],
    }),
  )
}

/** ServiceRequest.status from the referral's. */
const SERVICE_REQUEST_STATUS: Record<string, string> = { pending: 'active', matched: 'active', reviewing: 'active', placed: 'completed', rejected: 'revoked', cancelled: 'revoked' }

/** The form's answers that have no R4 element, as Homeward's extensions (structure-definitions.ts, ADR 041). */
function extensions(r: Referral) {
  const X = REFERRAL_EXTENSIONS
  const phone = (value: string | null) => (value ? { system: 'phone', value } : null)
  return [
    ...(r.preferred_state ? [simpleExtension(X.preferredLocation, { state: r.preferred_state, country: 'US' })] : []),
    ...r.preferred_cities.map((city) => simpleExtension(X.preferredLocation, { city, state: r.preferred_state, country: 'US' })),
    ...(r.referral_source ? [simpleExtension(X.referralSource, r.referral_source)] : []),
    complexExtension(X.legal, {
      pendingCases: r.legal_pending_cases,
      currentProbation: r.legal_current_probation,
      previousInvolvement: r.legal_previous_cj_involvement,
      contactName: r.legal_cj_contact_name,
      contactPhone: phone(r.legal_cj_contact_phone),
    }),
    complexExtension(X.substanceUse, {
      attendsMutualSupport: r.substance_attends_aa_na,
      meetingsPerWeek: r.substance_aa_na_frequency,
      lastUseDate: r.substance_last_use_date,
      sobrietyLength: r.substance_sobriety_length,
    }),
    complexExtension(X.income, { source: r.income_source, peopleDependent: r.income_people_dependent, minorsDependent: r.income_minors_dependent }),
    ...(r.benefits_types ?? []).map((b) => simpleExtension(X.benefit, { system: HOMEWARD_SYSTEM('benefit'), code: b, display: b })),
    ...(r.medicaid_status ? [simpleExtension(X.medicaidStatus, { system: HOMEWARD_SYSTEM('medicaid-status'), code: r.medicaid_status })] : []),
  ].filter((e) => !!e)
}

function serviceRequest(r: Referral, subject: Entry, requester: Entry, reasons: Entry[], insurance: Entry[], supporting: Entry[]): Entry {
  const details = [
    r.level_of_care && coded('level-of-care', r.level_of_care, `Level of care: ${CARE_LEVEL_LABELS[r.level_of_care]}`),
    r.funding_source && coded('funding-source', r.funding_source, `Funding: ${FUNDING_SOURCE_LABELS[r.funding_source]}`),
    r.timeline && coded('timeline', r.timeline, `Timeline: ${TIMELINE_LABELS[r.timeline]}`),
    ...Object.entries(REQUIREMENTS).filter(([field]) => r[field as keyof typeof REQUIREMENTS]).map(([field, label]) => coded('requirement', field.replace('requires_', ''), label)),
    coded('budget-range', r.budget_range, `Monthly budget: ${r.budget_range}`),
  ].filter((d) => !!d)
  const notes = (Object.entries(NOTE_PREFIXES) as [keyof typeof NOTE_PREFIXES, string][]).filter(([field]) => r[field]).map(([field, prefix]) => `${prefix}${r[field]}`)
  const ext = extensions(r)
  return entry(r, 'ServiceRequest', {
    resourceType: 'ServiceRequest',
    ...(ext.length ? { extension: ext } : {}),
    identifier: [{ system: HOMEWARD_SYSTEM('referral'), value: r.id }],
    status: SERVICE_REQUEST_STATUS[r.status] ?? 'unknown',
    intent: 'order',
    priority: r.is_urgent ? 'urgent' : 'routine',
    code: text('Placement in a group home'),
    orderDetail: details,
    subject: ref(subject),
    authoredOn: r.created_at.toISOString(),
    requester: { ...ref(requester), display: r.referrer_name },
    // For a reader who knows no extension: the wish in words (the extension above carries it field by field).
    ...(r.preferred_state ? { locationCode: [text([...r.preferred_cities, r.preferred_state].join(', '))] } : {}),
    ...(reasons.length ? { reasonReference: reasons.map(ref) } : {}),
    ...(insurance.length ? { insurance: insurance.map(ref) } : {}),
    ...(supporting.length ? { supportingInfo: supporting.map(ref) } : {}),
    ...(notes.length ? { note: notes.map(text) } : {}),
  })
}

/** The referral as a Bundle of type collection: Patient first, then the request, its Task and what supports it. */
export function referralBundle(r: Referral, docs: ExportedDocument[], step: ReferralStep, baseUrl: string) {
  const doctor = doctorOf(r)
  const p = patient(r, doctor)
  const [role, person] = referrer(r)
  const conds = conditions(r, p)
  const meds = medications(r, p)
  const allergyEntries = allergies(r, p)
  const covers = coverages(r, p)
  const contacts = emergencyContact(r, p)
  const documents = documentReferences(r, docs, p, baseUrl)
  const request = serviceRequest(r, p, role, conds, covers, [...allergyEntries, ...meds, ...contacts, ...documents])
  const entries = [p, request, task(r, request, p, step), role, person, ...(doctor ? [doctor] : []), ...conds, ...meds, ...allergyEntries, ...covers, ...contacts, ...documents]
  return { resourceType: 'Bundle' as const, id: randomUUID(), type: 'collection' as const, timestamp: clock.now().toISOString(), entry: entries }
}
