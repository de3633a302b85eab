import { useState, type FormEvent } from 'react'
import { toast } from '../../../lib/toast'
import { WAITLIST_NEEDS_MAX, waitlistJoinSchema } from '@server/features/marketplace/marketplace.schemas'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/input'
import { ApiError } from '../../../lib/api'

/**
 * Join Waitlist: optionally note what the client would need from
 * your home. The note is kept encrypted and shown only to you, on this card;
 * the server checks the same length rule.
 */
export function JoinWaitlistDialog({
  open,
  onOpenChange,
  expiryDays,
  onJoin,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  expiryDays: number
  onJoin: (needs: string | null) => Promise<unknown>
}) {
  const [needs, setNeeds] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = waitlistJoinSchema.safeParse({ needs })
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message
      setError(message)
      toast.error('Validation Error', { description: message })
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      await onJoin(parsed.data.needs)
      setNeeds('')
      onOpenChange(false)
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        setError(e.message)
        toast.error('Validation Error', { description: e.message })
      } else toast.error('Failed to join waitlist')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Join Waitlist"
      description={`First come, first served. Your place lasts ${expiryDays} days; renew it from this card before it expires.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label="What would the client need from you? (optional)"
          hint={`${needs.length}/${WAITLIST_NEEDS_MAX} · kept encrypted and shown only to you`}
          error={error}
        >
          <Textarea rows={4} value={needs} onChange={(e) => setNeeds(e.target.value)} placeholder="e.g. a ground-floor room, help with medication" />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Back
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Joining...' : 'Join Waitlist'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
