import { zodResolver } from '@hookform/resolvers/zod'
import { safeReturnPath } from '@server/lib/return-path'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { useSay } from '../../../lib/i18n'
import { z } from 'zod'
import { ACCOUNT_TYPES, signInSchema, signUpSchema, type AccountType } from '@server/features/auth/auth.schemas'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { ApiError } from '../../../lib/api'
import { ReferrerPaymentNote } from '../../../components/ReferrerPaymentNote'
import { homeFor, useAuth } from '../auth-context'

/** Only same-site paths may be used as a return address. */
/** Only a path on this site (never an open redirect): the rule the server's sign-in form uses too. */
const safeRedirect = safeReturnPath

export function AuthPage() {
  const auth = useAuth()
  const [params] = useSearchParams()
  const [tab, setTab] = useState(params.get('mode') === 'signup' ? 'signup' : 'signin')
  const redirect = safeRedirect(params.get('redirect'))
  // Where a sign-up on this page goes: the new account re-renders this page signed in, and it must
  // send them there too (not to their home), e.g. to the Premium checkout.
  const [afterSignUp, setAfterSignUp] = useState<string | null>(null)

  if (auth.loading) return <Spinner label="Loading" />
  if (auth.user) return <Navigate to={afterSignUp ?? redirect ?? homeFor(auth.role)} replace />

  return (
    <Page title="Sign In" heading={null} className="max-w-md">
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Welcome to Homeward</h1>
        <p className="mt-1 text-slate-600">Sign in, or create a free account to refer clients or to list your home.</p>
      </div>
      <Card>
        <CardContent className="pt-5">
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="grid grid-cols-2">
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm redirect={redirect} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm
                redirect={redirect}
                accountType={params.get('as') === 'referrer' ? 'referrer' : undefined}
                onDestination={setAfterSignUp}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </Page>
  )
}

function SignInForm({ redirect }: { redirect: string | null }) {
  const { signIn } = useAuth()
  const navigate = useNavigate()
  const [needsCode, setNeedsCode] = useState(false)
  const form = useForm<z.input<typeof signInSchema>>({ resolver: zodResolver(signInSchema) })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signIn(values)
      if ('two_factor_required' in result) return setNeedsCode(true)
      toast.success('Welcome back!', { description: 'You have successfully signed in.' })
      navigate(redirect ?? homeFor(result.role), { replace: true })
    } catch (error) {
      // Said under the button the user just pressed, not in a toast that fades (toasts are for confirmations).
      form.setError('root', { message: error instanceof ApiError ? error.message : 'Invalid email or password' })
    }
  })

  if (needsCode) return <SecondFactorForm redirect={redirect} />

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      {errors.root?.message && (
        <p role="alert" className="text-center text-sm text-red-700">
          {errors.root.message}
        </p>
      )}
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  )
}

/** Second step of sign-in for accounts with two-factor authentication. */
function SecondFactorForm({ redirect }: { redirect: string | null }) {
  const { verifySecondFactor } = useAuth()
  const navigate = useNavigate()
  const [recovery, setRecovery] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const me = await verifySecondFactor(recovery ? { recovery_code: value } : { code: value })
      toast.success('Welcome back!', { description: 'You have successfully signed in.' })
      navigate(redirect ?? homeFor(me.role), { replace: true })
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Invalid verification code')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        {recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <Field label={recovery ? 'Recovery code' : 'Verification code'} error={error} required>
        <Input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoFocus
        />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <button type="button" className="w-full text-sm text-brand-700 hover:underline" onClick={() => setRecovery((r) => !r)}>
        {recovery ? 'Use an authenticator code instead' : 'Use a recovery code instead'}
      </button>
    </form>
  )
}

/** The API defaults to an operator account (older clients); this form makes everyone choose. */
const signUpFormSchema = signUpSchema.extend({ account_type: z.enum(ACCOUNT_TYPES, { error: 'Please choose who you are' }) })

/** The two kinds of account, in the words of the people who choose. */
const ACCOUNT_CHOICES: Array<{ value: AccountType; label: string; hint: string }> = [
  { value: 'referrer', label: 'I refer clients', hint: 'Case managers, social workers, families and guardians. Free.' },
  { value: 'operator', label: 'I run a group home', hint: 'List your home and receive referrals.' },
]

/**
 * Choosing Premium at sign-up starts checkout right after the account exists: billing's pricing page
 * does it (its PremiumAfterSignUp step), so sign-up, below billing, does not import it (ADR 018).
 */
const PREMIUM_CHECKOUT = '/pricing?start=premium'

function SignUpForm({
  redirect,
  accountType,
  onDestination,
}: { redirect: string | null; accountType?: AccountType; onDestination: (path: string | null) => void }) {
  const { signUp } = useAuth()
  const navigate = useNavigate()
  const say = useSay()
  const form = useForm<z.input<typeof signUpFormSchema>, unknown, z.output<typeof signUpFormSchema>>({
    resolver: zodResolver(signUpFormSchema),
    // Who you are is asked, not assumed: the choice decides the dashboard and the role (ADR 001).
    defaultValues: { plan: 'free', account_type: accountType },
  })
  const { errors, isSubmitting } = form.formState
  const referrer = form.watch('account_type') === 'referrer'

  const onSubmit = form.handleSubmit(async (values) => {
    const referrer = values.account_type === 'referrer'
    const destination = referrer ? (redirect ?? '/referrer-dashboard') : values.plan === 'premium' ? PREMIUM_CHECKOUT : (redirect ?? '/operator-dashboard')
    // Said before the request, so the page knows it by the time the new account re-renders it.
    onDestination(destination)
    try {
      // Plans are for homes: a referrer's sign-up never starts a checkout.
      await signUp(referrer ? { ...values, plan: 'free' } : values)
      toast.success('Account created!', { description: 'Your account has been created successfully.' })
      navigate(destination, { replace: true })
    } catch (error) {
      onDestination(null)
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          form.setError(field as keyof typeof values, { message })
        }
      }
      toast.error(error instanceof ApiError ? error.message : 'Could not create account')
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">
          Who are you? <span className="text-red-700" aria-hidden="true">*</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ACCOUNT_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer gap-2 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                value={choice.value}
                className="mt-0.5 accent-brand-700"
                aria-invalid={errors.account_type ? true : undefined}
                aria-describedby={errors.account_type ? 'account-type-error' : undefined}
                {...form.register('account_type')}
              />
              <span>
                <span className="block font-medium text-slate-900">{choice.label}</span>
                <span className="block text-xs text-slate-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <p id="account-type-error" role="alert" className={errors.account_type ? 'text-sm text-red-700' : 'sr-only'}>
          {say(errors.account_type?.message) ?? ''}
        </p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.first_name?.message} required>
          <Input autoComplete="given-name" {...form.register('first_name')} />
        </Field>
        <Field label="Last name" error={errors.last_name?.message} required>
          <Input autoComplete="family-name" {...form.register('last_name')} />
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Phone" error={errors.phone?.message} required>
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </Field>
      <Field label="Password" error={errors.password?.message} hint="At least 8 characters" required>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      {referrer && <ReferrerPaymentNote />}
      {!referrer && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Plan for your home</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="free" className="accent-brand-700" {...form.register('plan')} /> Free — list one home
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="premium" className="accent-brand-700" {...form.register('plan')} /> Premium — 30-day free
            trial
          </label>
        </fieldset>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  )
}
