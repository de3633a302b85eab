import type { referrals } from '../../db/schema'
import { publicUrl } from '../../env'
import { type FhirResource, HOMEWARD_SYSTEM } from './fhir-types'
import { TASK_STEPS, type ReferralStep } from './referral-step'
import { requesterOrganization, stableId } from './stable-id'

/**
 * The referral's Task (Gravity SDOH CC's Task for referral management; the status table is ADR 042):
 * `focus` the ServiceRequest, `for` the Patient, `requester` the referrer (a contained PractitionerRole:
 * Homeward serves no PractitionerRole of its own), `owner` the home's operator once one unlocked it
 * (the public directory's Organization), and once placed `output` the home (its Location and
 * HealthcareService in the directory, ADR 032). The same builder serves the export's Bundle (urn:uuid
 * references) and the REST API (relative references, with `meta`).
 */

type Referral = typeof referrals.$inferSelect
type Entry = { fullUrl: string; resource: FhirResource }
const text = (t: string) => ({ text: t })
const directory = (type: string, id: string) => `${publicUrl()}/fhir/r4/${type}/${encodeURIComponent(id)}`
const PLACED_AT = { coding: [{ system: HOMEWARD_SYSTEM('task-output'), code: 'placed-at', display: 'Placed at' }], text: 'Placed at' }

export const taskId = (referralId: string) => stableId(referralId, 'Task')

/** What the Task says that can change (the Task-change hook compares it): everything but the referral's fixed fields. */
export function taskProjection(step: ReferralStep) {
  const { status, display } = TASK_STEPS[step.step]
  const reason = step.reason ?? (status === 'cancelled' || status === 'rejected' ? display : undefined)
  return {
    status,
    ...(reason && (status === 'cancelled' || status === 'rejected') ? { statusReason: text(reason) } : {}),
    businessStatus: { coding: [{ system: HOMEWARD_SYSTEM('referral-step'), code: step.step, display }], text: step.reason ? `${display}: ${step.reason}` : display },
    ...(step.ownerId ? { owner: { reference: directory('Organization', step.ownerId), type: 'Organization' } } : {}),
    ...(step.placedAt
      ? {
          output: [
            { type: PLACED_AT, valueReference: { reference: directory('Location', step.placedAt), type: 'Location' } },
            { type: PLACED_AT, valueReference: { reference: directory('HealthcareService', step.placedAt), type: 'HealthcareService' } },
          ],
        }
      : {}),
  }
}

/** The Task resource: `focus` and `for` as the caller references them; `meta` when it is served on its own. */
export function taskResource(r: Referral, step: ReferralStep, refs: { focus: string; for: string }, meta?: { versionId: string; lastUpdated: string }): FhirResource {
  const projection = taskProjection(step)
  // The referral's identifier is the ServiceRequest's (the order); the Task tracks it through `focus`, under an identifier of its own.
  return {
    resourceType: 'Task',
    id: taskId(r.id),
    ...(meta ? { meta } : {}),
    // The referrer, of her account's organization: the reference a Subscription's `Task?requester=` filter names.
    contained: [
      {
        resourceType: 'PractitionerRole',
        id: 'requester',
        practitioner: { display: r.referrer_name },
        ...(r.referrer_user_id ? { organization: { reference: requesterOrganization(r.referrer_user_id) } } : {}),
      },
    ],
    identifier: [{ system: HOMEWARD_SYSTEM('referral-task'), value: r.id }],
    status: projection.status,
    ...(projection.statusReason ? { statusReason: projection.statusReason } : {}),
    businessStatus: projection.businessStatus,
    intent: 'order',
    priority: r.is_urgent ? 'urgent' : 'routine',
    code: { coding: [{ system: 'http://hl7.org/fhir/CodeSystem/task-code', code: 'fulfill', display: 'Fulfill the focal request' }] },
    focus: { reference: refs.focus, type: 'ServiceRequest' },
    for: { reference: refs.for, type: 'Patient' },
    authoredOn: r.created_at.toISOString(),
    ...(meta ? { lastModified: meta.lastUpdated } : { lastModified: r.updated_at.toISOString() }),
    requester: { reference: '#requester', type: 'PractitionerRole', display: r.referrer_name },
    ...(projection.owner ? { owner: projection.owner } : {}),
    ...(projection.output ? { output: projection.output } : {}),
  }
}

/** The Task as an entry of the export's Bundle. */
export function task(r: Referral, request: Entry, subject: Entry, step: ReferralStep): Entry {
  const resource = taskResource(r, step, { focus: request.fullUrl, for: subject.fullUrl })
  return { fullUrl: `urn:uuid:${resource.id}`, resource }
}
