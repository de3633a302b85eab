import { desc, eq, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Executor, Tx } from '../../db/client'
import { profiles, referral_documents, referrals } from '../../db/schema'
import { disclose, type Viewer } from '../privacy'
import type { DocumentSide } from './document-access'
import { rowidSql } from '../../db/dialect'

const uploader = alias(profiles, 'uploader')
const signer = alias(profiles, 'signer')
const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim() || null

/** Documents with their uploader's and signer's names, newest first. */
export async function documentRows(tx: Executor, where: SQL) {
  return await tx
    .select({
      document: referral_documents,
      referrer_id: referrals.referrer_user_id,
      uploader_first_name: uploader.first_name,
      uploader_last_name: uploader.last_name,
      signer_first_name: signer.first_name,
      signer_last_name: signer.last_name,
    })
    .from(referral_documents)
    .innerJoin(referrals, eq(referrals.id, referral_documents.referral_id))
    .leftJoin(uploader, eq(uploader.id, referral_documents.uploaded_by))
    .leftJoin(signer, eq(signer.id, referral_documents.signed_by))
    .where(where)
    .orderBy(desc(referral_documents.created_at), desc(rowidSql(referral_documents)))
}

/**
 * A document as one viewer sees it (never the storage key). Its name and
 * description are sealed data: shown to anyone but the referrer, a disclosure.
 */
export async function presentDocument(tx: Tx, row: Awaited<ReturnType<typeof documentRows>>[number], side: DocumentSide, viewer: Viewer) {
  const d = row.document
  // Shown to its own uploader, a document's name is no disclosure.
  if (side !== 'referrer' && d.uploaded_by !== viewer.id) await disclose(tx, { id: d.referral_id, owner: row.referrer_id }, viewer, 'documents')
  return {
    id: d.id,
    referral_id: d.referral_id,
    operator_id: d.operator_id,
    shared_with_all_operators: d.operator_id === null,
    uploaded_by: d.uploaded_by,
    uploader_role: d.uploader_role,
    uploader_name: name(row.uploader_first_name, row.uploader_last_name) ?? 'Former user',
    file_name: d.file_name,
    file_size: d.file_size,
    file_type: d.file_type,
    description: d.description,
    requires_signature: d.requires_signature,
    is_signed: d.is_signed,
    signed_at: d.signed_at,
    signed_by: d.signed_by,
    signed_by_name: d.signed_by ? (name(row.signer_first_name, row.signer_last_name) ?? 'Former user') : null,
    created_at: d.created_at,
    /** Tabs mine / theirs are split by uploader role. */
    mine: side !== 'admin' && d.uploader_role === side,
    /** The other party signs: a document cannot be signed by its own side, nor twice. */
    can_sign: d.requires_signature && !d.is_signed && side !== 'admin' && d.uploader_role !== side,
  }
}

export type DocumentView = Awaited<ReturnType<typeof presentDocument>>
