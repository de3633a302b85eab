import type { DB } from './db/client'
import type { ROLES } from './db/enums'
import type { Locale } from './i18n'

/** An account's role (user_roles.role); features/auth decides which one a user acts as. */
export type Role = (typeof ROLES)[number]

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
  /** The language the person chose (users.preferred_language): the API's answers and her e-mail use it. */
  preferred_language?: string | null
}

/** A registered system calling the FHIR REST API (ADR 038), and the referrer account it acts for. */
export type SystemCaller = { clientId: string; clientName: string; scopes: string; userId: string }

export type AppEnv = {
  Variables: {
    /** The database every handler passes to the services it calls (ADR 020). */
    db: DB
    user: CurrentUser | null
    requestId: string
    ip: string | null
    /** The language the API answers this request in (server/i18n requestLocale, ADR 037). */
    locale: Locale
    /** Signed in with the password but the second factor is still due. */
    pendingTwoFactor: { userId: string; sessionId: string } | null
    /** A registered system calling the FHIR REST API with a bearer token (features/systems systemAuth), else unset. */
    system?: SystemCaller | null
  }
}
