import { createContext, useContext } from 'react'

/**
 * The moment a server-rendered page was rendered (ServerState.renderedAt):
 * what is computed from "now" (how long ago beds were confirmed, the footer's
 * year) uses it on the server and while the browser hydrates that page, so
 * the first render matches the HTML; null otherwise, and right after
 * hydration (main.tsx), when the browser's own clock takes over.
 */
export const RenderTimeContext = createContext<number | null>(null)

export function useNow(): Date {
  const renderedAt = useContext(RenderTimeContext)
  return renderedAt === null ? new Date() : new Date(renderedAt)
}
