import { eq } from 'drizzle-orm'
import type { Tx } from '../../../db/client'
import { disclosures, fhir_clients, fhir_tasks, users } from '../../../db/schema'
import type { AppError } from '../../../errors'
import type { Actor } from '../../../lib/audit'
import { getRoles, resolveRole } from '../../auth'
import { authorizeReferralRead } from '../../referrals'
import { referralStep } from '../referral-step'
import { stableId } from '../stable-id'
import { taskResource } from '../task-resource'

/**
 * The Task a `full-resource` notification carries, read now through the client's account exactly as
 * its own read would be (authorizeReferralRead: an account that may no longer read the referral gets
 * no resource), built by the fhir area's Task builder (task-resource.ts) with its current version.
 * Its status reason and business status are the referral's facts: reading them is a disclosure to the system, recorded for
 * the referrer like any other (viewer: the system, by name; not the referrer's own account, which the
 * referrer's access log would name as herself).
 */
export async function taskForNotification(tx: Tx, clientId: string, referralId: string) {
  const [client] = await tx
    .select({ name: fhir_clients.name, userId: users.id, email: users.email, verified: users.email_verified_at })
    .from(fhir_clients)
    .innerJoin(users, eq(users.id, fhir_clients.user_id))
    .where(eq(fhir_clients.id, clientId))
  if (!client) return null
  const roles = await getRoles(tx, client.userId)
  const viewer = { id: client.userId, email: client.email, roles, role: resolveRole(roles), is_admin: false, email_verified: !!client.verified, session_id: `system:${clientId}`, two_factor_verified: false }
  const actor: Actor = { id: client.userId, label: `system:${client.name}` }
  let read: Awaited<ReturnType<typeof authorizeReferralRead>>
  try {
    read = await authorizeReferralRead(tx, referralId, viewer, actor, 'referral.export_fhir')
  } catch (error) {
    if ((error as AppError).status === 404 || (error as AppError).status === 403) return null
    throw error
  }
  const step = await referralStep(tx, read.row, null)
  const [version] = await tx.select().from(fhir_tasks).where(eq(fhir_tasks.referral_id, referralId))
  const meta = version ? { versionId: String(version.version_id), lastUpdated: version.last_updated.toISOString() } : undefined
  const task = taskResource(read.row, step, { focus: `ServiceRequest/${stableId(referralId, 'ServiceRequest')}`, for: `Patient/${stableId(referralId, 'Patient')}` }, meta)
  await tx.insert(disclosures).values({ referral_id: referralId, viewer_id: null, viewer_label: `${client.name} (registered system)`, viewer_role: 'system', what: 'referral' })
  return task as { resourceType: 'Task'; id: string }
}
