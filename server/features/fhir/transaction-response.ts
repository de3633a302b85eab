import { randomUUID } from 'node:crypto'
import { clock } from '../../lib/clock'
import { operationOutcome } from '../../lib/fhir-outcome'
import type { Entry } from './export-resources'
import type { CodeableConcept, FhirResource, HumanName } from './fhir-types'
import { conceptText, nameText, preferredName } from './fhir-text'
import { allergyLine, medicationLine } from './map-care'
import { fundingOf } from './map-related'
import type { TransactionEntry } from './transaction-read'

/**
 * The transaction-response Bundle (ADR 041): one entry per entry sent, in
 * order. A resource that the referral keeps answers `201 Created` with the
 * location the referral's export gives it (stable-id.ts: reads later find the
 * same id), version 1. A resource read into the referral without a resource
 * of its own (a Medication named by a MedicationRequest, an Organization, a
 * condition no longer active, a document given only by URL) answers `200 OK`
 * with an OperationOutcome saying so: nothing is dropped in silence.
 */
type Skipped = { resourceType: string; reason: string }

type Med = FhirResource & { medicationCodeableConcept?: CodeableConcept; dosage?: { text?: string }[]; dosageInstruction?: { text?: string }[] }
const medLine = (m: Med) => {
  const name = conceptText(m.medicationCodeableConcept)
  return name ? medicationLine(name, (m.dosageInstruction ?? m.dosage)?.[0]) : undefined
}
const personName = (r: FhirResource) => nameText(preferredName(r.name as HumanName[] | undefined)) ?? ''

/** What makes a resource the same as one of the export, per type (undefined: cannot be matched). */
function sameAs(sent: FhirResource, kept: FhirResource): boolean {
  const type = sent.resourceType
  if (type === 'MedicationRequest' || type === 'MedicationStatement') return kept.resourceType === 'MedicationStatement' && !!medLine(sent as Med) && medLine(sent as Med) === medLine(kept as Med)
  if (kept.resourceType !== type) return false
  switch (type) {
    case 'Patient':
    case 'ServiceRequest':
    case 'Task':
    case 'RelatedPerson':
    case 'PractitionerRole':
      return true
    case 'Practitioner':
      return personName(sent) === personName(kept)
    case 'Condition':
      return !!conceptText(sent.code as CodeableConcept) && conceptText(sent.code as CodeableConcept) === conceptText(kept.code as CodeableConcept)
    case 'AllergyIntolerance':
      return !!allergyLine(sent as never) && allergyLine(sent as never) === allergyLine(kept as never)
    case 'Coverage':
      return fundingOf(sent as never) === fundingOf(kept as never)
    default:
      return false
  }
}

export function transactionResponse(entries: TransactionEntry[], exported: { entry: Entry[] }, stored: TransactionEntry[], skipped: Skipped[]) {
  const now = clock.now().toISOString()
  const documents = exported.entry.filter((e) => e.resource.resourceType === 'DocumentReference')
  const kept = exported.entry.filter((e) => e.resource.resourceType !== 'DocumentReference')
  const entry = entries.map((sent) => {
    const type = sent.resource.resourceType
    const target = type === 'DocumentReference' ? documents[stored.indexOf(sent)] : kept.find((k) => sameAs(sent.resource, k.resource))
    if (target) {
      const { resourceType, id } = target.resource
      return { response: { status: '201 Created', location: `${resourceType}/${id}/_history/1`, etag: 'W/"1"', lastModified: now } }
    }
    const reason = skipped.find((s) => s.resourceType === type)?.reason ?? 'Read into the referral; not kept as a resource of its own'
    return { response: { status: '200 OK', outcome: operationOutcome([{ severity: 'information', code: 'informational', diagnostics: reason }]) } }
  })
  return { resourceType: 'Bundle' as const, id: randomUUID(), type: 'transaction-response' as const, timestamp: now, entry }
}
