import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { DECLINE_REASON_LABELS, DECLINE_REASONS, declineSchema, type DeclineInput, type DeclineReason } from '@server/features/referrals/responses.schemas'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Select, Textarea } from '../../../components/ui/input'
import { ApiError, errorMessage } from '../../../lib/api'

/**
 * "Not a fit" and declining an invitation: one reason
 * from the fixed list, an optional note (required for Other). A matched home
 * may ask to stay anonymous; an invited one cannot (the referrer chose it).
 */
export function DeclineDialog({
  open,
  onOpenChange,
  title,
  allowAnonymous,
  onDecline,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  allowAnonymous: boolean
  onDecline: (input: DeclineInput) => Promise<unknown>
}) {
  const [reason, setReason] = useState<DeclineReason | ''>('')
  const [note, setNote] = useState('')
  const [anonymous, setAnonymous] = useState(false)
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({})
  const [busy, setBusy] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const input = { reason: reason as DeclineReason, note: note || null, anonymous: allowAnonymous && anonymous }
    const parsed = declineSchema.safeParse(input)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return setErrors(issue?.path[0] === 'note' ? { note: issue.message } : { reason: issue?.message })
    }
    setErrors({})
    setBusy(true)
    try {
      await onDecline(input)
      toast.success('Answer sent', { description: 'The referrer sees the reason you gave.' })
      onOpenChange(false)
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setErrors(e.fields?.note ? { note: e.message } : { reason: e.message })
      else toast.error(errorMessage(e, 'Failed to send your answer'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description="Tell the referrer why this client is not a fit for your home.">
      <form onSubmit={submit} className="space-y-4">
        <Field label="Reason" required error={errors.reason}>
          <Select value={reason} onChange={(e) => setReason(e.target.value as DeclineReason)}>
            <option value="">Choose a reason</option>
            {DECLINE_REASONS.map((r) => (
              <option key={r} value={r}>
                {DECLINE_REASON_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Note" hint="Optional; required when the reason is Other" error={errors.note}>
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={1000} />
        </Field>
        {allowAnonymous && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
            Do not show my home's name to the referrer (they still see the reason)
          </label>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Back
          </Button>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? 'Sending...' : 'Send "Not a fit"'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
