import type { Role } from './features/auth'

/** The signed-in user as every route sees it (c.var.user). */
export type CurrentUser = {
  id: string
  email: string
  roles: Role[]
  role: Role
  is_admin: boolean
  email_verified: boolean
  session_id: string
  two_factor_verified: boolean
}

export type AppEnv = {
  Variables: {
    user: CurrentUser | null
    requestId: string
    ip: string | null
    /** Signed in with the password but the second factor is still due. */
    pendingTwoFactor: { userId: string; sessionId: string } | null
  }
}
