import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The three Synthea records of samples/ (README there), parsed, with what a referral should take from each. */
const DIR = join(import.meta.dir, 'samples')
export const SAMPLE_FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'))
export const sampleText = (file: string) => readFileSync(join(DIR, file), 'utf8')

type R = { resourceType: string; [k: string]: any }
const codeText = (c: any): string => c?.text ?? c?.coding?.[0]?.display

/** What the record says, read plainly from the JSON (not through the import's code). */
export function expectedFrom(file: string) {
  const bundle = JSON.parse(sampleText(file))
  const resources: R[] = bundle.entry.map((e: { resource: R }) => e.resource)
  const of = (type: string) => resources.filter((r) => r.resourceType === type)
  const patient = of('Patient')[0]!
  const name = patient.name.find((n: any) => n.use === 'official') ?? patient.name[0]
  const clinical = (r: R) => r.clinicalStatus?.coding?.[0]?.code
  return {
    first: name.given.join(' '),
    last: name.family,
    birthDate: patient.birthDate,
    gender: patient.gender,
    activeConditions: of('Condition').filter((c) => clinical(c) === 'active').map((c) => codeText(c.code)),
    resolvedConditions: of('Condition').filter((c) => clinical(c) !== 'active').map((c) => codeText(c.code)),
    activeMedications: of('MedicationRequest').filter((m) => m.status === 'active').map((m) => codeText(m.medicationCodeableConcept)),
    stoppedMedications: of('MedicationRequest').filter((m) => m.status !== 'active').map((m) => codeText(m.medicationCodeableConcept)),
    activeAllergies: of('AllergyIntolerance').filter((a) => clinical(a) === 'active').map((a) => codeText(a.code)),
  }
}

/** The form's required answers the record cannot give (the referrer's own, the budget). */
export const REFERRER_ANSWERS = {
  referrer_name: 'Dana Whitfield',
  referrer_relationship: 'case-manager',
  referrer_email: 'dana@agency.example',
  referrer_phone: '(555) 010-0100',
  budget_range: '$3,000-$4,000',
}
