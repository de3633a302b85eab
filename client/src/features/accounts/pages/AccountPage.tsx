import { useQuery, useQueryClient } from '@tanstack/react-query'
import QRCode from 'qrcode'
import { ShieldCheck } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { errorMessage } from '../../../lib/api'
import { shortDate } from '../../../lib/format'
import { meQuery } from '../../auth/api/me'
import { useAuth } from '../../auth/auth-context'
import { beginTwoFactor, disableTwoFactor, enableTwoFactor, revokeOtherSessions, sessionsQuery } from '../api/security'
import { VerifyEmailBanner } from '../components/VerifyEmailBanner'

export function AccountPage() {
  const { user, twoFactorRequired } = useAuth()
  const [params] = useSearchParams()
  if (!user) return null
  return (
    <Page title="Account & Security" subtitle={user.email}>
      {(twoFactorRequired || params.get('enrol')) && (
        <p role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          Two-factor authentication is required for admins. Set it up below to continue to the admin dashboard.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <TwoFactorCard />
        <SessionsCard />
        {!user.email_verified && (
          <Card className="lg:col-span-2">
            <VerifyEmailBanner />
          </Card>
        )}
      </div>
    </Page>
  )
}

function TwoFactorCard() {
  const queryClient = useQueryClient()
  const me = useQuery(meQuery).data
  const enabled = !!(me && 'two_factor' in me && me.two_factor?.enabled)
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null)
  const [qr, setQr] = useState<string>()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [codes, setCodes] = useState<string[] | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!setup) return
    QRCode.toDataURL(setup.otpauth_uri, { width: 220, margin: 2 }).then(setQr, () => setQr(undefined))
  }, [setup])

  const refreshMe = () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
  const run = async (fn: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await fn()
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong'))
    } finally {
      setBusy(false)
    }
  }
  const start = () => run(async () => setSetup(await beginTwoFactor()))
  const confirm = (e: FormEvent) => {
    e.preventDefault()
    return run(async () => {
      const result = await enableTwoFactor(code)
      setCodes(result.recovery_codes)
      setSetup(null)
      setCode('')
      toast.success('Two-factor authentication enabled')
      await refreshMe()
    })
  }
  const disable = (e: FormEvent) => {
    e.preventDefault()
    return run(async () => {
      await disableTwoFactor(password, code)
      setPassword('')
      setCode('')
      toast.success('Two-factor authentication disabled')
      await refreshMe()
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden="true" /> Two-factor authentication
        </CardTitle>
        <div>{enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}</div>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes && (
          <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
            <p className="font-medium">Your recovery codes</p>
            <p className="text-sm text-slate-700">Each works once if you lose your phone. Store them somewhere safe: they are shown only now.</p>
            <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        )}
        {!enabled && !setup && (
          <>
            <p className="text-sm text-slate-600">Protect your account with a code from an authenticator app at every sign-in.</p>
            <Button onClick={start} disabled={busy}>
              Set up two-factor authentication
            </Button>
          </>
        )}
        {!enabled && setup && (
          <form onSubmit={confirm} noValidate className="space-y-3">
            <p className="text-sm text-slate-700">Scan the QR code with your authenticator app, or enter the key by hand.</p>
            {qr && <img src={qr} width={220} height={220} alt="QR code to add Homeward to your authenticator app" />}
            <p className="break-all font-mono text-sm" aria-label="Setup key">{setup.secret}</p>
            <Field label="Verification code" error={error} required>
              <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            </Field>
            <Button type="submit" disabled={busy}>
              Confirm and enable
            </Button>
          </form>
        )}
        {enabled && (
          <form onSubmit={disable} noValidate className="space-y-3">
            <p className="text-sm text-slate-600">To turn it off, enter your password and a current code.</p>
            <Field label="Password" required>
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <Field label="Verification code" error={error} required>
              <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            </Field>
            <Button type="submit" variant="outline" disabled={busy}>
              Disable two-factor authentication
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  )
}

function SessionsCard() {
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQuery)
  const signOutOthers = async () => {
    try {
      await revokeOtherSessions()
      toast.success('Signed out of other sessions')
      await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey })
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign out other sessions'))
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Active sessions</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <ul className="divide-y divide-slate-200">
          {sessions.data?.items.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span>
                {s.device}
                {s.current && <Badge tone="brand" className="ml-2">This device</Badge>}
              </span>
              <span className="text-slate-600">Last seen {shortDate(s.last_seen_at)}</span>
            </li>
          ))}
        </ul>
        <Button variant="outline" onClick={signOutOthers} disabled={(sessions.data?.items.length ?? 0) < 2}>
          Sign out other sessions
        </Button>
      </CardContent>
    </Card>
  )
}
