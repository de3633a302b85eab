import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { queryClient } from './app/query-client'
import { router } from './app/router'
import { AuthProvider } from './features/auth'
// Imported by the entry, not by ScheduleTourDialog: Bun puts the CSS of a lazy
// route into a stylesheet of that chunk that nothing links, so the calendar lost its styles.
import 'react-day-picker/style.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
)
