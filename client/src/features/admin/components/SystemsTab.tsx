import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { columnsOf, DataTable } from '../../../components/ui/data-table'
import { ConfirmDialog } from '../../../components/ui/dialog'
import { errorMessage } from '../../../lib/api'
import { useT } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import { type AdminSystem, systemsQuery, useRevokeSystem } from '../api/systems'
import { dateTime, Stacked, useLoadErrorToast } from './admin-ui'

type Subscription = AdminSystem['subscriptions'][number]
const SUBSCRIPTION_STATUS: Record<Subscription['status'], { key: string; tone: BadgeTone }> = {
  requested: { key: 'systems.subscription.requested', tone: 'gray' },
  active: { key: 'systems.subscription.active', tone: 'green' },
  error: { key: 'systems.subscription.error', tone: 'red' },
  off: { key: 'systems.subscription.off', tone: 'gray' },
}

function RevokeButton({ system }: { system: AdminSystem }) {
  const t = useT('systems')
  const revoke = useRevokeSystem()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('systems.revoke')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('systems.revokeTitle', { name: system.name })}
        description={t('systems.revokeDescription')}
        confirmLabel={t('systems.revoke')}
        variant="destructive"
        busy={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(system.client_id, {
            onSuccess: () => {
              setOpen(false)
              toast.success(t('systems.revoked', { name: system.name }))
            },
            onError: (error) => toast.error(t('systems.revokeFailed'), { description: errorMessage(error, t('systems.tryAgain')) }),
          })
        }
      />
    </>
  )
}

/** A system's subscriptions: status, the endpoint's host (never its path or headers), errors. */
function Subscriptions({ items }: { items: Subscription[] }) {
  const t = useT('systems')
  if (!items.length) return <span className="text-slate-600">{t('systems.noSubscriptions')}</span>
  return (
    <ul className="space-y-1">
      {items.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center gap-2">
          <Badge tone={SUBSCRIPTION_STATUS[s.status].tone}>{t(SUBSCRIPTION_STATUS[s.status].key)}</Badge>
          <span className="break-all">{s.endpoint_host}</span>
          {s.error_count > 0 && (
            <span className="text-xs text-red-800" title={s.last_error ?? undefined}>
              {t('systems.errors', { count: s.error_count })}
              {s.last_error ? `: ${s.last_error}` : ''}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

function useColumns() {
  const t = useT('systems')
  const col = columnsOf<AdminSystem>()
  return col.columns([
    col.accessor('name', { header: t('systems.name'), cell: (c) => <Stacked strong main={c.getValue()} sub={c.row.original.account} /> }),
    col.accessor('scopes', { header: t('systems.scopes'), meta: { className: 'break-all' } }),
    col.accessor('created_at', { header: t('systems.created'), cell: (c) => dateTime(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
    col.accessor('last_used_at', { header: t('systems.lastUsed'), cell: (c) => (c.getValue() ? dateTime(c.getValue()) : t('systems.never')), meta: { className: 'whitespace-nowrap' } }),
    col.accessor((s) => (s.revoked_at ? 'revoked' : 'active'), {
      id: 'status',
      header: t('systems.status'),
      cell: (c) => (c.row.original.revoked_at ? <Stacked main={<Badge tone="red">{t('systems.statusRevoked')}</Badge>} sub={dateTime(c.row.original.revoked_at)} /> : <Badge tone="green">{t('systems.statusActive')}</Badge>),
    }),
    col.display({ id: 'subscriptions', header: t('systems.subscriptions'), cell: ({ row }) => <Subscriptions items={row.original.subscriptions} /> }),
    col.display({ id: 'actions', header: t('systems.actions'), cell: ({ row }) => (row.original.revoked_at ? null : <RevokeButton system={row.original} />) }),
  ])
}

/** Hospital systems registered for the FHIR API (SMART Backend Services), their subscriptions, and revoking one. */
export function SystemsTab() {
  const t = useT('systems')
  const systems = useQuery(systemsQuery())
  const columns = useColumns()
  useLoadErrorToast(systems.error, t('systems.loadFailed'))
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('systems.intro')}</p>
      <DataTable
        caption={t('systems.caption')}
        order={t('systems.order')}
        noun={t('systems.noun')}
        emptyText={t('systems.empty')}
        columns={columns}
        query={{ data: systems.data?.items, isPending: systems.isPending, isError: systems.isError }}
        rowId={(s) => s.client_id}
        rowTestId={(s) => `system-${s.client_id}`}
      />
    </div>
  )
}
