import { MAX_DOCUMENT_BYTES } from '../documents'
import type { Address, Attachment, CodeableConcept, ContactPoint, FhirResource, HumanName, Reference } from './fhir-types'
import { clean, codesOf, conceptText, nameText, phoneOf, preferredName } from './fhir-text'
import type { DraftFields, OfferedDocument } from './import-draft'
import { addressText } from './map-patient'

/** Coverage, the emergency contact, the general practitioner and the documents (ADR 026). */

/**
 * Source of Payment Typology (PHVS, used by US Core Coverage.type): 1 Medicare, 2 Medicaid, 3 other
 * government — of which only 31 (Department of Defense, TRICARE) and 32 (Department of Veterans Affairs)
 * are military or veterans' benefits; 33–39 are the Indian Health Service, HRSA, state and local
 * programmes — 5 private health insurance, 6 Blue Cross/Blue Shield, 7 managed care, 8 no payer (81 self-pay).
 * The form has no "insurance" source: an insurer or another programme paying is "other", never private pay.
 */
const SOPT = 'urn:oid:2.16.840.1.113883.3.221.5'
type Coverage = FhirResource & { status?: string; type?: CodeableConcept; payor?: Reference[]; class?: { name?: string; value?: string }[] }

export function fundingOf(coverage: Coverage): 'medicaid_waiver' | 'medicare' | 'va' | 'other' | 'private_pay' {
  const sopt = codesOf(coverage.type, SOPT)
  const words = [conceptText(coverage.type), ...(coverage.payor ?? []).map((p) => p.display), ...(coverage.class ?? []).map((c) => c.name)].join(' ')
  if (sopt.some((c) => c.startsWith('2')) || /medicaid|waiver/i.test(words)) return 'medicaid_waiver'
  if (sopt.some((c) => c.startsWith('1')) || /medicare/i.test(words)) return 'medicare'
  if (sopt.some((c) => c.startsWith('31') || c.startsWith('32')) || /\bva\b|veteran|tricare/i.test(words)) return 'va'
  if (sopt.some((c) => /^[3-7]/.test(c))) return 'other'
  return 'private_pay'
}
const PREFERENCE = ['medicaid_waiver', 'medicare', 'va', 'other', 'private_pay'] as const

/** Active coverages → the funding source (Medicaid first, then Medicare, VA, another payer, private) and the Medicaid status and benefits. */
export function mapCoverage(coverages: FhirResource[]): DraftFields {
  const active = (coverages as Coverage[]).filter((c) => c.status === 'active' || c.status === 'draft')
  if (!active.length) return {}
  const kinds = new Set(active.map(fundingOf))
  const funding = PREFERENCE.find((k) => kinds.has(k))
  const medicaid = active.filter((c) => fundingOf(c) === 'medicaid_waiver')
  const benefits = [kinds.has('medicaid_waiver') && 'Medicaid', kinds.has('medicare') && 'Medicare', kinds.has('va') && 'VA Benefits'].filter((b): b is string => !!b)
  return {
    funding_source: funding,
    medicaid_status: medicaid.some((c) => c.status === 'active') ? 'active' : medicaid.length ? 'pending' : undefined,
    benefits_types: benefits.length ? benefits : undefined,
  }
}

type Person = { name?: HumanName | HumanName[]; telecom?: ContactPoint[]; relationship?: CodeableConcept[]; address?: Address | Address[]; active?: boolean }
/**
 * v2-0131 (Contact Role): C is "Emergency Contact"; EP, "Emergency contact person", was withdrawn after
 * v2.3 but still means the same in old feeds. E is the Employer, F a federal agency, I an insurance
 * company, S a state agency: organisations, never the person to call.
 */
const V2_0131 = 'http://terminology.hl7.org/CodeSystem/v2-0131'
const EMERGENCY = new Set(['C', 'EP'])
const NOT_A_PERSON = new Set(['E', 'F', 'I', 'S'])
const roles = (p: Person) => (p.relationship ?? []).flatMap((r) => codesOf(r, V2_0131))

/** The emergency contact: an active RelatedPerson (one coded as emergency contact first), else the Patient's contact; never an employer or agency. */
export function mapEmergencyContact(related: FhirResource[], patientContacts: Person[] | undefined): DraftFields {
  const people = [...(related as Person[]).filter((p) => p.active !== false), ...(patientContacts ?? [])].filter((p) => !roles(p).some((c) => NOT_A_PERSON.has(c)))
  const person = people.find((p) => roles(p).some((c) => EMERGENCY.has(c))) ?? people[0]
  if (!person) return {}
  const name = Array.isArray(person.name) ? preferredName(person.name) : person.name
  const relationship = (person.relationship ?? []).map(conceptText).filter((t) => t && !/^emergency contact$/i.test(t))
  return {
    emergency_contact_name: nameText(name),
    emergency_contact_phone: phoneOf(person.telecom),
    emergency_contact_relationship: clean(relationship.join(', ')),
    emergency_contact_address: addressText(Array.isArray(person.address) ? person.address[0] : person.address),
  }
}

/** The general practitioner: a Practitioner (name, phone) and an Organization (the provider), else the references' display. */
export function mapGeneralPractitioner(refs: Reference[] | undefined, resolve: (ref: Reference) => FhirResource | undefined): DraftFields {
  const out: DraftFields = {}
  for (const ref of refs ?? []) {
    const target = resolve(ref) as (FhirResource & Person & { name?: unknown }) | undefined
    const kind = target?.resourceType ?? ref.type ?? ref.reference?.split('/')[0]
    if (kind === 'Practitioner' || kind === 'PractitionerRole') {
      out.health_current_doctor ??= target ? nameText(preferredName(target.name as HumanName[])) : clean(ref.display)
      out.health_doctor_phone ??= target ? phoneOf(target.telecom) : undefined
    } else if (kind === 'Organization') {
      out.health_current_provider ??= clean(typeof target?.name === 'string' ? target.name : undefined) ?? clean(ref.display)
    }
  }
  return out
}

/** What the documents upload takes (documents.schemas.ts): PDF, Word, JPEG and PNG. */
const DOCUMENT_TYPES = new Set(['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'image/jpeg', 'image/png'])

/** Inline attachments of current DocumentReferences, offered as the referral's documents; the rest are counted as skipped. */
export function mapDocuments(references: FhirResource[]) {
  const offered: OfferedDocument[] = []
  let unusable = 0
  for (const d of references as (FhirResource & { status?: string; description?: string; content?: { attachment?: Attachment }[] })[]) {
    for (const { attachment } of d.content ?? []) {
      const size = attachment?.data ? Math.floor((attachment.data.length * 3) / 4) : 0
      if (d.status !== 'current' || !attachment?.data || !DOCUMENT_TYPES.has(attachment.contentType ?? '') || size > MAX_DOCUMENT_BYTES) {
        unusable++
        continue
      }
      offered.push({ title: clean(attachment.title) ?? clean(d.description) ?? `document-${offered.length + 1}`, content_type: attachment.contentType!, data: attachment.data })
    }
  }
  return { offered, unusable }
}
