import { useInfiniteQuery } from '@tanstack/react-query'
import { AUDIT_ACTION_AREAS, AUDIT_ACTIONS, AUDIT_AREAS, type AuditAction, type AuditArea } from '@server/lib/audit-actions'
import { useMemo, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { columnsOf, DataTable, serverPages } from '../../../components/ui/data-table'
import { Field } from '../../../components/ui/field'
import { Input, Select } from '../../../components/ui/input'
import { money } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import { useMediaQuery } from '../../../lib/use-media-query'
import { adminQueries, type AuditEntry, type AuditFilters } from '../api/admin-api'
import { dateTime, useLoadErrorToast } from './admin-ui'
import { AUDIT_ACTION_LABELS, AUDIT_AREA_LABELS, AUDIT_DETAIL_LABELS, sentence, words } from './audit-labels'

type T = ReturnType<typeof useT>
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const CODE = /^[a-z]+(_[a-z]+)+$/

/** One detail's value in words: money, a time, yes/no, a list, a code as words; ids stay as they are (they wrap). */
function detailValue(t: T, key: string, value: unknown): string {
  if (value === null || value === undefined) return t('audit.detail.none')
  if (typeof value === 'boolean') return value ? t('audit.detail.yes') : t('audit.detail.no')
  if (typeof value === 'number') return key.endsWith('_cents') ? money(value) || '$0' : value.toLocaleString()
  if (Array.isArray(value)) return value.map((v) => detailValue(t, key, v)).join(', ')
  if (typeof value === 'string') return ISO_TIME.test(value) ? dateTime(value) : CODE.test(value) ? words(value) : value
  return JSON.stringify(value)
}

/** An entry's details as a readable list of names and values, wrapping rather than cut off. */
function Details({ details, t }: { details: AuditEntry['details']; t: T }) {
  const entries = Object.entries(details ?? {})
  if (entries.length === 0) return <>—</>
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-600">{AUDIT_DETAIL_LABELS[key] ? t(AUDIT_DETAIL_LABELS[key]) : sentence(key)}:</dt>
          <dd className="wrap-anywhere text-slate-800">{detailValue(t, key, value)}</dd>
        </div>
      ))}
    </dl>
  )
}

const actionLabel = (t: T, action: string) => (action in AUDIT_ACTION_LABELS ? t(AUDIT_ACTION_LABELS[action as AuditAction]) : sentence(action))

const col = columnsOf<AuditEntry>()
const auditColumns = (t: T) =>
  col.columns([
    col.accessor('created_at', { header: t('audit.col.time'), cell: (c) => dateTime(c.getValue()), meta: { className: 'whitespace-nowrap' } }),
    col.accessor('action', {
      header: t('audit.col.action'),
      cell: (c) => (
        <span className="font-medium" title={c.getValue()}>
          {actionLabel(t, c.getValue())}
        </span>
      ),
      meta: { className: 'min-w-48' },
    }),
    col.accessor('resource_type', {
      header: t('audit.col.record'),
      cell: ({ row: { original: a } }) => (
        <>
          {sentence(a.resource_type)}
          {a.resource_id && <p className="text-xs wrap-anywhere text-slate-600">{a.resource_id}</p>}
        </>
      ),
      meta: { className: 'min-w-32 max-w-56' },
    }),
    col.accessor('actor_label', { header: t('audit.col.actor'), meta: { className: 'wrap-anywhere max-w-56' } }),
    col.accessor('ip_address', { header: t('audit.col.ip'), cell: (c) => c.getValue() ?? '—' }),
    col.display({ id: 'details', header: t('audit.col.details'), cell: ({ row }) => <Details details={row.original.details} t={t} />, meta: { className: 'min-w-56 max-w-md' } }),
  ])

/** A phone's view: one card per entry, everything on screen without scrolling sideways. */
function AuditCards({ entries, t }: { entries: AuditEntry[]; t: T }) {
  return (
    <ul className="space-y-3" aria-label={t('audit.caption')}>
      {entries.map((a) => (
        <li key={a.id} className="space-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid={`audit-${a.id}`}>
          <p className="font-medium" title={a.action}>
            {actionLabel(t, a.action)}
          </p>
          <p className="text-xs wrap-anywhere text-slate-600">
            {dateTime(a.created_at)} · {a.actor_label}
            {a.ip_address ? ` · ${a.ip_address}` : ''}
          </p>
          <p className="text-xs wrap-anywhere text-slate-600">
            {sentence(a.resource_type)}
            {a.resource_id ? ` ${a.resource_id}` : ''}
          </p>
          <Details details={a.details} t={t} />
        </li>
      ))}
    </ul>
  )
}

const EMPTY_FORM = { area: '', action: '', actor: '', from: '', to: '' }

/** The audit log: newest first, 50 a page, each action in words, filtered on the server. */
export function AuditLogsTab() {
  const t = useT('admin')
  const [form, setForm] = useState(EMPTY_FORM)
  const [filters, setFilters] = useState<AuditFilters>({})
  const logs = useInfiniteQuery(adminQueries.auditLogs(filters))
  useLoadErrorToast(logs.error, t('audit.loadFailed'))
  const columns = useMemo(() => auditColumns(t), [t])
  // The action list follows the chosen area.
  const actions = useMemo(
    () => AUDIT_ACTIONS.filter((a) => !form.area || AUDIT_ACTION_AREAS[a] === form.area).map((a) => ({ value: a, label: t(AUDIT_ACTION_LABELS[a]) })),
    [form.area, t],
  )
  const set = (name: keyof typeof EMPTY_FORM) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }))
  const apply = (event: FormEvent) => {
    event.preventDefault()
    setFilters({
      area: (form.area || undefined) as AuditArea | undefined,
      action: (form.action || undefined) as AuditAction | undefined,
      actor: form.actor.trim() || undefined,
      from: form.from || undefined,
      to: form.to || undefined,
    })
  }
  const filtered = Object.values(filters).some(Boolean)
  const wide = useMediaQuery('(min-width: 768px)')
  const rows = logs.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <div className="space-y-4">
      <form aria-label={t('audit.filters')} onSubmit={apply} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
        <Field label={t('audit.filter.area')}>
          <Select value={form.area} onChange={(e) => setForm((f) => ({ ...f, area: e.target.value, action: '' }))}>
            <option value="">{t('audit.filter.any')}</option>
            {AUDIT_AREAS.map((a) => (
              <option key={a} value={a}>
                {t(AUDIT_AREA_LABELS[a])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('audit.filter.action')}>
          <Select value={form.action} onChange={set('action')}>
            <option value="">{t('audit.filter.any')}</option>
            {actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('audit.filter.actor')} hint={t('audit.filter.actorHint')}>
          <Input value={form.actor} maxLength={200} onChange={set('actor')} />
        </Field>
        <Field label={t('audit.filter.from')}>
          <Input type="date" value={form.from} max={form.to || undefined} onChange={set('from')} />
        </Field>
        <Field label={t('audit.filter.to')}>
          <Input type="date" value={form.to} min={form.from || undefined} onChange={set('to')} />
        </Field>
        <div className="flex items-end gap-2 pb-0.5">
          <Button type="submit">{t('audit.filter.apply')}</Button>
          {filtered && (
            <Button
              variant="outline"
              onClick={() => {
                setForm(EMPTY_FORM)
                setFilters({})
              }}
            >
              {t('audit.filter.clear')}
            </Button>
          )}
        </div>
      </form>
      {!wide && rows.length > 0 ? (
        <>
          <AuditCards entries={rows} t={t} />
          {logs.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" disabled={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
                {t('audit.loadOlder')}
              </Button>
            </div>
          )}
        </>
      ) : (
      <DataTable
        caption={t('audit.caption')}
        order={t('audit.newestFirst')}
        noun={t('audit.noun')}
        emptyText={filtered ? t('audit.emptyFiltered') : t('audit.empty')}
        columns={columns}
        {...serverPages(logs, t('audit.loadOlder'))}
      />
      )}
    </div>
  )
}
