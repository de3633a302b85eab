import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, render, within } from '@testing-library/react/pure'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach } from 'bun:test'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { Toaster } from 'sonner'
import { AuthProvider, type Me } from '../src/features/auth'
import type { PublicConfig } from '../src/lib/config'
import { queryKeys } from '../src/lib/query-keys'
import { loadAllCatalogs, type Locale, ServerLocaleContext } from '../src/lib/i18n'

// The English catalogs loaded before any render, as the server does at start: a component that reads one
// (useT) renders at once instead of suspending on its first load outside act().
await loadAllCatalogs('en')

// findBy*/waitFor wait for what the component will show; their deadline bounds a failure, not a wait, so it is
// generous (Testing Library's 1 s default fails on a busy machine, not on a bug).
configure({ asyncUtilTimeout: 20_000 })

/**
 * Renders a component as the app would (react-query, the signed-in account,
 * a router, toasts) with the API answered by a fake `fetch` (fakeApi below):
 * the component, its hooks and lib/api.ts run for real, only the server is
 * replaced. Other paths render "Now at <path>", so a navigation shows.
 */
export function renderPage(ui: ReactNode, { me = null, path = '/', at = path, config, client = testQueryClient(), locale = null }: RenderOptions = {}) {
  client.setQueryData(queryKeys.me, me ?? ANONYMOUS)
  // The parts of GET /api/config a component reads (the rest is never looked at by it).
  if (config) client.setQueryData(queryKeys.config, config as PublicConfig)
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <NowAt /> },
    ],
    { initialEntries: [at] },
  )
  // No pause between keystrokes (the tests run on every change); this file's document, not the one
  // user-event saw when it loaded (client/test/dom.ts registers a new one per file).
  const user = userEvent.setup({ delay: null, document })
  const result = render(
    <ServerLocaleContext value={locale}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
        <Toaster />
      </QueryClientProvider>
    </ServerLocaleContext>,
  )
  return { ...result, user, client, router, page: within(document.body) }
}

/** `locale`: render in that language (as the server's renderer fixes it); unset, the tab's (English in tests). */
type RenderOptions = { me?: Me | null; path?: string; at?: string; config?: Partial<PublicConfig>; client?: QueryClient; locale?: Locale | null }

const ANONYMOUS = { user: null, roles: [], role: null, is_admin: false, subscription: null }

function NowAt() {
  const location = useLocation()
  return <p>Now at {`${location.pathname}${location.search}`}</p>
}

/** No retries (an error shows at once) and nothing refetched behind the test's back. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } })

/** A signed-in account as GET /api/me answers it. */
export function signedIn(role: 'referrer' | 'operator', user: Partial<Me['user']> = {}): Me {
  return {
    user: {
      id: `${role}-1`,
      email: `${role}@example.test`,
      first_name: 'Riley',
      last_name: 'Reed',
      phone: '(555) 201-3344',
      username: null,
      organization_name: null,
      email_verified: true,
      ...user,
    },
    two_factor: { enabled: false, required: false },
    roles: [role],
    role,
    is_admin: false,
    subscription: role === 'operator' ? { subscribed: true, tier: 'premium', status: 'active' } : null,
  } as Me
}

type Answer = { status?: number; body?: unknown }
type Route = Answer | ((request: { body: unknown; url: URL }) => Answer)
export type ApiCall = { method: string; path: string; body: unknown }

/**
 * Answers the app's API calls from `routes` ("POST /api/referrals": answer)
 * for each test of the file, and records them. An unknown call answers 404
 * and is recorded too, so a test can say it was not made.
 */
export function fakeApi(routes: () => Record<string, Route>) {
  const calls: ApiCall[] = []
  let table: Record<string, Route> = {}
  let realFetch: typeof fetch
  beforeEach(() => {
    calls.length = 0
    table = routes()
    realFetch = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const method = (init?.method ?? 'GET').toUpperCase()
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null)
      calls.push({ method, path: url.pathname + url.search, body })
      const route = table[`${method} ${url.pathname}`]
      const answer = typeof route === 'function' ? route({ body, url }) : (route ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } })
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      })
    }) as typeof fetch
  })
  afterEach(() => {
    globalThis.fetch = realFetch
  })
  return {
    calls,
    /** Replaces one route for the rest of the current test. */
    answer: (key: string, route: Route) => {
      table[key] = route
    },
    /** The calls made to `METHOD /api/path` (query string ignored). */
    made: (key: string) => calls.filter((c) => `${c.method} ${c.path.split('?')[0]}` === key),
  }
}
