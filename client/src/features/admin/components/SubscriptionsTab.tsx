import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { ApiError } from '../../../lib/api'
import { adminQueries } from '../api/admin-api'
import { useSetComplimentary } from '../api/set-complimentary'
import { dateOnly, dateTime, fullName, TabState, Table, Td, Th, useLoadErrorToast } from './admin-ui'

const EMPTY = 'Please enter an email address'

/** Grant or revoke complimentary Premium by e-mail; the subscriptions list. */
export function SubscriptionsTab() {
  const subscriptions = useQuery(adminQueries.subscriptions())
  useLoadErrorToast(subscriptions.error, 'Failed to load complimentary subscriptions')
  const [email, setEmail] = useState('')
  const change = useSetComplimentary()
  const submit = (grant: boolean) => {
    if (!email.trim()) return void toast.error(EMPTY)
    change.mutate(
      { email: email.trim(), grant },
      {
        onSuccess: (result, { email: sent }) => {
          const target = sent.toLowerCase()
          toast.success(result.message || (grant ? `Premium access granted to ${target}` : `Complimentary access revoked for ${target}`))
          setEmail('')
        },
        onError: (error) => {
          const title = grant ? 'Failed to grant subscription' : 'Failed to revoke subscription'
          toast.error(title, error instanceof ApiError && error.message ? { description: error.message } : undefined)
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
            <Field label="Operator email" className="min-w-64 flex-1">
              <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="operator@example.com" />
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
              <Th>Tier</Th>
              <Th>Status</Th>
              <Th>Trial ends</Th>
              <Th>Complimentary</Th>
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
                <Td>{s.tier === 'premium' ? <Badge tone="brand">premium</Badge> : <Badge>free</Badge>}</Td>
                <Td>{s.status}</Td>
                <Td className="whitespace-nowrap">{dateOnly(s.trial_ends_at)}</Td>
                <Td>{s.is_complimentary ? <Badge tone="purple">Yes</Badge> : 'No'}</Td>
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
