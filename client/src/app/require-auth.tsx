import { useRef, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { Spinner } from '../components/ui/spinner'
import { useAuth } from '../features/auth'

/** Signed-in only pages: others are sent to /auth and come back after signing in. */
export function RequireAuth({ children, admin }: { children: ReactNode; admin?: boolean }) {
  const { user, isAdmin, loading, twoFactorRequired } = useAuth()
  const location = useLocation()
  // Someone who signs out here is going home (the header sends them to /), not asked to sign in again.
  const hadUser = useRef(false)
  if (user) hadUser.current = true
  if (loading) return <Spinner label="Loading" />
  if (!user) {
    if (hadUser.current) return <Navigate to="/" replace />
    const back = encodeURIComponent(location.pathname + location.search)
    // Admin pages too: an admin following a link to /admin?tab=escrow signs in (with two-factor) and lands there.
    return <Navigate to={`/auth?redirect=${back}`} replace />
  }
  if (admin && !isAdmin) return <Navigate to="/" replace />
  // Admins must enrol in two-factor sign-in before anything else (the server refuses admin calls until then).
  if (twoFactorRequired && location.pathname !== '/account') return <Navigate to="/account?enrol=1" replace />
  return <>{children}</>
}
