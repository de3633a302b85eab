import { publicUrl } from '../../env'
import { clock } from '../../lib/clock'
import type { INDEXED_RESOURCE_TYPES } from './r4-validator'
import pkg from '../../../package.json'

const READ = 'Read from a record uploaded to POST /api/referrals/fhir-import (the referral form is filled from it)'
const WRITTEN = 'Written in the referral export, GET /api/referrals/{id}/fhir (a Bundle of type collection)'

/** What Homeward reads and writes (GET /fhir/r4/metadata): not a FHIR REST server, two endpoints of its API (ADR 026). */
const RESOURCES: { type: (typeof INDEXED_RESOURCE_TYPES)[number]; read: boolean; written: boolean }[] = [
  { type: 'Bundle', read: true, written: true },
  { type: 'Patient', read: true, written: true },
  { type: 'Condition', read: true, written: true },
  { type: 'MedicationRequest', read: true, written: false },
  { type: 'MedicationStatement', read: true, written: true },
  { type: 'Medication', read: true, written: false },
  { type: 'AllergyIntolerance', read: true, written: true },
  { type: 'Coverage', read: true, written: true },
  { type: 'RelatedPerson', read: true, written: true },
  { type: 'Practitioner', read: true, written: false },
  { type: 'Organization', read: true, written: false },
  { type: 'DocumentReference', read: true, written: true },
  { type: 'ServiceRequest', read: false, written: true },
  { type: 'Task', read: false, written: true },
]

export function capabilityStatement() {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: clock.now().toISOString(),
    publisher: 'Homeward',
    kind: 'instance',
    software: { name: 'Homeward', version: pkg.version },
    implementation: { description: 'Homeward referral marketplace: FHIR R4 import into a referral draft and export of a referral', url: `${publicUrl()}/fhir/r4` },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation: `Homeward is not a FHIR REST server. ${READ}; ${WRITTEN}. Both need a signed-in session (the API's cookie). The Task follows the referral Task of HL7 Gravity SDOH Clinical Care.`,
        security: { description: 'A signed-in session: the referrer, an operator who unlocked or was invited to the referral, or an admin (two-factor). Others get 404.' },
        resource: RESOURCES.map((r) => ({ type: r.type, documentation: [r.read && READ, r.written && WRITTEN].filter(Boolean).join('. ') })),
      },
    ],
  }
}
