import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { Field } from '../../../components/ui/field'
import { Select } from '../../../components/ui/input'
import { Spinner } from '../../../components/ui/spinner'
import { shortDate } from '../../../lib/format'
import { documentReferralsQuery } from '../api/documents'
import { ReferralDocuments } from './ReferralDocuments'

type DocumentReferral = { id: string; client_name: string; created_at: string; referrer_name: string; document_count: number }

const described = (r: DocumentReferral) => `${r.client_name}, submitted ${shortDate(r.created_at)} by ${r.referrer_name}`

/**
 * A referral as the picker names it: the client, when and by whom it was submitted (two clients may share a
 * name), the referral's reference when even those are the same, and its documents.
 */
export function referralOptionLabel(r: DocumentReferral, all: readonly DocumentReferral[]) {
  const text = described(r)
  const twin = all.some((other) => other.id !== r.id && described(other) === text)
  return `${text}${twin ? ` · ref. ${r.id.slice(0, 8)}` : ''} (${r.document_count} document${r.document_count === 1 ? '' : 's'})`
}

/**
 * The operator dashboard's Documents tab: pick one of the referrals the
 * operator unlocked or was invited to (the `referral` search parameter, so
 * notification links open it), then its documents.
 */
export function OperatorDocumentsTab() {
  const [params, setParams] = useSearchParams()
  const referrals = useQuery(documentReferralsQuery)

  useEffect(() => {
    if (referrals.isError) toast.error('Error loading documents')
  }, [referrals.isError])

  if (referrals.isPending) return <Spinner label="Loading referrals" />
  if (referrals.isError) return <p className="text-sm text-red-700">Error loading documents</p>
  const items = referrals.data.items
  if (items.length === 0) {
    return (
      <p className="text-slate-600">
        No referral documents yet. Documents can be exchanged on referrals you unlocked or were invited to.
      </p>
    )
  }
  const selected = items.find((r) => r.id === params.get('referral')) ?? items[0]!
  const choose = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.set('referral', id)
        return next
      },
      { replace: true },
    )

  return (
    <div className="space-y-4">
      <Field label="Referral" className="max-w-md">
        <Select value={selected.id} onChange={(e) => choose(e.target.value)}>
          {items.map((r) => (
            <option key={r.id} value={r.id}>
              {referralOptionLabel(r, items)}
            </option>
          ))}
        </Select>
      </Field>
      <ReferralDocuments key={selected.id} referralId={selected.id} />
    </div>
  )
}
