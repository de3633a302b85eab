import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'

import type { ReferralStatus } from '@server/features/admin/list-referrals'
import type { AuditAction, AuditArea } from '@server/lib/audit-actions'
import { api } from '../../../lib/api'
import { queryKeys } from '../../../lib/query-keys'
import type { z } from 'zod'
import type { adminOperatorsSchema, adminPropertiesSchema, adminReferralsSchema, adminReferrersSchema, adminStatsSchema, adminSubscriptionsSchema, auditLogsSchema, funnelSchema, outboxSchema } from '@server/features/admin/admin.responses'
import type { heldPaymentsSchema } from '@server/features/marketplace/marketplace.responses'
import type { messagesPageSchema } from '@server/features/messaging/messaging.responses'

/** One row of a list answer. */
type Row<S extends z.ZodType<{ items: unknown[] }>> = z.infer<S>['items'][number]

export type AdminStats = z.infer<typeof adminStatsSchema>
export type Funnel = z.infer<typeof funnelSchema>
export type ReferralPage = z.infer<typeof adminReferralsSchema>
export type AdminReferral = ReferralPage['items'][number]
export type EscrowPayment = Row<typeof heldPaymentsSchema>
export type PropertyPage = z.infer<typeof adminPropertiesSchema>
export type AdminProperty = PropertyPage['items'][number]
export type AdminOperator = Row<typeof adminOperatorsSchema>
export type AdminReferrer = Row<typeof adminReferrersSchema>
export type AdminSubscription = Row<typeof adminSubscriptionsSchema>
export type AuditPage = z.infer<typeof auditLogsSchema>
export type AuditEntry = AuditPage['items'][number]
/** The audit log's server-side filters (GET /api/admin/audit-logs). */
export type AuditFilters = { area?: AuditArea; action?: AuditAction; actor?: string; from?: string; to?: string }
export type OutboxEmail = Row<typeof outboxSchema>
/** A conversation as an admin reads it (read-only, audited by the server). */
export type AdminThread = z.infer<typeof messagesPageSchema>
export type { ReferralStatus }

export const REFERRAL_STATUSES: ReferralStatus[] = ['pending', 'reviewing', 'matched', 'placed', 'rejected', 'cancelled']

const list = <A extends { items: unknown[] }>(path: string, query?: Record<string, unknown>) => api<A>(path, { query }).then((r): A['items'] => r.items)

/** Every admin query, keyed under queryKeys.admin.all, so one invalidation refreshes the dashboard. */
export const adminQueries = {
  stats: () => queryOptions({ queryKey: queryKeys.admin.stats, queryFn: () => api<AdminStats>('/admin/stats') }),
  funnel: (days: 30 | 90) => queryOptions({ queryKey: queryKeys.admin.funnel(days), queryFn: () => api<Funnel>('/admin/funnel', { query: { days } }) }),
  referrals: (q = '') =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.admin.referrals, q],
      queryFn: ({ pageParam }) => api<ReferralPage>('/admin/referrals', { query: { q: q || undefined, page: pageParam, per_page: 100 } }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    }),
  escrow: (view: 'held' | 'resolved' = 'held') =>
    queryOptions({ queryKey: queryKeys.admin.escrow(view), queryFn: () => list<z.infer<typeof heldPaymentsSchema>>('/admin/escrow', { view: view === 'held' ? undefined : view }) }),
  properties: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.admin.properties,
      queryFn: ({ pageParam }) => api<PropertyPage>('/admin/properties', { query: { page: pageParam, per_page: 100 } }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    }),
  propertiesInState: (state: string) =>
    queryOptions({
      queryKey: queryKeys.admin.propertiesInState(state),
      queryFn: () => api<PropertyPage>('/admin/properties', { query: { state, per_page: 500 } }).then((r) => r.items),
      enabled: /^[A-Za-z]{2}$/.test(state),
    }),
  operators: () => queryOptions({ queryKey: queryKeys.admin.operators, queryFn: () => list<z.infer<typeof adminOperatorsSchema>>('/admin/operators') }),
  referrers: () => queryOptions({ queryKey: queryKeys.admin.referrers, queryFn: () => list<z.infer<typeof adminReferrersSchema>>('/admin/referrers') }),
  subscriptions: () =>
    queryOptions({ queryKey: queryKeys.admin.subscriptions, queryFn: () => list<z.infer<typeof adminSubscriptionsSchema>>('/admin/subscriptions') }),
  auditLogs: (filters: AuditFilters = {}) =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.admin.auditLogs, filters],
      queryFn: ({ pageParam }) => api<AuditPage>('/admin/audit-logs', { query: { ...filters, before: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
  outbox: () => queryOptions({ queryKey: queryKeys.admin.outbox, queryFn: () => list<z.infer<typeof outboxSchema>>('/admin/outbox') }),
}
