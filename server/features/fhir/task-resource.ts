import type { referrals } from '../../db/schema'
import { type FhirResource, HOMEWARD_SYSTEM } from './fhir-types'
import { TASK_STEPS, type ReferralStep } from './referral-step'
import { stableId } from './stable-id'

/** The referral's Task (ADR 026): moved out of export-resources.ts, which builds the rest of the referral. */

type Referral = typeof referrals.$inferSelect
type Entry = { fullUrl: string; resource: FhirResource }
const entry = (r: Referral, key: string, resource: FhirResource): Entry => {
  const id = stableId(r.id, key)
  return { fullUrl: `urn:uuid:${id}`, resource: { ...resource, id } }
}
const ref = (e: Entry) => ({ reference: e.fullUrl })
const text = (t: string) => ({ text: t })

export function task(r: Referral, request: Entry, subject: Entry, step: ReferralStep): Entry {
  const { status, display } = TASK_STEPS[step.step]
  // The referral's identifier is the ServiceRequest's (the order); the Task tracks it through `focus`, under an identifier of its own.
  return entry(r, 'Task', {
    resourceType: 'Task',
    identifier: [{ system: HOMEWARD_SYSTEM('referral-task'), value: r.id }],
    status,
    ...(status === 'rejected' && step.reason ? { statusReason: text(step.reason) } : {}),
    businessStatus: { coding: [{ system: HOMEWARD_SYSTEM('referral-step'), code: step.step, display }], text: step.reason ? `${display}: ${step.reason}` : display },
    intent: 'order',
    code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill', display: 'Fulfill the focal request' }] },
    focus: ref(request),
    for: ref(subject),
    authoredOn: r.created_at.toISOString(),
    lastModified: r.updated_at.toISOString(),
    requester: { display: r.referrer_name },
  })
}
