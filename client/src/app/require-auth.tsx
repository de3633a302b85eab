import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { Spinner } from '../components/ui/spinner'
import { useAuth } from '../features/auth/auth-context'

/** Signed-in only pages: others are sent to /auth and come back after signing in. */
export function RequireAuth({ children, admin }: { children: ReactNode; admin?: boolean }) {
  const { user, isAdmin, loading } = useAuth()
  const location = useLocation()
  if (loading) return <Spinner label="Loading" />
  if (!user) {
    const back = encodeURIComponent(location.pathname + location.search)
    return <Navigate to={admin ? '/' : `/auth?redirect=${back}`} replace />
  }
  if (admin && !isAdmin) return <Navigate to="/" replace />
  return <>{children}</>
}
