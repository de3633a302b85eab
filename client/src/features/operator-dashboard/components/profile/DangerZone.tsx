import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import { Dialog } from '../../../../components/ui/dialog'
import { Field } from '../../../../components/ui/field'
import { Input } from '../../../../components/ui/input'
import { ApiError, errorMessage } from '../../../../lib/api'
import { useAuth } from '../../../auth'
import { useDeleteAccount } from '../../api/delete-account'

/** Danger Zone: delete the account after re-entering the password; then signed out to /. */
export function DangerZone() {
  const { signOut } = useAuth()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()
  // Busy until signed out too, not only while the request runs.
  const [busy, setBusy] = useState(false)
  const deletion = useDeleteAccount()

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!password) return setError('Password is required')
    setBusy(true)
    try {
      await deletion.mutateAsync(password)
      toast.success('Account deleted')
      setOpen(false)
      await signOut().catch(() => {})
      // Signing out makes this signed-in-only page redirect to /auth a moment later (its
      // state arrives asynchronously); once it has left the dashboard, send the user home.
      const started = Date.now()
      const timer = setInterval(() => {
        if (window.location.pathname.startsWith('/operator-dashboard') && Date.now() - started < 3000) return
        clearInterval(timer)
        navigate('/', { replace: true })
      }, 25)
    } catch (err) {
      if (err instanceof ApiError && err.fields?.password) setError(err.fields.password)
      toast.error(errorMessage(err, 'Failed to delete account'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-800">Danger Zone</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        <p>Deleting your account removes your profile, properties, photos and videos. This cannot be undone.</p>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen} title="Delete your account?" description="Enter your password to confirm. Your profile, properties, photos and videos are deleted permanently.">
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label="Password" required error={error}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => {
                setPassword(e.target.value)
                setError(undefined)
              }} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Deleting...' : 'Delete My Account'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  )
}
