/**
 * Every react-query key of the client, in one module (ADR 018). A feature
 * that must refresh another's cache (a license decision refreshes the admin
 * Operators tab, an invitation the marketplace) takes the key from here
 * rather than from the other feature, so features never import each other
 * for a key, and a key's shape is written once for its queries, their
 * invalidations and the live-event handlers (lib/live-events.ts).
 *
 * Keys are nested: invalidating a key refreshes every query under it (e.g.
 * `queryKeys.dashboard.all` refreshes each dashboard query). Parameters are
 * typed loosely (`object` for filters): lib/ imports no feature.
 */
export const queryKeys = {
  /** The signed-in account (GET /me); kept across sign-in and sign-out, which set it. */
  me: ['me'] as const,
  /** The server's public configuration; the same for everyone. */
  config: ['config'] as const,

  sessions: ['auth', 'sessions'] as const,
  emailPreferences: ['account', 'email-preferences'] as const,

  admin: {
    all: ['admin'] as const,
    stats: ['admin', 'stats'] as const,
    funnel: (days: number) => ['admin', 'funnel', days] as const,
    referrals: ['admin', 'referrals'] as const,
    escrow: (view: string) => ['admin', 'escrow', view] as const,
    properties: ['admin', 'properties'] as const,
    propertiesInState: (state: string) => ['admin', 'properties', 'state', state] as const,
    operators: ['admin', 'operators'] as const,
    referrers: ['admin', 'referrers'] as const,
    subscriptions: ['admin', 'subscriptions'] as const,
    auditLogs: ['admin', 'audit-logs'] as const,
    outbox: ['admin', 'outbox'] as const,
    smartEhrs: ['admin', 'smart-ehrs'] as const,
    systems: ['admin', 'systems'] as const,
  },

  billing: {
    manage: ['billing', 'manage'] as const,
    offlineAll: ['billing', 'offline'] as const,
    offline: (kind: string, id: string) => ['billing', 'offline', kind, id] as const,
  },

  /** The operator's dashboard: a profile change refetches everything under `all` (completion, badges, verification). */
  dashboard: {
    all: ['operator-dashboard'] as const,
    stats: ['operator-dashboard', 'stats'] as const,
    profile: ['operator-dashboard', 'profile'] as const,
    completion: ['operator-dashboard', 'completion'] as const,
    analytics: ['operator-dashboard', 'analytics'] as const,
    tours: ['operator-dashboard', 'tours'] as const,
    reviews: ['operator-dashboard', 'reviews'] as const,
    properties: ['operator-dashboard', 'properties'] as const,
    /** The license proof's status, under the dashboard: it changes with the profile's licensing type. */
    licenseVerification: ['operator-dashboard', 'license-verification'] as const,
  },

  documents: {
    /** Every document query of one referral (each operator's list starts with it). */
    list: (referralId: string) => ['documents', referralId] as const,
    referrals: ['document-referrals'] as const,
  },

  invitations: {
    mine: ['invitations', 'mine'] as const,
  },

  marketplace: {
    all: ['marketplace'] as const,
    referrals: ['marketplace', 'referrals'] as const,
    referral: (id: string) => ['marketplace', 'referral', id] as const,
    escrow: (id: string) => ['marketplace', 'escrow', id] as const,
    interests: ['marketplace', 'interests'] as const,
  },

  messaging: {
    conversations: ['conversations'] as const,
    referrals: ['message-referrals'] as const,
    /** Every page size of one conversation's thread. */
    messages: (conversationId: string) => ['messages', conversationId] as const,
  },

  notifications: {
    all: ['notifications'] as const,
  },

  /** Referral payouts: the referrer's details and payouts; the admin's list lives under admin (refreshed with the dashboard). */
  payouts: {
    all: ['payouts'] as const,
    details: ['payouts', 'details'] as const,
    mine: ['payouts', 'mine'] as const,
    admin: (status: string) => ['admin', 'payouts', status] as const,
    /** Not under admin: refreshing the dashboard must not read (and audit) a payee's details again. */
    payee: (payoutId: string) => ['payouts', 'payee', payoutId] as const,
  },

  operators: {
    search: (filters: object) => ['operators', 'search', filters] as const,
    profile: (username: string) => ['operators', 'profile', username.toLowerCase()] as const,
  },

  properties: {
    search: (filters: object) => ['properties', 'search', filters] as const,
    detail: (id: string) => ['properties', 'detail', id] as const,
    nearby: (id: string) => ['properties', 'nearby', id] as const,
    /** The signed-in account's shortlist (GET /api/my/shortlist). */
    shortlist: ['properties', 'shortlist'] as const,
    bedConfirmation: (token: string) => ['bed-confirmation', token] as const,
  },

  referrals: {
    all: ['referrals'] as const,
    mine: (active: boolean) => ['referrals', 'mine', active ? 'active' : 'all'] as const,
    summary: ['referrals', 'mine', 'summary'] as const,
    detail: (id: string) => ['referrals', 'detail', id] as const,
  },

  reviews: {
    request: (token: string, referralId: string) => ['review-request', token, referralId] as const,
  },

  tours: {
    operatorContacts: (username: string) => ['tours', 'operator-contacts', username] as const,
    reschedule: (token: string) => ['tour-reschedule', token] as const,
    requested: ['tours', 'requested'] as const,
  },
}

/** Queries that outlive a change of account or a resync: the account itself (set, not refetched) and the public configuration. */
export const outlivesSession = (queryKey: readonly unknown[]) => queryKey[0] === queryKeys.me[0] || queryKey[0] === queryKeys.config[0]
