import { Outlet, ScrollRestoration } from 'react-router'
import { Toaster } from 'sonner'
import { Footer } from './footer'
import { Header } from './header'
import { VerifyEmailBanner } from '../features/accounts'
import { RealtimeProvider } from '../features/notifications'

export function Layout() {
  return (
    <RealtimeProvider>
      <div className="flex min-h-screen flex-col">
        <Header />
        <VerifyEmailBanner />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
        <Toaster richColors closeButton position="top-right" />
        <ScrollRestoration />
      </div>
    </RealtimeProvider>
  )
}
