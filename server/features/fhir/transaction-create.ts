import type { DB } from '../../db/client'
import { transaction } from '../../db/unit-of-work'
import { AppError } from '../../errors'
import { writeAudit } from '../../lib/audit'
import { clock } from '../../lib/clock'
import { removeFile } from '../../storage/files'
import type { CurrentUser, SystemCaller } from '../../types'
import { attachReferrerDocument, prepareDocument, type PreparedDocument } from '../documents'
import { createReferral, matchReferralNow, submissionsPerUser } from '../referrals'
import { type ExportedDocument, referralBundle } from './export-resources'
import type { Attachment, FhirResource } from './fhir-types'
import { recordFields } from './import-draft'
import { referralStep } from './referral-step'
import { transactionResponse } from './transaction-response'
import { referralInput } from './transaction-fields'
import { readTransaction, refused, type TransactionEntry } from './transaction-read'

/**
 * POST /fhir/r4 with a transaction Bundle (ADR 041): a referral created
 * exactly as the browser submits one — the same mapping as the import
 * (recordFields), the form's own schema, the same use case (createReferral:
 * masked, pending, matching job), matching right after commit — owned by the
 * client's referrer account. The DocumentReferences' inline attachments become
 * its documents under the upload's rules, in the same transaction: if one
 * fails, nothing is written and the files already stored are removed.
 */
export type TransactionCaller = { user: CurrentUser; system: SystemCaller; ip: string | null }

type Inline = { entry: TransactionEntry; doc: PreparedDocument }

/** The inline attachments of the current DocumentReferences, checked like uploads; each refusal names its attachment. */
async function documentsOf(entries: TransactionEntry[]) {
  const inline: Inline[] = []
  for (const entry of entries.filter((e) => e.resource.resourceType === 'DocumentReference')) {
    const d = entry.resource as FhirResource & { status?: string; description?: string; content?: { attachment?: Attachment }[] }
    if (d.status !== 'current') continue
    for (const [i, { attachment }] of (d.content ?? []).entries()) {
      if (!attachment?.data) continue
      const at = `${entry.location}.content[${i}].attachment.data`
      try {
        const bytes = new Uint8Array(Buffer.from(attachment.data, 'base64'))
        inline.push({ entry, doc: await prepareDocument(bytes, attachment.title, d.description ?? null) })
      } catch (error) {
        if (error instanceof AppError) throw refused(`A document cannot be stored: ${error.message}`, { [at]: error.message })
        throw error
      }
    }
  }
  return inline
}

export async function createFromTransaction(db: DB, text: string, caller: TransactionCaller, baseUrl: string) {
  const entries = await readTransaction(text)
  const patient = entries.find((e) => e.resource.resourceType === 'Patient')!
  const { fields, request, referrer, skipped } = recordFields(entries, patient)
  if (!request) throw refused('The ServiceRequest is not about the Patient of the Bundle.', { [`${entries.find((e) => e.resource.resourceType === 'ServiceRequest')!.location}.subject`]: 'Expected a reference to the Patient' })
  const input = referralInput(fields, entries, referrer)
  const inline = await documentsOf(entries)
  await submissionsPerUser.consume(db, caller.user.id)

  const written: string[] = []
  const actor = { id: caller.user.id, label: `system:${caller.system.clientName}`, ip: caller.ip }
  let created: { referral: Awaited<ReturnType<typeof createReferral>>; docs: ExportedDocument[] }
  try {
    created = await transaction(db, async (tx) => {
      const referral = await createReferral(tx, input, { id: caller.user.id, email: caller.user.email })
      const docs: ExportedDocument[] = []
      for (const { doc } of inline) {
        const id = await attachReferrerDocument(tx, caller.user, referral.id, doc, written)
        docs.push({ id, file_name: doc.name, file_type: doc.mime, file_size: doc.bytes.length, description: doc.description, created_at: clock.now() })
      }
      await writeAudit(tx, actor, {
        action: 'referral.create',
        resource_type: 'referral',
        resource_id: referral.id,
        details: { via: 'fhir-transaction', client_id: caller.system.clientId, documents: docs.length },
      })
      return { referral, docs }
    })
  } catch (error) {
    for (const key of written) await removeFile(key)
    throw error
  }
  const { referral, docs } = created
  await matchReferralNow(db, referral.id)
  const exported = referralBundle(referral, docs, await referralStep(db, referral, null), baseUrl)
  return { referralId: referral.id, bundle: transactionResponse(entries, exported, inline.map((i) => i.entry), skipped) }
}
