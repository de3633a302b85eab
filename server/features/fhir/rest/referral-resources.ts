import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { fhir_tasks, type referrals } from '../../../db/schema'
import { publicUrl } from '../../../env'
import { type ExportedDocument, referralBundle } from '../export-resources'
import type { FhirResource } from '../fhir-types'
import { referralStep } from '../referral-step'
import { binaryId, stableId } from '../stable-id'
import { taskId, taskProjection, taskResource } from '../task-resource'
import { registerIds, taskDigest, touchTaskVersion } from './task-version'

/**
 * A referral's resources as the REST API serves them (ADR 042): the export's (export-resources.ts,
 * the same stable ids), with relative references (`Patient/<id>`) and `meta`. The Task's version is
 * the counted one (task-version.ts); every other resource's `versionId` is a digest of its content,
 * so it changes exactly when the resource does, and its `lastUpdated` the referral's last change (or
 * its newest document's).
 */
type Referral = typeof referrals.$inferSelect

export type Served = { resource: FhirResource; versionId: string; lastUpdated: Date }

// Hex: a FHIR id allows letters, digits, '-' and '.' only.
const contentDigest = (resource: FhirResource) => createHash('sha256').update(JSON.stringify(resource)).digest('hex').slice(0, 24)

/** Replaces the Bundle's urn:uuid references by `Type/id` ones, everywhere in a resource. */
function relative(value: unknown, types: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => relative(v, types))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === 'reference' && typeof v === 'string' && types.has(v) ? types.get(v) : relative(v, types)]),
    )
  }
  return value
}

/** Records the ids of the referral's resources (the three fixed ones and each document's two), so a read by id finds it. */
export async function registerReferralIds(tx: Tx, referralId: string, docs: readonly { id: string }[]) {
  await registerIds(tx, referralId, [
    ['Patient', stableId(referralId, 'Patient')],
    ['ServiceRequest', stableId(referralId, 'ServiceRequest')],
    ['Task', taskId(referralId)],
    ...docs.flatMap((d) => [['DocumentReference', stableId(referralId, `DocumentReference:${d.id}`), d.id] as const, ['Binary', binaryId(referralId, d.id), d.id] as const]),
  ])
}

/** The Task's version row, brought up to date first when what the Task says moved without its hook (or it has none yet). */
export async function currentTaskVersion(tx: Tx, referral: Referral, step: Awaited<ReturnType<typeof referralStep>>) {
  const read = async () => (await tx.select().from(fhir_tasks).where(eq(fhir_tasks.referral_id, referral.id)).limit(1))[0]
  let row = await read()
  if (!row || row.projection_hash !== taskDigest(taskProjection(step))) {
    await touchTaskVersion(tx, referral.id)
    row = await read()
  }
  return row!
}

/** Every resource of the referral the REST API serves, by id. */
export async function referralResources(tx: Tx, referral: Referral, docs: ExportedDocument[]): Promise<Map<string, Served>> {
  const step = await referralStep(tx, referral, null)
  const bundle = referralBundle(referral, docs, step, publicUrl())
  const types = new Map(bundle.entry.map((e) => [e.fullUrl, `${e.resource.resourceType}/${e.resource.id}`]))
  const changed = new Date(Math.max(referral.updated_at.getTime(), ...docs.map((d) => d.created_at.getTime())))
  const out = new Map<string, Served>()
  for (const e of bundle.entry) {
    if (e.resource.resourceType === 'Task') continue
    const resource = relative(e.resource, types) as FhirResource
    const lastUpdated = e.resource.resourceType === 'DocumentReference' ? docs.find((d) => stableId(referral.id, `DocumentReference:${d.id}`) === e.resource.id)!.created_at : changed
    const versionId = contentDigest(resource)
    const { resourceType, id, ...rest } = resource
    out.set(id!, { resource: { resourceType, id, meta: { versionId, lastUpdated: lastUpdated.toISOString() }, ...rest }, versionId, lastUpdated })
  }
  const version = await currentTaskVersion(tx, referral, step)
  const meta = { versionId: String(version.version_id), lastUpdated: version.last_updated.toISOString() }
  const task = taskResource(referral, step, { focus: `ServiceRequest/${stableId(referral.id, 'ServiceRequest')}`, for: `Patient/${stableId(referral.id, 'Patient')}` }, meta)
  out.set(task.id!, { resource: task, versionId: meta.versionId, lastUpdated: version.last_updated })
  return out
}
