import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api'
import { meQuery } from '../../auth/api/me'
import { forgotPassword, resetPassword, verifyEmail } from '../api/security'

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [sent, setSent] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      setSent((await forgotPassword(email)).message)
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields?.email ?? err.message) : 'Something went wrong')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Page title="Reset your password" className="max-w-md">
      <Card>
        <CardContent className="pt-5">
          {sent ? (
            <p role="status" className="text-slate-700">{sent}</p>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-4">
              <p className="text-sm text-slate-600">Enter your e-mail and we will send you a link to choose a new password.</p>
              <Field label="Email" error={error} required>
                <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              </Field>
              <Button type="submit" className="w-full" disabled={busy}>
                Send reset link
              </Button>
            </form>
          )}
          <p className="mt-4 text-center text-sm">
            <Link to="/auth" className="text-brand-700 hover:underline">Back to sign in</Link>
          </p>
        </CardContent>
      </Card>
    </Page>
  )
}

export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await resetPassword(token, password)
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
      toast.success('Password updated', { description: 'You are signed in; other sessions were signed out.' })
      navigate('/', { replace: true })
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields?.password ?? err.message) : 'Something went wrong')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Page title="Choose a new password" className="max-w-md">
      <Card>
        <CardContent className="pt-5">
          <form onSubmit={submit} noValidate className="space-y-4">
            <Field label="New password" hint="At least 8 characters" error={error} required>
              <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <Button type="submit" className="w-full" disabled={busy || !token}>
              Set new password
            </Button>
          </form>
        </CardContent>
      </Card>
    </Page>
  )
}

export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null)
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true // one attempt: the token works once (StrictMode runs effects twice)
    verifyEmail(params.get('token') ?? '')
      .then(() => {
        setState({ ok: true, message: 'Your e-mail address is confirmed. Thank you!' })
        queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
      })
      .catch((err) => setState({ ok: false, message: errorMessage(err, 'This verification link is invalid or has expired.') }))
  }, [params, queryClient])
  return (
    <Page title="Confirm your e-mail" className="max-w-md">
      {!state ? (
        <Spinner label="Confirming..." />
      ) : (
        <div role="status" className="space-y-4">
          <p className={state.ok ? 'text-green-800' : 'text-red-700'}>{state.message}</p>
          <ButtonLink to="/">Return to Home</ButtonLink>
        </div>
      )}
    </Page>
  )
}
