import type { CodeableConcept, FhirResource, Reference } from './fhir-types'
import { clean, codesOf, conceptText } from './fhir-text'

/**
 * Conditions, medications and allergies in words for the form's health step
 * (ADR 026): only what is current; the rest is counted as skipped.
 */

const ICD10 = /^http:\/\/hl7\.org\/fhir\/sid\/icd-10(-cm)?$/
const SNOMED = 'http://snomed.info/sct'

/** SNOMED CT concepts recognised as mental or behavioural (ADR 026 lists them); ICD-10 chapter F is recognised by its letter. */
export const SNOMED_PSYCHIATRIC = new Set([
  '35489007', '370143000', '36923009', '191736004', // depressive disorders
  '197480006', '21897009', '48694002', // anxiety, generalised anxiety, anxiety state
  '58214004', '191526005', '231485007', // schizophrenia, schizophrenic disorders
  '13746004', '371596008', // bipolar disorder
  '47505003', // post-traumatic stress disorder
  '406506008', // attention deficit hyperactivity disorder
  '35919005', '408856003', // autism spectrum, autistic disorder
  '52448006', '26929004', // dementia, Alzheimer's disease
  '69322001', '74732009', // psychotic disorder, mental disorder
])
/** Substance use: SNOMED CT concepts, and ICD-10 F10–F19 except F17 (nicotine dependence). */
export const SNOMED_SUBSTANCE = new Set(['7200002', '66590003', '15167005', '26416006', '6525002', '5602001', '75544000', '191816009', '361055000', '228390007'])
const BEHAVIOURAL_CATEGORY = /mental|behaviou?ral|psychiatr|substance/i

type ConditionKind = 'medical' | 'psychiatric' | 'substance'

export function conditionKind(condition: { code?: CodeableConcept; category?: CodeableConcept[] }): ConditionKind {
  const codings = condition.code?.coding ?? []
  const icd = codings.filter((c) => ICD10.test(c.system ?? '')).map((c) => (c.code ?? '').toUpperCase())
  const snomed = codings.filter((c) => c.system === SNOMED).map((c) => c.code ?? '')
  // Nicotine dependence (F17) is neither substance use nor a psychiatric condition for a home: it is listed as medical.
  if (icd.length && icd.every((c) => c.startsWith('F17'))) return 'medical'
  if (icd.some((c) => /^F1[0-689]/.test(c)) || snomed.some((c) => SNOMED_SUBSTANCE.has(c))) return 'substance'
  if (icd.some((c) => c.startsWith('F')) || snomed.some((c) => SNOMED_PSYCHIATRIC.has(c))) return 'psychiatric'
  if ((condition.category ?? []).some((cat) => BEHAVIOURAL_CATEGORY.test(`${cat.text ?? ''} ${(cat.coding ?? []).map((c) => `${c.code} ${c.display}`).join(' ')}`))) return 'psychiatric'
  return 'medical'
}

const ACTIVE_CLINICAL = new Set(['active', 'recurrence', 'relapse'])
const NOT_TRUE = new Set(['refuted', 'entered-in-error'])

/** Current: clinically active (or no status and no end), and not refuted or entered in error. */
function isCurrent(r: { clinicalStatus?: CodeableConcept; verificationStatus?: CodeableConcept; abatementDateTime?: unknown; abatementPeriod?: unknown; abatementString?: unknown }) {
  if (codesOf(r.verificationStatus).some((c) => NOT_TRUE.has(c))) return false
  const clinical = codesOf(r.clinicalStatus)
  if (clinical.length) return clinical.some((c) => ACTIVE_CLINICAL.has(c))
  return !r.abatementDateTime && !r.abatementPeriod && !r.abatementString
}

export type CareLists = {
  medical: string[]
  psychiatric: string[]
  medications: string[]
  allergies: string[]
  /** The latest date a substance-use condition ended, when none is current: the form's "last use date". */
  substanceEnded?: string
  skipped: { resourceType: string; count: number; reason: string }[]
}

const unique = (items: (string | undefined)[]) => [...new Set(items.filter((s): s is string => !!s))]

export function mapConditions(conditions: FhirResource[], out: CareLists) {
  let inactive = 0
  let substanceCurrent = false
  const ended: string[] = []
  const medical: string[] = []
  const psychiatric: string[] = []
  for (const c of conditions as (FhirResource & { code?: CodeableConcept; category?: CodeableConcept[]; abatementDateTime?: string })[]) {
    const kind = conditionKind(c)
    if (!isCurrent(c)) {
      inactive++
      const end = c.abatementDateTime
      if (kind === 'substance' && end && /^\d{4}-\d{2}-\d{2}/.test(end)) ended.push(end.slice(0, 10))
      continue
    }
    if (kind === 'substance') substanceCurrent = true
    const name = conceptText(c.code)
    if (name) (kind === 'medical' ? medical : psychiatric).push(name)
  }
  out.medical = unique(medical)
  // Substance use is a mental and behavioural disorder (ICD-10 F10–F19): it is listed with them.
  out.psychiatric = unique(psychiatric)
  if (!substanceCurrent && ended.length) out.substanceEnded = ended.sort().at(-1)
  if (inactive) out.skipped.push({ resourceType: 'Condition', count: inactive, reason: 'Resolved or inactive conditions are left out' })
}

type Dosage = { text?: string; asNeededBoolean?: boolean }
type MedicationUse = FhirResource & { status?: string; medicationCodeableConcept?: CodeableConcept; medicationReference?: Reference; dosageInstruction?: Dosage[]; dosage?: Dosage[] }

/** "Name — dosage" (the dosage's text, or "as needed"). */
export function medicationLine(name: string, dosage: Dosage | undefined) {
  const how = clean(dosage?.text) ?? (dosage?.asNeededBoolean ? 'as needed' : undefined)
  return how ? `${name} — ${how}` : name
}

/**
 * Active MedicationRequests and MedicationStatements. A medication given by
 * reference is named from the Medication it points to (`medicationNamed`).
 */
export function mapMedications(uses: FhirResource[], medicationNamed: (ref: Reference | undefined) => string | undefined, out: CareLists) {
  const lines: (string | undefined)[] = []
  const stopped = new Map<string, number>()
  for (const m of uses as MedicationUse[]) {
    if (m.status !== 'active') {
      stopped.set(m.resourceType, (stopped.get(m.resourceType) ?? 0) + 1)
      continue
    }
    const name = conceptText(m.medicationCodeableConcept) ?? medicationNamed(m.medicationReference)
    if (name) lines.push(medicationLine(name, (m.dosageInstruction ?? m.dosage)?.[0]))
  }
  out.medications = unique(lines)
  for (const [resourceType, count] of stopped) out.skipped.push({ resourceType, count, reason: 'Medications that are not active (stopped, completed, on hold…) are left out' })
}

type Allergy = FhirResource & { code?: CodeableConcept; clinicalStatus?: CodeableConcept; verificationStatus?: CodeableConcept; reaction?: { substance?: CodeableConcept; manifestation?: CodeableConcept[]; severity?: string }[] }

/** "Substance (reaction: manifestations, severity)". */
export function allergyLine(a: Allergy): string | undefined {
  const substance = conceptText(a.code) ?? conceptText(a.reaction?.find((r) => r.substance)?.substance)
  if (!substance) return undefined
  const reactions = unique((a.reaction ?? []).flatMap((r) => (r.manifestation ?? []).map(conceptText)))
  const severity = a.reaction?.map((r) => r.severity).find(Boolean)
  const detail = [reactions.join(', '), severity].filter(Boolean).join(', ')
  return detail ? `${substance} (reaction: ${detail})` : substance
}

export function mapAllergies(allergies: FhirResource[], out: CareLists) {
  let inactive = 0
  const lines: (string | undefined)[] = []
  for (const a of allergies as Allergy[]) {
    if (!isCurrent(a)) inactive++
    else lines.push(allergyLine(a))
  }
  out.allergies = unique(lines)
  if (inactive) out.skipped.push({ resourceType: 'AllergyIntolerance', count: inactive, reason: 'Resolved or inactive allergies are left out' })
}
