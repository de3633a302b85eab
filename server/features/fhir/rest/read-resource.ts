import { keyed } from '../../../i18n/keyed'
import { and, eq } from 'drizzle-orm'
import type { Executor, Tx } from '../../../db/client'
import { fhir_resource_ids } from '../../../db/schema'
import { transaction } from '../../../db/unit-of-work'
import { AppError, notFound } from '../../../errors'
import type { Actor } from '../../../lib/audit'
import type { CurrentUser, SystemCaller } from '../../../types'
import { listDocuments } from '../../documents'
import { authorizeReferralRead } from '../../referrals'
import { referralResources, registerReferralIds, type Served } from './referral-resources'

export type Reader = { user: CurrentUser; actor: Actor; system: SystemCaller | null }
export type ReadableType = 'Task' | 'ServiceRequest' | 'Patient' | 'DocumentReference'

/** The referral (and document) a resource id names (fhir_resource_ids: stable ids are not reversible), or null. */
export async function resourceOwner(db: Executor, type: string, id: string) {
  const [found] = await db
    .select({ referral_id: fhir_resource_ids.referral_id, document_id: fhir_resource_ids.document_id })
    .from(fhir_resource_ids)
    .where(and(eq(fhir_resource_ids.id, id), eq(fhir_resource_ids.resource_type, type)))
    .limit(1)
  return found ?? null
}

/**
 * A referral's resources, to a reader the referrals area's authorizeReferralRead lets read it in full
 * (a system: its account's own referrals only, each read disclosed to it). An unknown id and one the
 * reader may not see get the same 404.
 */
export async function readableResources(tx: Tx, referralId: string, reader: Reader): Promise<Map<string, Served>> {
  const { row } = await authorizeReferralRead(tx, referralId, reader.user, reader.actor, 'referral.view', reader.system)
  const { items } = await listDocuments(tx, { user: reader.user, actor: reader.actor, referralId: row.id })
  await registerReferralIds(tx, row.id, items)
  return referralResources(tx, row, items)
}

/** GET /fhir/r4/<type>/<id>. */
export function readResource(db: Executor, type: ReadableType, id: string, reader: Reader): Promise<Served> {
  return transaction(db, async (tx) => {
    const owner = await resourceOwner(tx, type, id)
    const missing = notFound(keyed('fhir.noSuchResource', { type }))
    if (!owner) throw missing
    const served = await readableResources(tx, owner.referral_id, reader).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? missing : error
    })
    const found = served.get(id)
    if (!found || found.resource.resourceType !== type) throw missing
    return found
  })
}
