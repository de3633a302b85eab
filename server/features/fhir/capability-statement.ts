import { publicUrl } from '../../env'
import { clock } from '../../lib/clock'
import { tokenUrl } from '../systems'
import { subscriptionCapability } from './subscriptions/capability'
import type { INDEXED_RESOURCE_TYPES } from './r4-validator'
import { extensionUrl, REFERRAL_EXTENSIONS } from './structure-definitions'
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
  { type: 'Practitioner', read: true, written: true },
  { type: 'PractitionerRole', read: true, written: true },
  { type: 'Organization', read: true, written: false },
  { type: 'DocumentReference', read: true, written: true },
  { type: 'ServiceRequest', read: true, written: true },
  { type: 'Task', read: false, written: true },
]

/**
 * The public directory (ADR 032): the homes as Location and HealthcareService, their operators as
 * Organization, read and searched without a session; Homeward's extensions as StructureDefinitions.
 */
type SearchParam = { name: string; type: 'token' | 'string' | 'reference' | 'date' | 'special' | 'number'; documentation: string }
const PAGING: SearchParam[] = [
  { name: '_count', type: 'number', documentation: 'Page size, 1 to 100 (20 by default)' },
  { name: '_offset', type: 'number', documentation: 'How many matches to skip: the `next` link carries it' },
]
const LAST_UPDATED: SearchParam = { name: '_lastUpdated', type: 'date', documentation: 'gt or ge only: homes edited or whose beds were confirmed since' }
const DIRECTORY: { type: 'Location' | 'HealthcareService' | 'Organization'; documentation: string; params: SearchParam[]; include?: string[]; revinclude?: string[] }[] = [
  {
    type: 'Location',
    documentation: 'A published home (the public site\'s visibility), its open beds in the bed-availability extension',
    params: [
      { name: 'near', type: 'special', documentation: 'latitude|longitude|distance|unit (mi, km or m; at most 250 miles), nearest first' },
      { name: 'address-state', type: 'string', documentation: 'Two-letter state code' },
      { name: 'address-city', type: 'string', documentation: 'Starts with, any case' },
      { name: 'address-postalcode', type: 'string', documentation: 'Starts with' },
      { name: 'organization', type: 'reference', documentation: 'The operator (Organization)' },
      LAST_UPDATED,
      ...PAGING,
    ],
    revinclude: ['HealthcareService:location'],
  },
  {
    type: 'HealthcareService',
    documentation: 'A published home\'s service: levels of care (type, characteristic), funding accepted (characteristic), eligibility, photo, open beds (bed-availability extension)',
    params: [
      { name: 'location', type: 'reference', documentation: 'The home (Location)' },
      { name: 'organization', type: 'reference', documentation: 'The operator (Organization)' },
      { name: 'service-category', type: 'token', documentation: 'group-home (every home)' },
      { name: 'characteristic', type: 'token', documentation: 'A level of care or a funding accepted (their code systems)' },
      LAST_UPDATED,
      ...PAGING,
    ],
    include: ['HealthcareService:location'],
  },
  {
    type: 'Organization',
    documentation: 'An operator with a published home: licensing, verification and badges in the operator-standing extension',
    params: [{ name: 'name', type: 'string', documentation: 'Contains, any case' }, ...PAGING],
  },
]
const EXTENSION_DEFINITIONS = ['bed-availability', 'operator-standing']

/** POST /fhir/r4 with a transaction Bundle (ADR 041). */
const TRANSACTION =
  'A registered system (SMART Backend Services; scopes Bundle.c, Patient.c, ServiceRequest.c and Task.c, and DocumentReference.c when it carries documents) POSTs a transaction Bundle to the base: one Patient, one ServiceRequest (its requester a PractitionerRole of a Practitioner), optionally a Task and Condition, MedicationStatement, MedicationRequest, Medication, AllergyIntolerance, Coverage, RelatedPerson, Practitioner, Organization and DocumentReference (inline attachment.data: PDF, Word, JPEG or PNG, at most 10 MB each). Each entry is a POST of its type. It creates one referral, owned by the client\'s referrer account, exactly as the browser form would (same rules, matching and notifications), and answers a transaction-response whose entries carry 201 Created and the location of each resource kept (Task/<id>/_history/1…). A Bundle the form\'s rules or R4 refuse is answered 422 with an OperationOutcome whose issues name the element; nothing is written. The referral export (GET /api/referrals/{id}/fhir) sent back as a transaction creates a referral with the same fields.'
/**
 * The FHIR REST API of registered systems (ADR 042): a bearer token (scopes system/<type>.r, .s, .u),
 * the client's account's own referrals only; every read of care data is disclosed to the system.
 */
const SYSTEM_PAGING: SearchParam[] = [
  { name: '_count', type: 'number', documentation: 'Page size, 1 to 100 (20 by default)' },
  { name: '_offset', type: 'number', documentation: 'How many matches to skip: the `next` link carries it' },
]
const SYSTEM_ID: SearchParam = { name: '_id', type: 'token', documentation: 'One or more ids, separated by commas' }
const SYSTEM_API: Record<string, { documentation: string; interaction: { code: string; documentation?: string }[]; params?: SearchParam[]; include?: string[] }> = {
  Task: {
    documentation: "The referral's Task (HL7 Gravity SDOH Clinical Care's referral Task): status, businessStatus (Homeward's step), owner (the home's operator), output (the home placed at); meta.versionId moves with each change (ETag)",
    interaction: [
      { code: 'read', documentation: 'ETag W/"<versionId>" and Last-Modified' },
      { code: 'search-type' },
      { code: 'patch', documentation: 'JSON Patch (application/json-patch+json) replacing /status with cancelled, optionally /statusReason: the referral is cancelled as its referrer would. If-Match W/"<versionId>" honoured (412 when stale)' },
    ],
    params: [
      SYSTEM_ID,
      { name: '_lastUpdated', type: 'date', documentation: 'gt, ge, lt or le and an instant: Tasks changed since (oldest change first)' },
      { name: 'status', type: 'token', documentation: 'requested, accepted, in-progress, completed, rejected or cancelled (several separated by commas)' },
      ...SYSTEM_PAGING,
    ],
    include: ['Task:focus'],
  },
  ServiceRequest: {
    documentation: 'The referral (the order): read and searched',
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    params: [SYSTEM_ID, { name: '_lastUpdated', type: 'date', documentation: 'gt, ge, lt or le and an instant: referrals changed since' }, ...SYSTEM_PAGING],
  },
  Patient: { documentation: 'The client', interaction: [{ code: 'read' }] },
  DocumentReference: { documentation: "A referral's document: content.attachment.url is its Binary", interaction: [{ code: 'read' }] },
  Binary: { documentation: "A document's file, decrypted, in its own Content-Type (a bearer token, or the browser's session for the export's links); with Accept: application/fhir+json a Binary resource, the file in base64", interaction: [{ code: 'read' }] },
}
/** A resource's REST API part, merged into its entry. */
const systemApi = (type: string) => {
  const api = SYSTEM_API[type]
  if (!api) return {}
  return {
    interaction: api.interaction,
    versioning: type === 'Task' ? 'versioned-update' : 'versioned',
    ...(api.include ? { searchInclude: api.include } : {}),
    ...(api.params ? { searchParam: api.params } : {}),
  }
}

export function capabilityStatement() {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: clock.now().toISOString(),
    publisher: 'Homeward',
    kind: 'instance',
    software: { name: 'Homeward', version: pkg.version },
    implementation: { description: 'Homeward referral marketplace: a public directory of group homes and their open beds, FHIR R4 import into a referral draft and export of a referral', url: `${publicUrl()}/fhir/r4` },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation: `The public directory of homes and their open beds: Location, HealthcareService and Organization, read and searched without a session (rate limited per address). Otherwise not a FHIR REST server: ${READ}; ${WRITTEN}. Both need a signed-in session (the API's cookie). Registered systems (SMART Backend Services) read, search and cancel their account's referrals through the FHIR REST API below (Task, ServiceRequest, Patient, DocumentReference, Binary). The Task follows the referral Task of HL7 Gravity SDOH Clinical Care.`,
        security: {
          // SMART Backend Services for registered systems (ADR 038): discovery at .well-known/smart-configuration.
          extension: [{ url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris', extension: [{ url: 'token', valueUri: tokenUrl() }] }],
          service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'SMART-on-FHIR', display: 'SMART-on-FHIR' }], text: 'SMART Backend Services (client_credentials, private_key_jwt)' }],
          description: `The directory is public. The referral import and export need a signed-in session: the referrer, an operator who unlocked or was invited to the referral, or an admin (two-factor). Others get 404. A registered system (bin/homeward fhir-clients add) gets a five-minute bearer token at ${tokenUrl()} with a signed assertion (SMART Backend Services; ${publicUrl()}/fhir/r4/.well-known/smart-configuration).`,
        },
        interaction: [{ code: 'transaction', documentation: TRANSACTION }],
        resource: [
          ...RESOURCES.filter((r) => r.type !== 'Organization').map((r) => ({
            type: r.type,
            documentation: [r.read && READ, r.written && WRITTEN, SYSTEM_API[r.type]?.documentation].filter(Boolean).join('. '),
            ...systemApi(r.type),
          })),
          { type: 'Binary', documentation: SYSTEM_API.Binary!.documentation, ...systemApi('Binary') },
          ...DIRECTORY.map((d) => ({
            type: d.type,
            documentation: d.type === 'Organization' ? `${d.documentation}. ${READ}` : d.documentation,
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            ...(d.include ? { searchInclude: d.include } : {}),
            ...(d.revinclude ? { searchRevInclude: d.revinclude } : {}),
            searchParam: d.params,
          })),
          {
            type: 'StructureDefinition',
            documentation: `Homeward's extensions: ${[...EXTENSION_DEFINITIONS.map((id) => `${publicUrl()}/fhir/r4/StructureDefinition/${id}`), ...Object.values(REFERRAL_EXTENSIONS).map(extensionUrl)].join(', ')}`,
            interaction: [{ code: 'read' }],
          },
          subscriptionCapability(),
        ],
      },
    ],
  }
}
