import { useState } from 'react'
import { PAYOUT_METHODS, type PayoutMethod } from '@server/db/enums'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input, Select, Textarea } from '../../../components/ui/input'
import { ApiError, errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { useSavePayoutDetails, type PayoutDetails } from '../api/payouts'
import { PAYOUT_METHOD_LABELS } from '../payout-text'

/** What the free-text field asks for, by method. */
const DETAILS_LABEL: Record<PayoutMethod, { label: string; hint: string }> = {
  check: { label: 'Mailing address', hint: 'Where we mail the check: street, city, state and ZIP.' },
  ach: { label: 'Account details', hint: 'Bank name, routing number and account number.' },
  other: { label: 'How to pay you', hint: 'Tell us how you want to receive the fee.' },
}

/**
 * The referrer gives or changes where her referral fees are paid. The server
 * seals the payee and the address or account at rest; only she and Homeward's
 * admins see them.
 */
export function PayoutDetailsDialog({ current, open, onOpenChange }: { current: PayoutDetails | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [method, setMethod] = useState<PayoutMethod>(current?.method ?? 'check')
  const [payee, setPayee] = useState(current?.payee_name ?? '')
  const [details, setDetails] = useState(current?.details ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSavePayoutDetails()
  const ask = DETAILS_LABEL[method]
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={current ? 'Change payout details' : 'Give payout details'}
      description="Where we pay your referral fees. Only you and Homeward's admins see these details; they are stored encrypted."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          const missing: Record<string, string> = {}
          if (!payee.trim()) missing.payee_name = 'Payee name is required'
          if (!details.trim()) missing.details = 'Mailing address or account details are required'
          setErrors(missing)
          if (Object.keys(missing).length) return
          save.mutate(
            { method, payee_name: payee.trim(), details: details.trim() },
            {
              onSuccess: () => {
                toast.success('Payout details saved')
                onOpenChange(false)
              },
              onError: (error) => {
                if (error instanceof ApiError && error.fields) setErrors(error.fields)
                toast.error(errorMessage(error, 'Failed to save your payout details'))
              },
            },
          )
        }}
      >
        <Field label="Payout method" error={errors.method} required>
          <Select value={method} onChange={(e) => setMethod(e.target.value as PayoutMethod)}>
            {PAYOUT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYOUT_METHOD_LABELS[m]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Payee name" error={errors.payee_name} required hint="The name the check or transfer is made out to.">
          <Input value={payee} maxLength={200} autoComplete="name" onChange={(e) => setPayee(e.target.value)} />
        </Field>
        <Field label={ask.label} error={errors.details} required hint={ask.hint}>
          <Textarea value={details} maxLength={1000} onChange={(e) => setDetails(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save payout details'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
