import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import { changeLocale, currentLocale, setLocaleChangeListener } from '../../lib/i18n'
import { createContext, lazy, Suspense, useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { api } from '../../lib/api'
import { clearIdentity, setIdentity } from './api/identity'
import { meQuery, type Me } from './api/me'
import { saveLanguage } from './api/save-language'
import { signIn as requestSignIn, type SignInResult } from './api/sign-in'
import { signOut as requestSignOut } from './api/sign-out'
import { signUp as requestSignUp } from './api/sign-up'
import { verifySecondFactor as requestSecondFactor, type SecondFactorInput } from './api/verify-second-factor'
import type { SignInInput, SignUpInput } from '@server/features/auth/auth.schemas'

export type Subscription = Me['subscription']

type AuthContextValue = {
  user: Me['user'] | null
  roles: Me['roles']
  role: Me['role'] | null
  isAdmin: boolean
  subscription: Subscription | null
  loading: boolean
  /** Resolves to `{two_factor_required: true}` when a code is due (then call verifySecondFactor). */
  signIn: (input: SignInInput) => Promise<SignInResult>
  verifySecondFactor: (input: SecondFactorInput) => Promise<Me>
  /** An admin who has not enrolled in two-factor sign-in yet. */
  twoFactorRequired: boolean
  signUp: (input: SignUpInput) => Promise<Me>
  signOut: () => Promise<void>
  refreshSubscription: () => Promise<void>
}

const AuthContext = createContext<AuthContextValue | null>(null)

/** Where a user lands after sign-in. */
export function homeFor(role: string | null | undefined) {
  if (role === 'admin') return '/admin'
  if (role === 'referrer') return '/referrer-dashboard'
  return '/operator-dashboard'
}

/** Keeps GET /api/me observed (fetched, refetched when invalidated, never dropped from the cache): its own chunk. */
const MeObserver = lazy(async () => ({ default: (await import('./me-observer')).MeObserver }))

/** GET /api/me's answer: an account, or a visitor's empty one. */
type MeAnswer = NonNullable<ReturnType<typeof cachedMe>>
const cachedMe = (queryClient: QueryClient) => queryClient.getQueryData(meQuery.queryKey)

const unknownVisitor = () => undefined
const notReady = () => Promise.reject(new Error('The app is still loading: try again in a moment.'))
const noSubscription = () => () => {}

/**
 * The signed-in account, read from the query cache's GET /api/me entry.
 *
 * It imports no react-query code that runs, only its context: the entry chunk
 * (every visitor's first download) goes without react-query, which the app
 * loads beside the first page (client/src/app/data-layer.ts, README
 * Performance). Until that query client is provided, the account is GET
 * /api/me's answer, asked for at once (the page's HTML preloaded it: the home
 * page, which waits for the account, needs no react-query to know it) and put
 * in the cache when the client arrives; after, the value follows the cache
 * entry as useQuery would (the same notifications), and the actions (sign-in,
 * second factor, sign-up, sign-out) set it from their answers (api/identity.ts).
 */
export function AuthProvider({ children, fromServerHtml = false }: { children: ReactNode; fromServerHtml?: boolean }) {
  const queryClient = useContext(QueryClientContext)
  const subscribe = useCallback((onChange: () => void) => queryClient?.getQueryCache().subscribe(onChange) ?? noSubscription(), [queryClient])
  // Unknown on the server (it renders every page as a visitor, never with an account) and so while hydrating its HTML.
  const state = useSyncExternalStore(subscribe, () => queryClient?.getQueryState(meQuery.queryKey), unknownVisitor)
  const actions = useMemo(() => (queryClient ? actionsOn(queryClient) : null), [queryClient])

  // The app's start, before the query client: the answer is fetched here, then handed to the cache.
  const [early, setEarly] = useState<{ answer: MeAnswer; at: number } | null>(null)
  const startedWithoutClient = useRef(!queryClient)
  useEffect(() => {
    if (!startedWithoutClient.current) return
    let current = true
    api<MeAnswer>('/me').then(
      (answer) => current && setEarly({ answer, at: Date.now() }),
      () => {}, // The query refetches when the client arrives.
    )
    return () => {
      current = false
    }
  }, [])
  useEffect(() => {
    if (queryClient && early && queryClient.getQueryData(meQuery.queryKey) === undefined) {
      queryClient.setQueryData(meQuery.queryKey, early.answer, { updatedAt: early.at })
    }
  }, [queryClient, early])

  // The account's saved language follows the person to this device; the switcher's choice, signed in, is saved on it (ADR 037).
  const signedInAnswer = state?.data ?? early?.answer
  const savedLanguage = signedInAnswer?.user ? (signedInAnswer as Me).user.preferred_language : null
  useEffect(() => {
    if (!savedLanguage) return setLocaleChangeListener(null)
    if (savedLanguage !== currentLocale()) void changeLocale(savedLanguage)
    setLocaleChangeListener((locale) => {
      if (locale !== savedLanguage) void saveLanguage(locale).catch(() => {})
    })
    return () => setLocaleChangeListener(null)
  }, [savedLanguage])

  const value = useMemo<AuthContextValue>(() => {
    const answer = state?.data ?? early?.answer
    const data = answer?.user ? (answer as Me) : null
    return {
      user: data?.user ?? null,
      roles: data?.roles ?? [],
      role: data?.role ?? null,
      isAdmin: data?.is_admin ?? false,
      subscription: data?.subscription ?? null,
      // As useQuery's isPending: no answer yet (none asked for, or on its way).
      loading: answer === undefined && (state === undefined || state.status === 'pending'),
      twoFactorRequired: data?.two_factor?.required ?? false,
      signIn: actions?.signIn ?? notReady,
      verifySecondFactor: actions?.verifySecondFactor ?? notReady,
      signUp: actions?.signUp ?? notReady,
      signOut: actions?.signOut ?? notReady,
      refreshSubscription: actions?.refreshSubscription ?? notReady,
    }
  }, [state, early, actions])
  // On a page hydrated from the server's HTML, a visitor's answer (no one signed in) only ends "loading": every
  // component that reads the account would render again for it, at once, in one long task right after
  // hydration. That render is left to the background (a deferred value renders in slices). Not on a page the
  // browser renders itself, which has no such render to spare, and where a deferred render that shows a lazy
  // part would wait for its chunk (the referral form's note waits for the account). A change of account
  // (sign-in, sign-out) and the actions' arrival with the query client show at once.
  const deferred = useDeferredValue(value)
  const shown = fromServerHtml && value.user === null && deferred.user === null && value.signIn === deferred.signIn ? deferred : value
  return (
    <AuthContext.Provider value={shown}>
      {children}
      {queryClient && (
        <Suspense fallback={null}>
          <MeObserver />
        </Suspense>
      )}
    </AuthContext.Provider>
  )
}

/** Each answer that is an identity becomes the cached one (api/identity.ts); stable per query client. */
function actionsOn(queryClient: QueryClient) {
  return {
    signIn: async (input: SignInInput) => {
      const result = await requestSignIn(input)
      // A second factor still due leaves the visitor signed out.
      if (!('two_factor_required' in result)) setIdentity(queryClient, result)
      return result
    },
    verifySecondFactor: async (input: SecondFactorInput) => {
      const me = await requestSecondFactor(input)
      setIdentity(queryClient, me)
      return me
    },
    signUp: async (input: SignUpInput) => {
      const me = await requestSignUp(input)
      setIdentity(queryClient, me)
      return me
    },
    signOut: async () => {
      await requestSignOut()
      clearIdentity(queryClient)
    },
    // Stable, so an effect that calls it (the subscription success page) runs once, not after every refreshed identity.
    refreshSubscription: async () => {
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
      const result = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 })
      if (!result) throw new Error('Failed to refresh subscription status.')
    },
  }
}

/** The authentication context; using it outside AuthProvider is a programming error. */
export function useAuth() {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within an AuthProvider')
  return context
}

/** Holds the operator role, explicitly or by having no role rows. */
export const isOperator = (roles: readonly string[]) => roles.includes('operator') || roles.length === 0
