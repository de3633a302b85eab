import { dehydrate, QueryClient, QueryClientContext } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router'
import type { ServerLoaderContext } from '../../client/src/app/loaders'
import { routes } from '../../client/src/app/router'
import type { ServerState } from '../../client/src/app/server-state'
import { AuthProvider } from '../../client/src/features/auth'
import { ApiError, setApiTransport } from '../../client/src/lib/api'
import { configQuery } from '../../client/src/lib/config'
import { loadAllCatalogs, type Locale, ServerLocaleContext } from '../../client/src/lib/i18n'
import { RenderTimeContext } from '../../client/src/lib/render-time'
import { isClientRoute, splitLocalePath } from '../lib/client-routes'
import { clock } from '../lib/clock'
import { pageHead, type PageHead } from './head'

/** The app's answers to the renderer's API calls: in process, as a visitor (no cookie ever reaches them). */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>

/**
 * A public page's data, loaded as a signed-out visitor: the route's loaders
 * fetch it through `api()`, which on the server asks the app in process
 * without the request's cookies (`apiFetch`), so a rendered page can hold
 * nothing a visitor may not read; the signed-in parts (the header's account)
 * are the browser's, after hydration.
 */
export type LoadedPage = {
  status: number
  /** The page's language, from its address (`/es/…`, ADR 037): its `<html lang>`, strings and head. */
  locale: Locale
  head: PageHead
  /** What the browser hydrates with; null when an answer failed (the browser then renders the page itself). */
  state: ServerState | null
  /** The answers the page is made of: equal data, equal page (the render cache's key, page-cache.ts). */
  data: string
  render: () => Promise<string>
}

const handler = createStaticHandler(routes)

export async function loadPage(url: URL, apiFetch: ApiFetch): Promise<LoadedPage> {
  setApiTransport(apiFetch)
  const locale = splitLocalePath(url.pathname).locale
  // The catalogs in memory before rendering (loaded once): a component never suspends for its strings here.
  // English too: the fallback of a string not translated yet, as in the browser.
  await Promise.all([loadAllCatalogs('en'), loadAllCatalogs(locale)])
  // Fresh for this one render: nothing is fetched twice, nothing outlives the request.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } } })
  // The footer's contact lines and several pages read the public configuration.
  await queryClient.prefetchQuery(configQuery)
  const requestContext: ServerLoaderContext = { queryClient }
  const context = await handler.query(new Request(url), { requestContext })
  if (context instanceof Response) throw new Error(`A public page's loader answered a response (${context.status}): loaders only prefetch`)
  const queries = queryClient.getQueryCache().getAll()
  const failed = queries.some((query) => query.state.status === 'error')
  // An address whose record is unknown (404) or cannot name one (422: an id or username of the wrong form) names nothing.
  const missing = queries.some((query) => query.state.error instanceof ApiError && (query.state.error.status === 404 || query.state.error.status === 422))
  // The not-found page (an unknown path), and a page whose own record does not exist (an unknown home or operator), answer 404: a crawler does not index them.
  const status = context.statusCode !== 200 ? context.statusCode : missing || !isClientRoute(url.pathname) ? 404 : 200
  const renderedAt = clock.ms()
  const state: ServerState | null = failed ? null : { router: routerState(context), queries: dehydrate(queryClient), renderedAt }
  return {
    status,
    locale,
    head: pageHead(url, queryClient, status === 200),
    state,
    data: JSON.stringify(queries.map((query) => [query.queryHash, query.state.status, query.state.data ?? null])),
    render: () => renderMarkup(context, queryClient, renderedAt, locale),
  }
}

/**
 * The page's markup with the browser's own route table and components
 * (client/src/app/router.tsx), by React's streaming renderer, read whole once
 * every boundary is ready: a crawler gets the whole page, and it is cached
 * (page-cache.ts). A boundary that suspended (a lazy widget loading its
 * module the first time) is written late with an inline script that moves it
 * into place, which the Content-Security-Policy (scripts from the app's own
 * files only) refuses: the page is rendered again then, its modules now
 * loaded, until nothing suspends, so it arrives complete.
 */
async function renderMarkup(context: StaticHandlerContext, queryClient: QueryClient, renderedAt: number, locale: Locale) {
  for (let attempt = 1; ; attempt++) {
    const html = await renderOnce(context, queryClient, renderedAt, locale)
    if (!INLINE_SCRIPT.test(html)) return html
    if (attempt === MAX_RENDERS) throw new Error('A page kept suspending: its HTML would need inline scripts')
  }
}

const MAX_RENDERS = 4
/** A script element React writes itself (not data: ours are type="application/…"). */
const INLINE_SCRIPT = /<script(?![^>]*type="application\/)[^>]*>/

async function renderOnce(context: StaticHandlerContext, queryClient: QueryClient, renderedAt: number, locale: Locale) {
  const router = createStaticRouter(handler.dataRoutes, context)
  let failure: unknown = null
  const stream = await renderToReadableStream(
    <StrictMode>
      <ServerLocaleContext.Provider value={locale}>
      <RenderTimeContext.Provider value={renderedAt}>
        <QueryClientContext.Provider value={queryClient}>
          <AuthProvider>
            {/* hydrate={false}: the router's state travels in the page's JSON (ServerState), not in an inline script. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AuthProvider>
        </QueryClientContext.Provider>
      </RenderTimeContext.Provider>
      </ServerLocaleContext.Provider>
    </StrictMode>,
    {
      // Never outline a boundary that is ready (React does past a size, to show the page progressively): with inline scripts only.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error
      },
    },
  )
  await stream.allReady
  const html = await new Response(stream).text()
  if (failure) throw failure
  return html
}

function routerState(context: StaticHandlerContext): ServerState['router'] {
  return { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors }
}
