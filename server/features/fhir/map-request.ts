import { CASE_MANAGER_ROLE, HOMEWARD_SYSTEM, NOTE_PREFIXES, REQUIREMENTS } from './export-resources'
import type { Address, CodeableConcept, ContactPoint, FhirResource, HumanName, Reference } from './fhir-types'
import { clean, codesOf, nameText, phoneOf, preferredName } from './fhir-text'
import type { DraftFields } from './import-draft'
import { extensionsOf, partOf, REFERRAL_EXTENSIONS as X, extensionValue } from './structure-definitions'

/**
 * The referral's own answers from a ServiceRequest (ADR 041): its requester
 * (the referrer), the order details (requirements, level of care, funding,
 * timeline, budget), priority, notes and Homeward's extensions — what a
 * Homeward export carries and an EHR's record usually does not. Codes are read
 * only in Homeward's own systems; a value outside the form's lists is left for
 * the form's schema to refuse (the transaction) or leave out (the draft).
 */

type Person = FhirResource & { name?: HumanName[]; telecom?: ContactPoint[]; practitioner?: Reference; code?: CodeableConcept[] }
type ServiceRequest = FhirResource & { requester?: Reference; orderDetail?: CodeableConcept[]; priority?: string; note?: { text?: string }[] }

const yesNo = (v: unknown) => (v === true ? 'yes' : v === false ? 'no' : undefined)
const count = (v: unknown) => (typeof v === 'number' ? String(v) : undefined)
const emailOf = (telecom: ContactPoint[] | undefined) => clean(telecom?.find((t) => t.system === 'email' && t.use !== 'old')?.value)
/** Codes of Homeward's `name` system in these concepts. */
const homewardCodes = (concepts: CodeableConcept[] | undefined, name: string) => (concepts ?? []).flatMap((c) => codesOf(c, HOMEWARD_SYSTEM(name)))

/** The referrer: the requester, a PractitionerRole (role, contact) of a Practitioner (name), or a Practitioner alone. */
export function mapRequester(request: ServiceRequest, resolve: (ref: Reference) => FhirResource | undefined): { fields: DraftFields; used: FhirResource[] } {
  const target = request.requester ? (resolve(request.requester) as Person | undefined) : undefined
  if (!target) return { fields: request.requester?.display ? { referrer_name: clean(request.requester.display) } : {}, used: [] }
  const person = target.resourceType === 'PractitionerRole' && target.practitioner ? (resolve(target.practitioner) as Person | undefined) : target.resourceType === 'Practitioner' ? target : undefined
  const telecom = [...(target.telecom ?? []), ...(person && person !== target ? (person.telecom ?? []) : [])]
  const role = target.resourceType === 'PractitionerRole' ? homewardCodes(target.code, 'referrer-role')[0] : undefined
  return {
    fields: {
      referrer_name: nameText(preferredName(person?.name)) ?? clean(target.practitioner?.display) ?? clean(request.requester?.display),
      referrer_email: emailOf(telecom),
      referrer_phone: phoneOf(telecom),
      referrer_relationship: role,
    },
    used: [target, ...(person ? [person] : [])],
  }
}

/** The order details, priority, notes and extensions of the ServiceRequest. */
export function mapServiceRequest(request: ServiceRequest): DraftFields {
  const details = request.orderDetail
  const code = (name: string) => homewardCodes(details, name)[0]
  const requirements = new Set(homewardCodes(details, 'requirement'))
  const fields: DraftFields = {
    level_of_care: code('level-of-care'),
    funding_source: code('funding-source'),
    timeline: code('timeline'),
    budget_range: code('budget-range'),
    // Urgent (or faster: asap, stat) is the form's "urgent" flag; routine says nothing more than unchecked.
    is_urgent: request.priority && request.priority !== 'routine' ? 'true' : undefined,
  }
  for (const field of Object.keys(REQUIREMENTS) as (keyof typeof REQUIREMENTS)[]) if (requirements.has(field.replace('requires_', ''))) fields[field] = 'true'
  for (const note of request.note ?? []) {
    for (const [field, prefix] of Object.entries(NOTE_PREFIXES) as [keyof typeof NOTE_PREFIXES, string][]) {
      if (note.text?.startsWith(prefix) && fields[field] === undefined) fields[field] = note.text.slice(prefix.length)
    }
  }

  const places = extensionsOf(request, X.preferredLocation).map((e) => extensionValue<Address>(e, 'Address')).filter((a): a is Address => !!a)
  if (places.length) {
    fields.preferred_state = clean(places[0]!.state)
    fields.preferred_cities = places.map((a) => clean(a.city)).filter((c): c is string => !!c)
  }
  const source = extensionsOf(request, X.referralSource)[0]
  if (source) fields.referral_source = extensionValue<string>(source, 'string')
  const legal = extensionsOf(request, X.legal)[0]
  if (legal) {
    Object.assign(fields, {
      legal_pending_cases: yesNo(partOf(legal, 'pendingCases', 'boolean')),
      legal_current_probation: yesNo(partOf(legal, 'currentProbation', 'boolean')),
      legal_previous_cj_involvement: yesNo(partOf(legal, 'previousInvolvement', 'boolean')),
      legal_cj_contact_name: partOf<string>(legal, 'contactName', 'string'),
      legal_cj_contact_phone: partOf<ContactPoint>(legal, 'contactPhone', 'ContactPoint')?.value,
    })
  }
  const substance = extensionsOf(request, X.substanceUse)[0]
  if (substance) {
    Object.assign(fields, {
      substance_attends_aa_na: yesNo(partOf(substance, 'attendsMutualSupport', 'boolean')),
      substance_aa_na_frequency: count(partOf(substance, 'meetingsPerWeek', 'unsignedInt')),
      substance_last_use_date: partOf<string>(substance, 'lastUseDate', 'date'),
      substance_sobriety_length: partOf<string>(substance, 'sobrietyLength', 'string'),
    })
  }
  const income = extensionsOf(request, X.income)[0]
  if (income) {
    Object.assign(fields, {
      income_source: partOf<string>(income, 'source', 'string'),
      income_people_dependent: count(partOf(income, 'peopleDependent', 'unsignedInt')),
      income_minors_dependent: count(partOf(income, 'minorsDependent', 'unsignedInt')),
    })
  }
  const benefits = extensionsOf(request, X.benefit).map((e) => extensionValue<{ system?: string; code?: string }>(e, 'Coding')).filter((c) => c?.system === HOMEWARD_SYSTEM('benefit'))
  if (benefits.length) fields.benefits_types = benefits.map((c) => c!.code ?? '')
  const medicaid = extensionValue<{ system?: string; code?: string }>(extensionsOf(request, X.medicaidStatus)[0], 'Coding')
  if (medicaid?.system === HOMEWARD_SYSTEM('medicaid-status')) fields.medicaid_status = medicaid.code
  return fields
}

type Contact = { relationship?: CodeableConcept[]; name?: HumanName; telecom?: ContactPoint[]; organization?: Reference }
export const isCaseManager = (contact: Contact) => homewardCodes(contact.relationship, 'contact-role').includes(CASE_MANAGER_ROLE.code)

/** The client's case manager: the Patient's contact in the case-manager role. */
export function mapCaseManager(contacts: Contact[] | undefined): DraftFields {
  const contact = (contacts ?? []).find(isCaseManager)
  if (!contact) return {}
  return { case_manager_name: nameText(contact.name), case_manager_phone: phoneOf(contact.telecom), case_manager_agency: clean(contact.organization?.display) }
}
