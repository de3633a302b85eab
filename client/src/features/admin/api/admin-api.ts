import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { getAdminStats } from '@server/features/admin/get-admin-stats'
import type { getFunnel } from '@server/features/admin/get-funnel'

export type Funnel = Awaited<ReturnType<typeof getFunnel>>
import type { listAllProperties } from '@server/features/admin/list-properties'
import type { listAuditLogs } from '@server/features/admin/list-audit-logs'
import type { listEscrow } from '@server/features/admin/list-escrow'
import type { listOperators } from '@server/features/admin/list-operators'
import type { listOutbox } from '@server/features/admin/list-outbox'
import type { listReferrals, ReferralStatus } from '@server/features/admin/list-referrals'
import type { listReferrers } from '@server/features/admin/list-referrers'
import type { listSubscriptions } from '@server/features/admin/list-subscriptions'
import { api } from '../../../lib/api'
import type { Jsonify } from '../../../lib/json'
import { queryKeys } from '../../../lib/query-keys'

type Items<F extends (...args: never[]) => Promise<unknown[]>> = Jsonify<Awaited<ReturnType<F>>[number]>

export type AdminStats = Jsonify<ReturnType<typeof getAdminStats>>
export type AdminReferral = Items<typeof listReferrals>
export type EscrowPayment = Items<typeof listEscrow>
export type PropertyPage = Jsonify<ReturnType<typeof listAllProperties>>
export type AdminProperty = PropertyPage['items'][number]
export type AdminOperator = Items<typeof listOperators>
export type AdminReferrer = Items<typeof listReferrers>
export type AdminSubscription = Items<typeof listSubscriptions>
export type AuditPage = Jsonify<ReturnType<typeof listAuditLogs>>
export type AuditEntry = AuditPage['items'][number]
export type OutboxEmail = Items<typeof listOutbox>
export type { ReferralStatus }

export const REFERRAL_STATUSES: ReferralStatus[] = ['pending', 'reviewing', 'matched', 'placed', 'rejected', 'cancelled']

const list = <T>(path: string, query?: Record<string, unknown>) => api<{ items: T[] }>(path, { query }).then((r) => r.items)

/** Every admin query, keyed under queryKeys.admin.all, so one invalidation refreshes the dashboard. */
export const adminQueries = {
  stats: () => queryOptions({ queryKey: queryKeys.admin.stats, queryFn: () => api<AdminStats>('/admin/stats') }),
  funnel: (days: 30 | 90) => queryOptions({ queryKey: queryKeys.admin.funnel(days), queryFn: () => api<Funnel>('/admin/funnel', { query: { days } }) }),
  referrals: () => queryOptions({ queryKey: queryKeys.admin.referrals, queryFn: () => list<AdminReferral>('/admin/referrals') }),
  escrow: (view: 'held' | 'resolved' = 'held') =>
    queryOptions({ queryKey: queryKeys.admin.escrow(view), queryFn: () => list<EscrowPayment>('/admin/escrow', { view: view === 'held' ? undefined : view }) }),
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
  operators: () => queryOptions({ queryKey: queryKeys.admin.operators, queryFn: () => list<AdminOperator>('/admin/operators') }),
  referrers: () => queryOptions({ queryKey: queryKeys.admin.referrers, queryFn: () => list<AdminReferrer>('/admin/referrers') }),
  subscriptions: () =>
    queryOptions({ queryKey: queryKeys.admin.subscriptions, queryFn: () => list<AdminSubscription>('/admin/subscriptions') }),
  auditLogs: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.admin.auditLogs,
      queryFn: ({ pageParam }) => api<AuditPage>('/admin/audit-logs', { query: { before: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
  outbox: () => queryOptions({ queryKey: queryKeys.admin.outbox, queryFn: () => list<OutboxEmail>('/admin/outbox') }),
}
