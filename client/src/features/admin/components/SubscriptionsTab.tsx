import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { columnsOf, DataTable } from '../../../components/ui/data-table'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { ApiError } from '../../../lib/api'
import { subscriptionStatusLabel } from '../../../lib/labels'
import { adminQueries, type AdminSubscription } from '../api/admin-api'
import { useSetComplimentary } from '../api/set-complimentary'
import { busyProps, dateOnly, DoneAt, fullName, PlanBadge, Stacked, useLoadErrorToast } from './admin-ui'

const col = columnsOf<AdminSubscription>()
const columns = col.columns([
  col.accessor((s) => s.organization_name || fullName(s.first_name, s.last_name), {
    id: 'account',
    header: 'Account',
    cell: ({ getValue, row: { original: s } }) => <Stacked strong main={getValue()} sub={s.email} />,
  }),
  col.display({ id: 'plan', header: 'Plan', cell: ({ row }) => <PlanBadge account={row.original} /> }),
  // A complimentary grant has no provider status: say so rather than 'none'.
  col.accessor((s) => (s.is_complimentary && s.status === 'none' ? 'Complimentary Premium (no payment)' : subscriptionStatusLabel(s.status)), { id: 'status', header: 'Status' }),
  col.accessor((s) => s.trial_ends_at ?? undefined, { id: 'trial', header: 'Trial ends', cell: (c) => dateOnly(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
  col.accessor((s) => s.granted_at ?? undefined, {
    id: 'granted',
    header: 'Granted',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row: { original: s } }) => <DoneAt at={s.granted_at} by={s.granted_by} />,
  }),
])

const EMPTY = 'Please enter an email address'

/** Grant or revoke complimentary Premium by e-mail; the subscriptions list. */
export function SubscriptionsTab() {
  const subscriptions = useQuery(adminQueries.subscriptions())
  useLoadErrorToast(subscriptions.error, 'Failed to load complimentary subscriptions')
  const [email, setEmail] = useState('')
  // A refusal is said under the field the admin typed in; confirmations are toasts.
  const [error, setError] = useState<string>()
  const change = useSetComplimentary()
  // Revoking takes an operator's Premium away at once: it is asked first (Grant sits right beside it).
  const [confirmRevoke, setConfirmRevoke] = useState(false)
  const submit = (grant: boolean) => {
    if (change.isPending) return
    if (!email.trim()) return setError(EMPTY)
    setError(undefined)
    setConfirmRevoke(false)
    change.mutate(
      { email: email.trim(), grant },
      {
        onSuccess: (result, { email: sent }) => {
          const target = sent.toLowerCase()
          toast.success(result.message || (grant ? `Premium access granted to ${target}` : `Complimentary access revoked for ${target}`))
          setEmail('')
        },
        onError: (failure) => {
          const title = grant ? 'Failed to grant subscription' : 'Failed to revoke subscription'
          setError(failure instanceof ApiError && failure.message ? `${title}: ${failure.message}` : title)
        },
      },
    )
  }
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Complimentary Premium</CardTitle>
          <p className="text-sm text-slate-600">Give an operator Premium at no cost, or take it back. They are told by e-mail.</p>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault()
              submit(true)
            }}
          >
            <Field label="Operator email" className="min-w-64 flex-1" error={error}>
              <Input
                type="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value)
                  setError(undefined)
                }}
                placeholder="operator@example.com"
              />
            </Field>
            {/* Busy, not disabled, while the grant runs: the button keeps focus, the list refreshes below it. */}
            <Button type="submit" {...busyProps(change.isPending)}>
              Grant Premium
            </Button>
            <Button
              variant="outline"
              {...busyProps(change.isPending)}
              onClick={() => {
                if (change.isPending) return
                if (!email.trim()) return setError(EMPTY)
                setConfirmRevoke(true)
              }}
            >
              Revoke
            </Button>
          </form>
          <ConfirmDialog
            open={confirmRevoke}
            onOpenChange={setConfirmRevoke}
            title="Revoke complimentary Premium?"
            description={`${email.trim().toLowerCase()} loses Premium now, unless they pay for it: homes and photos beyond the free plan are hidden from the public (nothing is deleted). They are told by e-mail.`}
            confirmLabel="Revoke Premium"
            variant="destructive"
            busy={change.isPending}
            onConfirm={() => submit(false)}
          />
        </CardContent>
      </Card>
      <DataTable caption="Subscriptions" noun="subscriptions" emptyText="No complimentary or paid subscriptions yet." columns={columns} query={subscriptions} rowId={(s) => s.user_id} />
    </div>
  )
}
