import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react'
import { meQuery, type Me } from './api/me'
import { useSignIn, type SignInResult } from './api/sign-in'
import { useSignOut } from './api/sign-out'
import { useSignUp } from './api/sign-up'
import { useVerifySecondFactor, type SecondFactorInput } from './api/verify-second-factor'
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

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const me = useQuery(meQuery)
  const data = me.data?.user ? (me.data as Me) : null

  // Each mutation updates the identity in the cache on success (api/identity.ts), whoever calls the context.
  const signInMutation = useSignIn()
  const secondFactorMutation = useVerifySecondFactor()
  const signUpMutation = useSignUp()
  const signOutMutation = useSignOut()
  // mutateAsync is stable for the life of the provider, so the context value below does not change with the mutations' state.
  const signIn = signInMutation.mutateAsync
  const verifySecondFactor = secondFactorMutation.mutateAsync
  const signUp = signUpMutation.mutateAsync
  const signOut = signOutMutation.mutateAsync

  // Stable, so an effect that calls it (the subscription success page) runs once, not after every refreshed identity.
  const refreshSubscription = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
    const result = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 })
    if (!result) throw new Error('Failed to refresh subscription status.')
  }, [queryClient])

  const value = useMemo<AuthContextValue>(
    () => ({
      user: data?.user ?? null,
      roles: data?.roles ?? [],
      role: data?.role ?? null,
      isAdmin: data?.is_admin ?? false,
      subscription: data?.subscription ?? null,
      loading: me.isPending,
      twoFactorRequired: data?.two_factor?.required ?? false,
      signIn,
      verifySecondFactor,
      signUp,
      signOut: async () => void (await signOut()),
      refreshSubscription,
    }),
    [data, me.isPending, signIn, verifySecondFactor, signUp, signOut, refreshSubscription],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

/** The authentication context; using it outside AuthProvider is a programming error. */
export function useAuth() {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within an AuthProvider')
  return context
}

/** Holds the operator role, explicitly or by having no role rows. */
export const isOperator = (roles: readonly string[]) => roles.includes('operator') || roles.length === 0
