import type { DehydratedState } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'

/**
 * What a server-rendered page hands the browser (server/ssr/render.tsx, main.tsx):
 * the router's state and the query cache's answers the page was rendered with,
 * as JSON in `<script type="application/json">` (data, not a script: the
 * Content-Security-Policy allows only the app's own script files).
 */
export const SERVER_STATE_ID = 'server-state'
export type ServerState = {
  router: Partial<HydrationState>
  queries: DehydratedState
  /** When the page was rendered (ms): "now" while hydrating (lib/render-time.ts). */
  renderedAt: number
}
