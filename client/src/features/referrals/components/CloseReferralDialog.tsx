import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { CLOSE_OUTCOME_LABELS, CLOSE_OUTCOMES, closeReferralSchema, type CloseOutcome } from '@server/features/referrals/responses.schemas'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Select, Textarea } from '../../../components/ui/input'
import { ApiError, errorMessage } from '../../../lib/api'
import { useCloseReferral } from '../api/close-referral'

/** Close a referral with an outcome. The server refuses while an escrow payment is open and says what to do. */
export function CloseReferralDialog({ referralId, name, open, onOpenChange }: { referralId: string; name: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [outcome, setOutcome] = useState<CloseOutcome | ''>('')
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()
  const close = useCloseReferral()
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = closeReferralSchema.safeParse({ outcome, note: note || null })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setError(undefined)
    close.mutate(
      { id: referralId, outcome: outcome as CloseOutcome, note: note || null },
      {
        onSuccess: () => {
          toast.success('Referral closed')
          onOpenChange(false)
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 409) setError(e.message)
          else toast.error(e instanceof ApiError && e.status === 422 ? 'Validation Error' : 'Failed to close referral', { description: errorMessage(e, '') || undefined })
        },
      },
    )
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Close this referral" description={`Record how the search for ${name} ended. Operators can no longer respond or pay to unlock it.`}>
      <form onSubmit={submit} className="space-y-4">
        <Field label="Outcome" required>
          <Select value={outcome} onChange={(e) => setOutcome(e.target.value as CloseOutcome)}>
            <option value="">Choose an outcome</option>
            {CLOSE_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {CLOSE_OUTCOME_LABELS[o]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Note" hint="Required when the outcome is Other">
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={1000} />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Keep open
          </Button>
          <Button type="submit" disabled={close.isPending}>
            {close.isPending ? 'Closing...' : 'Close referral'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
