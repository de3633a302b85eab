import { QueryClientContext } from '@tanstack/react-query'
import { StrictMode, startTransition, useEffect, useState, useSyncExternalStore } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router'
import { loadedQueryClient, loadQueryClient, onQueryClientLoaded } from './app/data-layer'
import { routes } from './app/router'
import { SERVER_STATE_ID, type ServerState } from './app/server-state'
import { AuthProvider } from './features/auth'
import { changeLocale, loadAllCatalogs, loadCatalog, preferredLocale, renderedLocale, setInitialLocale } from './lib/i18n'
import { isLocalized, splitLocalePath } from './lib/i18n/locale-path'
import { RenderTimeContext } from './lib/render-time'
// Imported by the entry, not by ScheduleTourDialog: Bun puts the CSS of a lazy
// route into a stylesheet of that chunk that nothing links, so the calendar lost its styles.
import 'react-day-picker/style.css'

// zod (in the chunks of the pages that validate) probes `new Function` when it first builds an object
// schema; the Content-Security-Policy refuses it and Chrome reports the refusal (Lighthouse best
// practices, on the operator profile). Without its JIT, zod skips the probe; set before any chunk loads.
;(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true }

void loadQueryClient()

/**
 * The query client's context is provided from the start, empty until the client
 * has loaded (app/data-layer.ts): the same element throughout, so nothing below
 * remounts when it arrives; nothing that queries renders before (router.tsx).
 * A server-rendered page hydrates with the client already there (its snapshot while hydrating).
 */
function App({ router, renderedAt = null }: { router: ReturnType<typeof createBrowserRouter>; renderedAt?: number | null }) {
  const client = useSyncExternalStore(onQueryClientLoaded, loadedQueryClient, loadedQueryClient)
  // The server's "now" while hydrating its HTML, the browser's clock from then on (lib/render-time.ts).
  const [now, setNow] = useState(renderedAt)
  useEffect(() => {
    // In a transition: what reads the clock renders again in slices, not in one long task right after hydration.
    startTransition(() => setNow(null))
    // Hydrated: what the browser tests wait for (an event, not a delay).
    if (renderedAt !== null) document.documentElement.dataset.hydrated = 'true'
  }, [renderedAt])
  return (
    <RenderTimeContext.Provider value={now}>
      <QueryClientContext.Provider value={client}>
        <AuthProvider fromServerHtml={renderedAt !== null}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientContext.Provider>
    </RenderTimeContext.Provider>
  )
}

const root = document.getElementById('root')!
const serverState = document.getElementById(SERVER_STATE_ID)

// A server-rendered page hydrates in its HTML's language, then turns to the visitor's if it differs;
// a page the browser renders starts in the visitor's. English is loaded too: the fallback of a missing Spanish string.
// A public page is read in the language of its address (`/es/…`, ADR 037): the visitor's preference does not move it.
const preferred = preferredLocale()
const { locale: inPath, path } = splitLocalePath(window.location.pathname)
const addressed = isLocalized(path)
const startLocale = serverState ? renderedLocale() : addressed ? inPath : preferred
setInitialLocale(startLocale)
// Hydrating, every catalog of the page's language is in memory first, as on the server: a component that
// suspended for its strings here and not there would be a hydration error. (Per-area chunks of a few hundred bytes.)
const shellCatalogs = serverState
  ? Promise.all([loadAllCatalogs('en'), loadAllCatalogs(startLocale)])
  : Promise.all([loadCatalog('en', 'shell'), loadCatalog(startLocale, 'shell')])

if (serverState) void shellCatalogs.then(() => hydrate(JSON.parse(serverState.textContent ?? '{}') as ServerState)).then(() => {
  if (!addressed && preferred !== startLocale) void changeLocale(preferred)
})
else void shellCatalogs.then(() => createRoot(root).render(<StrictMode><App router={createBrowserRouter(routes)} /></StrictMode>))

/**
 * A public page the server rendered (server/ssr/render.tsx): the first render
 * must produce its HTML exactly, so it waits for what the server had: the
 * page's lazy route modules, the query client and the answers the page was
 * rendered with (their cache entries, so nothing is asked for again), and the
 * router's own state.
 */
async function hydrate(state: ServerState) {
  const matched = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy)
  const [{ hydrateQueries }] = await Promise.all([
    import('./app/query-client'),
    loadQueryClient(),
    ...matched.map(async ({ route }) => {
      const resolved = await (route.lazy as () => Promise<object>)()
      Object.assign(route, { ...resolved, lazy: undefined })
    }),
  ])
  hydrateQueries(state.queries)
  const router = createBrowserRouter(routes, { hydrationData: state.router })
  // In a transition, React hydrates in slices of a few milliseconds and yields to the browser between
  // them; outside one, hydration is one task as long as the whole page (total blocking time on a phone).
  startTransition(() => {
    hydrateRoot(root, <StrictMode><App router={router} renderedAt={state.renderedAt} /></StrictMode>)
  })
}
