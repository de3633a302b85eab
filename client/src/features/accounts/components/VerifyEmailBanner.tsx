import { MailWarning } from 'lucide-react'
import { useLocation } from 'react-router'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { useAuth } from '../../auth'
import { useResendVerification } from '../api/resend-verification'

/** Pages that show ConfirmEmailFirstNote where it matters (the referral form's first step). */
const PAGES_WITH_THEIR_OWN_NOTE = new Set(['/submit-referral'])

/** Shown to signed-in users whose e-mail is not confirmed yet, with a resend button. */
export function VerifyEmailBanner() {
  const { user } = useAuth()
  const resending = useResendVerification()
  const { pathname } = useLocation()
  // The referral form says it in its own note, with what it is needed for: not twice on one screen.
  if (!user || user.email_verified || PAGES_WITH_THEIR_OWN_NOTE.has(pathname)) return null
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
