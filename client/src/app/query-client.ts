import { QueryClient } from '@tanstack/react-query'

/**
 * The app's one query cache. A module of its own because both the provider
 * (main.tsx) and the route loaders (loaders.ts) need the same instance.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
  },
})
