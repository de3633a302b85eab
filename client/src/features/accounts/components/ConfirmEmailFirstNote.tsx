import { MailWarning } from 'lucide-react'
import { toast } from '../../../lib/toast'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { useAuth } from '../../auth'
import { useResendVerification } from '../api/resend-verification'

/**
 * Said where an action that needs a confirmed e-mail starts (the referral
 * form's first step), not only when it is refused at the end: the address,
 * that the answers are kept meanwhile, and a way to get the link again.
 */
export function ConfirmEmailFirstNote({ action }: { action: string }) {
  const { user } = useAuth()
  const resending = useResendVerification()
  if (!user || user.email_verified) return null
  const resend = () =>
    resending.mutate(undefined, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorMessage(error, 'Could not send the verification email')),
    })
  return (
    // On a phone the text takes the whole width and the button goes under it, instead of a narrow column beside it.
    <div role="note" className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-start" data-testid="confirm-email-first">
      <MailWarning className="mt-0.5 hidden h-5 w-5 shrink-0 sm:block" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <strong>Confirm your e-mail address before you {action}.</strong> We sent a link to {user.email}. You can fill in the form now: your
        answers are kept in this tab until you submit.
      </p>
      <Button size="sm" variant="outline" className="self-start" onClick={resend} disabled={resending.isPending}>
        Resend the link
      </Button>
    </div>
  )
}
