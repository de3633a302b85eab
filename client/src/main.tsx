import { QueryClientContext } from '@tanstack/react-query'
import { StrictMode, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { loadedQueryClient, loadQueryClient, onQueryClientLoaded } from './app/data-layer'
import { router } from './app/router'
import { AuthProvider } from './features/auth'
// Imported by the entry, not by ScheduleTourDialog: Bun puts the CSS of a lazy
// route into a stylesheet of that chunk that nothing links, so the calendar lost its styles.
import 'react-day-picker/style.css'

void loadQueryClient()

/**
 * The query client's context is provided from the start, empty until the client
 * has loaded (app/data-layer.ts): the same element throughout, so nothing below
 * remounts when it arrives; nothing that queries renders before (router.tsx).
 */
function App() {
  const client = useSyncExternalStore(onQueryClientLoaded, loadedQueryClient)
  return (
    <QueryClientContext.Provider value={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientContext.Provider>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
