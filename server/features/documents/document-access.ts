import { eq, inArray, or, and, isNull, type SQL } from 'drizzle-orm'
import { union } from 'drizzle-orm/sqlite-core'
import type { Executor } from '../../db/client'
import { forUpdate } from '../../db/dialect'
import { conversations, invitations, referral_documents, referral_payments, referrals } from '../../db/schema'
import { inUnitOfWork } from '../../db/unit-of-work'
import { forbidden, notFound } from '../../errors'
import type { CurrentUser } from '../../types'
import { assertAdminSession } from '../messaging'
import { operatorHasUnmaskedAccess } from '../referrals'

export type DocumentSide = 'referrer' | 'operator' | 'admin'

/**
 * Who may see a referral's documents: its referrer, and operators with
 * unmasked access (unlocked or invited; interest alone is not enough).
 * Admins may read (audited by the caller) but not upload or sign. Everyone
 * else gets a 404, as if the referral did not exist.
 */
export async function referralDocumentAccess(tx: Executor, user: CurrentUser, referralId: string, mode: 'read' | 'write') {
  const query = tx
    .select({
      id: referrals.id,
      referrer_user_id: referrals.referrer_user_id,
      client_first_name: referrals.client_first_name,
      client_last_name: referrals.client_last_name,
    })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .limit(1)
  // Inside a unit of work, a write's access check holds the referral until it commits.
  const [referral] = await (mode === 'write' && inUnitOfWork(tx) ? forUpdate(query) : query)
  if (!referral) throw notFound('errors.referralNotFound')
  let side: DocumentSide
  if (referral.referrer_user_id === user.id) side = 'referrer'
  else if (await operatorHasUnmaskedAccess(tx, referralId, user.id)) side = 'operator'
  else if (user.is_admin) {
    assertAdminSession(user)
    if (mode === 'write') throw forbidden('documents.adminsReadDocumentsButNot')
    side = 'admin'
  } else throw notFound('errors.referralNotFound')
  return { referral, side }
}

/** The documents of a referral this side may see: an operator sees their own exchange and what the referrer shared with all. */
export function visibleDocuments(referralId: string, side: DocumentSide, userId: string, operatorId?: string | null): SQL {
  const ofReferral = eq(referral_documents.referral_id, referralId)
  if (side === 'operator') return and(ofReferral, or(eq(referral_documents.operator_id, userId), isNull(referral_documents.operator_id)))!
  if (operatorId) return and(ofReferral, or(eq(referral_documents.operator_id, operatorId), isNull(referral_documents.operator_id)))!
  return ofReferral
}

/** Loads one document for a user, or 404 when it is not theirs to see. */
export async function documentFor(tx: Executor, user: CurrentUser, documentId: string, mode: 'read' | 'write') {
  const query = tx.select().from(referral_documents).where(eq(referral_documents.id, documentId)).limit(1)
  // A write (signing) is decided by the document's state: held until the unit of work commits.
  const [document] = await (mode === 'write' && inUnitOfWork(tx) ? forUpdate(query) : query)
  if (!document) throw notFound('documents.documentNotFound')
  let access: Awaited<ReturnType<typeof referralDocumentAccess>>
  try {
    access = await referralDocumentAccess(tx, user, document.referral_id, mode)
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) throw notFound('documents.documentNotFound')
    throw error
  }
  if (access.side === 'operator' && document.operator_id !== null && document.operator_id !== user.id) {
    throw notFound('documents.documentNotFound')
  }
  return { document, ...access }
}

/** Operators who may see the referral unmasked (unlocked or invited). */
export async function operatorsWithAccess(tx: Executor, referralId: string): Promise<string[]> {
  const candidates = await union(
    tx.select({ id: conversations.operator_id }).from(conversations).where(eq(conversations.referral_id, referralId)),
    tx.select({ id: invitations.operator_id }).from(invitations).where(eq(invitations.referral_id, referralId)),
    tx
      .select({ id: referral_payments.operator_id })
      .from(referral_payments)
      .where(and(eq(referral_payments.referral_id, referralId), inArray(referral_payments.status, ['held_in_escrow', 'released_to_referrer']))),
  )
  const operators: string[] = []
  for (const { id } of candidates) if (await operatorHasUnmaskedAccess(tx, referralId, id)) operators.push(id)
  return operators
}

/** Everyone who sees a document live: the referrer, and its operator or (shared) every operator with access. */
export async function documentAudience(tx: Executor, referrerId: string | null, referralId: string, operatorId: string | null) {
  return [referrerId, ...(operatorId ? [operatorId] : await operatorsWithAccess(tx, referralId))].filter((id): id is string => !!id)
}
