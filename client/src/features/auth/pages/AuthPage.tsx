import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'
import { signInSchema, signUpSchema } from '../../../../../server/features/auth/auth.schemas'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { ApiError } from '../../../lib/api'
import { homeFor, useAuth } from '../auth-context'
import { startPremiumCheckout } from '../premium-after-sign-up'

/** Only same-site paths may be used as a return address. */
const safeRedirect = (value: string | null) => (value && value.startsWith('/') && !value.startsWith('//') ? value : null)

export function AuthPage() {
  const auth = useAuth()
  const [params] = useSearchParams()
  const [tab, setTab] = useState(params.get('mode') === 'signup' ? 'signup' : 'signin')
  const redirect = safeRedirect(params.get('redirect'))

  if (auth.loading) return <Spinner label="Loading" />
  if (auth.user) return <Navigate to={redirect ?? homeFor(auth.role)} replace />

  return (
    <Page title="Sign In" heading={null} className="max-w-md">
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Welcome to Homeward</h1>
        <p className="mt-1 text-slate-600">Sign in, or create a free account to list your home.</p>
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
              <SignUpForm />
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
  const form = useForm<z.input<typeof signInSchema>>({ resolver: zodResolver(signInSchema) })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const me = await signIn(values)
      toast.success('Welcome back!', { description: 'You have successfully signed in.' })
      navigate(redirect ?? homeFor(me.role), { replace: true })
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Invalid email or password')
    }
  })

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
    </form>
  )
}

function SignUpForm() {
  const { signUp } = useAuth()
  const navigate = useNavigate()
  const form = useForm<z.input<typeof signUpSchema>, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { plan: 'free' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp(values)
      toast.success('Account created!', { description: 'Your account has been created successfully.' })
      if (values.plan === 'premium') {
        // Part 2 §4: choosing premium at sign-up starts checkout right after the account exists.
        await startPremiumCheckout(navigate)
        return
      }
      navigate('/operator-dashboard', { replace: true })
    } catch (error) {
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
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Plan</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="free" className="accent-brand-700" {...form.register('plan')} /> Free — list one home
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="premium" className="accent-brand-700" {...form.register('plan')} /> Premium — 30-day free
          trial
        </label>
      </fieldset>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  )
}
