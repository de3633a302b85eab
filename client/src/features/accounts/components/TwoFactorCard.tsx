import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form'
import { toast } from '../../../lib/toast'
import { codeSchema, disableTwoFactorSchema } from '@server/features/accounts/security.schemas'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { ApiError, errorMessage } from '../../../lib/api'
import { meQuery } from '../../auth'
import { useBeginTwoFactor } from '../api/begin-two-factor'
import { useDisableTwoFactor } from '../api/disable-two-factor'
import { useEnableTwoFactor } from '../api/enable-two-factor'

type Setup = { secret: string; otpauth_uri: string }

/**
 * A refused request shown on the form: the server's per-field messages on their
 * fields, anything else under the code field, where this card always showed it.
 */
function showRefusal<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  const fields = err instanceof ApiError ? err.fields : undefined
  if (fields && Object.keys(fields).length > 0) {
    for (const [field, message] of Object.entries(fields)) setError(field as Path<T>, { message })
  } else setError('code' as Path<T>, { message: errorMessage(err, 'Something went wrong') })
}

/** Two-factor sign-in: set up (QR code, first code, recovery codes shown once) or turn off. */
export function TwoFactorCard() {
  const me = useQuery(meQuery).data
  const enabled = !!(me && 'two_factor' in me && me.two_factor?.enabled)
  const [setup, setSetup] = useState<Setup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const begin = useBeginTwoFactor()
  const start = async () => {
    try {
      setSetup(await begin.mutateAsync())
    } catch (err) {
      toast.error(errorMessage(err, 'Something went wrong'))
    }
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
            <Button onClick={start} disabled={begin.isPending}>
              Set up two-factor authentication
            </Button>
          </>
        )}
        {!enabled && setup && (
          <EnableForm
            setup={setup}
            onEnabled={(recoveryCodes) => {
              setCodes(recoveryCodes)
              setSetup(null)
            }}
          />
        )}
        {enabled && <DisableForm />}
      </CardContent>
    </Card>
  )
}

function EnableForm({ setup, onEnabled }: { setup: Setup; onEnabled: (recoveryCodes: string[]) => void }) {
  const [qr, setQr] = useState<string>()
  const enable = useEnableTwoFactor()
  const form = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } })
  useEffect(() => {
    QRCode.toDataURL(setup.otpauth_uri, { width: 220, margin: 2 }).then(setQr, () => setQr(undefined))
  }, [setup])
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      const result = await enable.mutateAsync(code)
      toast.success('Two-factor authentication enabled')
      onEnabled(result.recovery_codes)
    } catch (err) {
      showRefusal(err, form.setError)
    }
  })
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">Scan the QR code with your authenticator app, or enter the key by hand.</p>
      {qr && <img src={qr} width={220} height={220} alt="QR code to add Homeward to your authenticator app" />}
      <Field label="Setup key">
        <Input readOnly value={setup.secret} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <Field label="Verification code" error={form.formState.errors.code?.message} required>
        <Input inputMode="numeric" autoComplete="one-time-code" {...form.register('code')} />
      </Field>
      <Button type="submit" disabled={enable.isPending}>
        Confirm and enable
      </Button>
    </form>
  )
}

function DisableForm() {
  const disable = useDisableTwoFactor()
  const form = useForm({ resolver: zodResolver(disableTwoFactorSchema), defaultValues: { password: '', code: '' } })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values)
      form.reset()
      toast.success('Two-factor authentication disabled')
    } catch (err) {
      showRefusal(err, form.setError)
    }
  })
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-600">To turn it off, enter your password and a current code.</p>
      <Field label="Password" error={errors.password?.message} required>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Field label="Verification code" error={errors.code?.message} required>
        <Input inputMode="numeric" autoComplete="one-time-code" {...form.register('code')} />
      </Field>
      <Button type="submit" variant="outline" disabled={disable.isPending}>
        Disable two-factor authentication
      </Button>
    </form>
  )
}
