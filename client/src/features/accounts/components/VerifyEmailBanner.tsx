import { MailWarning } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { useAuth } from '../../auth'
import { useResendVerification } from '../api/resend-verification'

/** Shown to signed-in users whose e-mail is not confirmed yet, with a resend button. */
export function VerifyEmailBanner() {
  const { user } = useAuth()
  const resending = useResendVerification()
  if (!user || user.email_verified) return null
  const resend = () =>
    resending.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorMessage(error, 'Could not send the verification email')),
    })
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm text-amber-900 sm:px-6 lg:px-8">
        <MailWarning className="h-4 w-4" aria-hidden="true" />
        <span>Please confirm your e-mail address ({user.email}) to submit referrals, unlock referrals and send messages.</span>
        <Button size="sm" variant="outline" onClick={resend} disabled={resending.isPending}>
          Resend verification email
        </Button>
      </div>
    </div>
  )
}
