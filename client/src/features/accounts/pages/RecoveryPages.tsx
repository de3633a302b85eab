import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { forgotPasswordSchema, resetPasswordSchema } from '@server/features/accounts/security.schemas'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api'
import { useForgotPassword } from '../api/forgot-password'
import { useResetPassword } from '../api/reset-password'
import { useVerifyEmail } from '../api/verify-email'
import { resetLinkQuery } from '../api/check-reset-link'
import { useAuth } from '../../auth'
import { RESET_INVALID_MESSAGE } from '@server/features/accounts/security.schemas'

/** A refusal from the server shown under the form's one field: its own message for that field, else the general one. */
const serverError = (err: unknown, field: string) =>
  err instanceof ApiError ? (err.fields?.[field] ?? err.message) : 'Something went wrong'

// The page asks for the password only; the token comes from the link.
const newPasswordSchema = resetPasswordSchema.pick({ password: true })

/** The e-mail field that sends a reset link, and what the server answered once sent. */
function SendResetLink({ intro, label = 'Send reset link' }: { intro: string; label?: string }) {
  const [sent, setSent] = useState<string>()
  const request = useForgotPassword()
  // The server's schema: an invalid address is refused here with its message, without a request.
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } })
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      setSent((await request.mutateAsync(email)).message)
    } catch (err) {
      form.setError('email', { message: serverError(err, 'email') })
    }
  })
  if (sent) return <p role="status" className="text-slate-700">{sent}</p>
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{intro}</p>
      <Field label="Email" error={form.formState.errors.email?.message} required>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {label}
      </Button>
    </form>
  )
}

export function ForgotPasswordPage() {
  return (
    <Page title="Reset your password" className="max-w-md">
      <Card>
        <CardContent className="pt-5">
          <SendResetLink intro="Enter your e-mail and we will send you a link to choose a new password." />
          <p className="mt-4 text-center text-sm">
            <Link to="/auth" className="text-brand-700 hover:underline">Back to sign in</Link>
          </p>
        </CardContent>
      </Card>
    </Page>
  )
}

/** /reset-password?token=…: the link is checked as the page opens; an expired or used one offers a new link instead of the form. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const link = useQuery({ ...resetLinkQuery(token), enabled: !!token })
  return (
    <Page title="Choose a new password" className="max-w-md">
      <Card>
        <CardContent className="pt-5">
          {token && link.isPending ? (
            <Spinner label="Checking your link..." />
          ) : !token || link.isError ? (
            <div className="space-y-4">
              <p role="alert" className="text-red-700">
                {link.error instanceof ApiError && link.error.code === 'invalid_token' ? link.error.message : !token ? RESET_INVALID_MESSAGE : errorMessage(link.error, RESET_INVALID_MESSAGE)}
              </p>
              <SendResetLink intro="Reset links work once, for one hour. Enter your e-mail and we will send you a new one." label="Send a new link" />
            </div>
          ) : (
            <NewPasswordForm token={token} />
          )}
        </CardContent>
      </Card>
    </Page>
  )
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const reset = useResetPassword()
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '' } })
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password })
      toast.success('Password updated', { description: 'You are signed in; other sessions were signed out.' })
      navigate('/', { replace: true })
    } catch (err) {
      form.setError('password', { message: serverError(err, 'password') })
    }
  })
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="New password" hint="At least 8 characters" error={form.formState.errors.password?.message} required>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        Set new password
      </Button>
    </form>
  )
}

/** Said when the link is opened again after it worked, or the account's address is confirmed already: not an error. */
const ALREADY_CONFIRMED = 'Your e-mail address is already confirmed. There is nothing more to do.'

export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const verify = useVerifyEmail()
  const { user } = useAuth()
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true // one attempt: the token works once (StrictMode runs effects twice)
    // mutateAsync, not mutate's callbacks: those are skipped for an observer StrictMode has just unmounted.
    verify
      .mutateAsync(params.get('token') ?? '')
      .then((answer) => setState({ ok: true, message: answer.already_verified ? ALREADY_CONFIRMED : 'Your e-mail address is confirmed. Thank you!' }))
      .catch((err) => setState({ ok: false, message: errorMessage(err, 'This verification link is invalid or has expired.') }))
  }, [params, verify])
  // A link replaced by a newer one fails, but a signed-in account whose address is confirmed has nothing to fix.
  const shown = state && !state.ok && user?.email_verified ? { ok: true, message: ALREADY_CONFIRMED } : state
  return (
    <Page title="Confirm your e-mail" className="max-w-md">
      {!shown ? (
        <Spinner label="Confirming..." />
      ) : (
        <div role="status" className="space-y-4">
          <p className={shown.ok ? 'text-green-800' : 'text-red-700'}>{shown.message}</p>
          <ButtonLink to="/">Return to Home</ButtonLink>
        </div>
      )}
    </Page>
  )
}
