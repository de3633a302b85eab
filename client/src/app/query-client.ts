import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query'

/**
 * The app's one query cache. A module of its own because both the provider
 * (main.tsx) and the route loaders (loaders.ts) need the same instance.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
  },
})

/**
 * The answers a server-rendered page was rendered with (server/ssr/render.tsx),
 * put in the cache before the page hydrates: it renders the same markup and asks for none of them again.
 */
export function hydrateQueries(state: DehydratedState) {
  // Current as of now: the server checked them when it sent the page (it may have sent a cached render of the same data).
  const now = Date.now()
  hydrate(queryClient, { ...state, queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) })
}
