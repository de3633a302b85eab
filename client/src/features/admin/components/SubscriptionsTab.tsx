import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { ApiError } from '../../../lib/api'
import { subscriptionStatusLabel } from '../../../lib/labels'
import { adminQueries } from '../api/admin-api'
import { useSetComplimentary } from '../api/set-complimentary'
import { dateOnly, dateTime, fullName, TabState, Table, Td, Th, useLoadErrorToast } from './admin-ui'

const EMPTY = 'Please enter an email address'

/** Grant or revoke complimentary Premium by e-mail; the subscriptions list. */
export function SubscriptionsTab() {
  const subscriptions = useQuery(adminQueries.subscriptions())
  useLoadErrorToast(subscriptions.error, 'Failed to load complimentary subscriptions')
  const [email, setEmail] = useState('')
  // A refusal is said under the field the admin typed in; confirmations are toasts.
  const [error, setError] = useState<string>()
  const change = useSetComplimentary()
  const submit = (grant: boolean) => {
    if (!email.trim()) return setError(EMPTY)
    setError(undefined)
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
  const rows = subscriptions.data ?? []
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
            <Button type="submit" disabled={change.isPending}>
              Grant Premium
            </Button>
            <Button variant="outline" disabled={change.isPending} onClick={() => submit(false)}>
              Revoke
            </Button>
          </form>
        </CardContent>
      </Card>
      <TabState loading={subscriptions.isPending} failed={subscriptions.isError} empty={rows.length === 0} emptyText="No complimentary or paid subscriptions yet.">
        <Table caption="Subscriptions">
          <thead>
            <tr>
              <Th>Account</Th>
              <Th>Plan</Th>
              <Th>Status</Th>
              <Th>Trial ends</Th>
              <Th>Granted</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((s) => (
              <tr key={s.user_id}>
                <Td>
                  <p className="font-medium">{s.organization_name || fullName(s.first_name, s.last_name)}</p>
                  <p className="text-xs text-slate-600">{s.email}</p>
                </Td>
                {/* A complimentary grant is Premium without a paid tier or a provider status: say so rather than 'free' and 'none'. */}
                <Td>
                  {s.is_complimentary ? <Badge tone="purple">Complimentary</Badge> : s.tier === 'premium' ? <Badge tone="brand">Premium</Badge> : <Badge>Free</Badge>}
                </Td>
                <Td>{s.is_complimentary && s.status === 'none' ? 'Complimentary Premium (no payment)' : subscriptionStatusLabel(s.status)}</Td>
                <Td className="whitespace-nowrap">{dateOnly(s.trial_ends_at)}</Td>
                <Td className="whitespace-nowrap">
                  {dateTime(s.granted_at)}
                  {s.granted_by && <p className="text-xs text-slate-600">by {s.granted_by}</p>}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TabState>
    </div>
  )
}
