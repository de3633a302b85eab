import type { z } from 'zod'
import { createReferralSchema } from '../referrals'
import { HOMEWARD_SYSTEM } from './export-resources'
import type { FhirResource, Located, Reference } from './fhir-types'
import { conceptText, cutAtWord } from './fhir-text'
import type { HealthRecordImport } from './fhir.responses'
import { type CareLists, mapAllergies, mapConditions, mapMedications } from './map-care'
import { mapPatient } from './map-patient'
import { mapCoverage, mapDocuments, mapEmergencyContact, mapGeneralPractitioner } from './map-related'
import { isCaseManager, mapCaseManager, mapRequester, mapServiceRequest } from './map-request'
import { invalidFhir, readRecord } from './read-record'
import { type FhirIssue, validateR4 } from './r4-validator'
import { keyed } from '../../i18n/keyed'

/** The referral form's fields an import may fill (its names: the form's schema). */
export type DraftFields = Partial<Record<keyof z.input<typeof createReferralSchema>, string | string[] | undefined>>
export type OfferedDocument = { title: string; content_type: string; data: string }
type Skipped = HealthRecordImport['skipped'][number]

/** The resource types the import reads; everything else in a Bundle is counted as skipped. */
export const USED_TYPES = new Set(['Patient', 'Condition', 'MedicationRequest', 'MedicationStatement', 'Medication', 'AllergyIntolerance', 'Coverage', 'RelatedPerson', 'Practitioner', 'PractitionerRole', 'Organization', 'DocumentReference'])
const MAX_ISSUES = 20

/**
 * POST /api/referrals/fhir-import: a FHIR R4 record → a draft of the referral
 * form (ADR 026). Nothing is stored: the answer goes back to the referrer, who
 * reviews every step and submits as usual. The record is validated (the
 * resources it uses) against the R4 definitions first; any error refuses it.
 */
export async function importHealthRecord(text: string): Promise<HealthRecordImport> {
  const located = readRecord(text)
  // An EHR's ServiceRequests are its orders (labs, procedures): only Homeward's referral is read (a Homeward export).
  const used = located.filter((l) => USED_TYPES.has(l.resource.resourceType) || isHomewardReferral(l.resource))
  const issues: FhirIssue[] = []
  for (const l of used) {
    issues.push(...(await validateR4(l.resource, l.location)))
    if (issues.length >= MAX_ISSUES) break
  }
  if (issues.length) throw invalidFhir(keyed('fhir.recordInvalidAt', { location: issues[0]!.location, issue: issues[0]!.message }), issues)

  const patients = used.filter((l) => l.resource.resourceType === 'Patient')
  if (!patients.length) throw invalidFhir('fhir.noPatient', [{ location: 'Bundle.entry', message: 'No Patient resource' }])
  const { fields, skipped, documents } = recordFields(located, patients[0]!, isHomewardReferral)
  if (patients.length > 1) skipped.unshift({ resourceType: 'Patient', count: patients.length - 1, reason: 'A referral is for one client: the first Patient is used' })
  // Race and ethnicity go into the referral only if the referrer chooses to include them: never in the draft itself.
  const { client_race, client_ethnicity, ...formFields } = fields
  const { draft, imported } = fitToForm(formFields, skipped)
  const { draft: raceEthnicity } = fitToForm({ client_race, client_ethnicity }, skipped)
  const others = new Map<string, number>()
  for (const l of located) if (!used.includes(l)) others.set(l.resource.resourceType, (others.get(l.resource.resourceType) ?? 0) + 1)
  for (const [resourceType, count] of others) skipped.push({ resourceType, count, reason: 'Not part of a referral' })
  return { draft, imported, race_ethnicity: raceEthnicity as HealthRecordImport['race_ethnicity'], skipped, documents: documents.offered }
}

/** A ServiceRequest of Homeward's (its referral identifier): the referral's own answers. */
export const isHomewardReferral = (r: FhirResource) =>
  r.resourceType === 'ServiceRequest' && Array.isArray(r.identifier) && (r.identifier as { system?: string }[]).some((i) => i.system === HOMEWARD_SYSTEM('referral'))

/**
 * The form's fields a record gives for this patient, before the form's rules
 * (the draft fits them to the form; the FHIR transaction refuses what the
 * form refuses): shared by the import and POST /fhir/r4 (ADR 026, ADR 041).
 */
export function recordFields(located: Located[], patient: Located, isReferral: (r: FhirResource) => boolean = (r) => r.resourceType === 'ServiceRequest') {
  const used = located.filter((l) => USED_TYPES.has(l.resource.resourceType) || isReferral(l.resource))
  const skipped: Skipped[] = []
  const resolve = resolver(located)
  const mine = (type: string) => used.filter((l) => l.resource.resourceType === type && isAbout(l.resource, patient, resolve)).map((l) => l.resource)
  const care: CareLists = { medical: [], psychiatric: [], medications: [], allergies: [], skipped }
  mapConditions(mine('Condition'), care)
  mapMedications([...mine('MedicationRequest'), ...mine('MedicationStatement')], (ref) => (ref ? (conceptText((resolve(ref) as { code?: never } | undefined)?.code) ?? ref.display) : undefined), care)
  mapAllergies(mine('AllergyIntolerance'), care)
  const documents = mapDocuments(mine('DocumentReference'))
  if (documents.unusable) skipped.push({ resourceType: 'DocumentReference', count: documents.unusable, reason: 'Only current PDF, Word, JPEG or PNG attachments carried inline (at most 10 MB) can become documents' })

  // The referral itself (a Homeward export, a system's transaction): its requester, order details and extensions.
  const request = mine('ServiceRequest')[0]
  const requester = request ? mapRequester(request, resolve) : { fields: {}, used: [] }
  const p = patient.resource as Parameters<typeof mapPatient>[0] & { contact?: never[]; generalPractitioner?: Reference[] }
  const fields: DraftFields = {
    ...mapPatient(p),
    client_medical_conditions: care.medical.join('; '),
    health_psychiatric_conditions: care.psychiatric.join('; '),
    health_current_medications: care.medications.join('; '),
    health_allergies: care.allergies.join('; '),
    substance_last_use_date: care.substanceEnded,
    ...mapCoverage(mine('Coverage')),
    ...mapEmergencyContact(mine('RelatedPerson'), (p.contact ?? []).filter((c) => !isCaseManager(c))),
    ...mapGeneralPractitioner(p.generalPractitioner, resolve),
    ...mapCaseManager(p.contact),
    ...requester.fields,
  }
  // What the ServiceRequest says exactly (Homeward's codes and extensions) wins over what was read from coverages and conditions.
  if (request) for (const [field, value] of Object.entries(mapServiceRequest(request))) if (value !== undefined) fields[field as keyof DraftFields] = value
  careTeam(fields, p.generalPractitioner ?? [], used, resolve, skipped, new Set(requester.used))
  return { fields, skipped, documents, request, referrer: requester.used }
}

/**
 * Primary Doctor and Current Healthcare Provider: the Patient's
 * generalPractitioner first; a record without one (a Synthea export names its
 * clinicians and hospital only as resources of the Bundle) fills them from
 * the record's first Practitioner and first Organization. Every other
 * Practitioner, PractitionerRole and Organization is listed as not imported,
 * never dropped in silence.
 */
function careTeam(fields: DraftFields, gp: Reference[], used: Located[], resolve: (ref: Reference) => FhirResource | undefined, skipped: Skipped[], referrer: Set<FhirResource>) {
  const named = new Set(gp.map(resolve).filter((r): r is FhirResource => !!r))
  // The referrer (the ServiceRequest's requester) is nobody's doctor.
  const of = (type: string) => used.filter((l) => l.resource.resourceType === type && !referrer.has(l.resource)).map((l) => l.resource)
  const taken = new Set<FhirResource>(named)
  const fill = (type: 'Practitioner' | 'Organization', field: 'health_current_doctor' | 'health_current_provider') => {
    const first = of(type)[0]
    if (fields[field] || !first) return
    const filled = mapGeneralPractitioner([{ type }], () => first)
    if (!filled[field]) return
    Object.assign(fields, Object.fromEntries(Object.entries(filled).filter(([k, v]) => v !== undefined && !fields[k as keyof DraftFields])))
    taken.add(first)
  }
  fill('Practitioner', 'health_current_doctor')
  fill('Organization', 'health_current_provider')
  const reasons = {
    Practitioner: 'The form has one Primary Doctor: the first is used',
    PractitionerRole: 'The form has one Primary Doctor: the first is used',
    Organization: 'The form has one Current Healthcare Provider: the first is used',
  } as const
  for (const type of ['Practitioner', 'PractitionerRole', 'Organization'] as const) {
    const left = of(type).filter((r) => !taken.has(r)).length
    if (left) skipped.push({ resourceType: type, count: left, reason: reasons[type] })
  }
}

/** A reference → the resource in the record it names (`Type/id`, a fullUrl, or `#id` within). */
function resolver(located: Located[]) {
  const byKey = new Map<string, FhirResource>()
  for (const l of located) {
    if (l.fullUrl) byKey.set(l.fullUrl, l.resource)
    if (l.resource.id) byKey.set(`${l.resource.resourceType}/${l.resource.id}`, l.resource)
  }
  return (ref: Reference) => (ref.reference ? (byKey.get(ref.reference) ?? byKey.get(ref.reference.replace(/^.*\/(\w+\/[^/]+)$/, '$1'))) : undefined)
}

/** Is the resource about this patient? Yes unless its subject, patient or beneficiary names another one in the record. */
function isAbout(resource: FhirResource, patient: Located, resolve: (ref: Reference) => FhirResource | undefined) {
  const ref = (resource.subject ?? resource.patient ?? resource.beneficiary) as Reference | undefined
  if (!ref?.reference) return true
  const target = resolve(ref)
  return !target || target === patient.resource || target.resourceType !== 'Patient'
}

/** The form's checkboxes: a draft says 'true' (the draft's values are text), the schema takes a boolean. */
const CHECKBOXES = new Set(['requires_wheelchair_accessible', 'requires_pet_friendly', 'requires_private_room', 'requires_medical_care_24_7', 'requires_sex_offender_friendly', 'is_urgent'])
export const formValue = (field: string, value: string | string[]) => (CHECKBOXES.has(field) ? value === 'true' : value)

/** The longest text a field takes, read from the form's own schema (zod's max on the inner string). */
function maxLength(field: keyof typeof createReferralSchema.shape): number | null {
  let schema = createReferralSchema.shape[field] as unknown as { def?: { type: string; out?: unknown; innerType?: unknown }; maxLength?: number | null }
  for (let i = 0; i < 5 && schema; i++) {
    if (schema.def?.type === 'string') return schema.maxLength ?? null
    schema = (schema.def?.type === 'pipe' ? schema.def.out : schema.def?.innerType) as typeof schema
  }
  return null
}

/**
 * Each value as the form takes it: a text over its field's limit is cut at a
 * word with "…" (and listed in skipped); a value the form's schema refuses
 * (a name of one letter, a phone it cannot read) is left out and listed.
 */
function fitToForm(fields: DraftFields, skipped: Skipped[]) {
  const draft: Record<string, string | string[]> = {}
  for (const [field, raw] of Object.entries(fields) as [keyof typeof createReferralSchema.shape, string | string[] | undefined][]) {
    if (raw === undefined || raw === '' || (Array.isArray(raw) && !raw.length)) continue
    let value = raw
    const max = maxLength(field)
    if (typeof value === 'string' && max && value.length > max) {
      value = cutAtWord(value, max)
      skipped.push({ resourceType: 'Field', count: 1, reason: `${field} was cut to the form's ${max} characters` })
    }
    const check = createReferralSchema.shape[field].safeParse(formValue(field, value))
    if (!check.success) {
      skipped.push({ resourceType: 'Field', count: 1, reason: `${field} left out: ${check.error.issues[0]?.message ?? 'not accepted by the form'}` })
      continue
    }
    draft[field] = value
  }
  return { draft, imported: Object.keys(draft) }
}
