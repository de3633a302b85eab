import { FileCheck2 } from 'lucide-react'
import { useState } from 'react'
import type { z } from 'zod'
import { toast } from '../../../lib/toast'
import type { adminOperatorsSchema } from '@server/features/admin/admin.responses'
import { REASON_MAX, REJECT_REASON_REQUIRED, VERIFICATION_STATUS_LABELS } from '@server/features/verification/verification.schemas'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/input'
import { ApiError, errorMessage } from '../../../lib/api'
import { personName, shortDate } from '../../../lib/format'
import { licensingLabel } from '../../properties'
import { useDecideLicenseProof } from '../api/decide-license-proof'
import { licenseProofUrl } from '../api/verification'

/** What the cell reads of a row of the admin Operators list (GET /api/admin/operators); admin passes its rows. */
type ReviewedOperator = Pick<
  z.infer<typeof adminOperatorsSchema>['items'][number],
  'first_name' | 'last_name' | 'organization_name' | 'verification_status' | 'license_proof'
>

const TONES: Record<string, BadgeTone> = { unverified: 'gray', pending: 'amber', verified: 'green', rejected: 'red' }

/**
 * The admin Operators tab's Verification cell: the operator's
 * status, their latest license proof (opened through the audited download)
 * and the decision: Verify or Reject a waiting proof, Revoke a verified one.
 * Rejecting and revoking need a reason, which the operator reads.
 */
export function LicenseProofReview({ operator: o }: { operator: ReviewedOperator }) {
  const [rejecting, setRejecting] = useState(false)
  const proof = o.license_proof
  const name = o.organization_name || personName(o.first_name, o.last_name)
  const verify = useDecideLicenseProof()
  const verifyProof = (id: string) =>
    verify.mutate(
      { id, decision: 'verified' },
      {
        onSuccess: () => toast.success('License verified', { description: `${name} now shows the Verified badge.` }),
        onError: (error) => toast.error('Failed to verify license', { description: errorMessage(error, 'Please try again.') }),
      },
    )
  return (
    <div className="space-y-1">
      <Badge tone={TONES[o.verification_status] ?? 'gray'}>{VERIFICATION_STATUS_LABELS[o.verification_status] ?? o.verification_status}</Badge>
      {proof && (
        <>
          {/* A label rather than an sr-only span: an absolutely placed span would escape the table's scroll box and widen the page. */}
          <a
            href={licenseProofUrl(proof.id)}
            aria-label={`${proof.file_name} (license proof of ${name})`}
            className="flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
          >
            <FileCheck2 className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="max-w-40 truncate">{proof.file_name}</span>
          </a>
          <p className="text-xs text-slate-600">
            For {licensingLabel(proof.licensing_type)} · {shortDate(proof.created_at)}
          </p>
          {proof.reason && <p className="max-w-48 text-xs text-slate-800">Reason: {proof.reason}</p>}
          <div className="flex flex-wrap gap-1 pt-1">
            {proof.status === 'pending' && (
              <Button size="sm" onClick={() => verifyProof(proof.id)} disabled={verify.isPending} aria-label={`Verify license of ${name}`}>
                Verify
              </Button>
            )}
            {(proof.status === 'pending' || proof.status === 'verified') && (
              <Button size="sm" variant="outline" onClick={() => setRejecting(true)} aria-label={`${proof.status === 'verified' ? 'Revoke' : 'Reject'} license of ${name}`}>
                {proof.status === 'verified' ? 'Revoke' : 'Reject'}
              </Button>
            )}
          </div>
        </>
      )}
      {rejecting && proof && <RejectDialog proofId={proof.id} name={name} revoke={proof.status === 'verified'} onClose={() => setRejecting(false)} />}
    </div>
  )
}

function RejectDialog({ proofId, name, revoke, onClose }: { proofId: string; name: string; revoke: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const reject = useDecideLicenseProof()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={revoke ? 'Revoke verification' : 'Reject license proof'}
      description={`${name} reads this reason on their dashboard and can upload a new proof.`}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (!reason.trim()) return setError(REJECT_REASON_REQUIRED)
          setError(undefined)
          reject.mutate(
            { id: proofId, decision: 'rejected', reason },
            {
              onSuccess: () => {
                toast.success(revoke ? 'Verification revoked' : 'License proof rejected', { description: `${name} can read your reason.` })
                onClose()
              },
              onError: (e) => {
                if (e instanceof ApiError && e.fields?.reason) return setError(e.fields.reason)
                toast.error('Failed to update verification', { description: errorMessage(e, 'Please try again.') })
              },
            },
          )
        }}
      >
        <Field label="Reason" error={error} required hint="Kept in the audit log.">
          <Textarea value={reason} maxLength={REASON_MAX} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={reject.isPending}>
            {revoke ? 'Revoke' : 'Reject'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
