import { createHash } from 'node:crypto'

/**
 * A resource's id derived from the referral's id and what the resource is
 * (RFC 9562 name-based UUID, version 5): the same referral always exports the
 * same ids — its Patient, ServiceRequest and Task, each condition, medication,
 * allergy, coverage and document — so a receiver can update "the same" resource
 * twice, and nothing needs storing. The namespace is Homeward's own, fixed.
 */
const NAMESPACE = Buffer.from('6f0c8a2e4b1d5e7f9a3c2b1d0e4f6a8b', 'hex')

/**
 * The referrer account as the requesting organization (a hospital's team account): the reference a Task's
 * requester names (its contained PractitionerRole's `organization`) and a Subscription's `Task?requester=` filter
 * matches, the same for every referral of the account.
 */
export const requesterOrganization = (userId: string) => `Organization/${stableId(userId, 'requester-organization')}`

export function stableId(referralId: string, key: string) {
  const hash = createHash('sha1').update(NAMESPACE).update(`${referralId}\n${key}`).digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50 // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80 // RFC variant
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A document's file as a FHIR Binary (ADR 042): `DocumentReference.content.attachment.url` is /fhir/r4/Binary/<this>. */
export const binaryId = (referralId: string, documentId: string) => stableId(referralId, `Binary:${documentId}`)
