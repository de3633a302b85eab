import type { QueryClient } from '@tanstack/react-query'

/**
 * The app's query client, loaded beside the first page instead of inside the
 * entry chunk (README, Performance): react-query is about 9 KB brotli that
 * the home page does not need to render, and the other pages download it in
 * parallel with their own files (the server names its chunk in their HTML,
 * preloads.json). main.tsx provides the client once it is here; the route
 * table waits for it before rendering a page that queries (router.tsx), and
 * the loaders before prefetching.
 */
let client: QueryClient | undefined
let loading: Promise<QueryClient> | null = null
const listeners = new Set<() => void>()

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ queryClient }) => {
    // What QueryClientProvider does on mount: refetch on focus and reconnect.
    queryClient.mount()
    client = queryClient
    for (const listener of listeners) listener()
    return queryClient
  })
  return loading
}

/** The client once loaded (useSyncExternalStore's snapshot). */
export const loadedQueryClient = () => client

export function onQueryClientLoaded(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
