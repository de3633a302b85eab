import { CircleAlert } from 'lucide-react'
import { ButtonLink } from './button'
import { Card, CardContent } from './card'

/** What an e-mailed single-use link shows when it is wrong, used or expired (beds confirmation, tour reschedule). */
export function LinkProblem({ message, action }: { message: string; action: { to: string; label: string } }) {
  return (
    <Card className="max-w-xl">
      <CardContent className="space-y-4 pt-6" role="alert">
        <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <CircleAlert className="h-5 w-5 text-amber-700" aria-hidden="true" /> This link cannot be used
        </p>
        <p className="text-slate-700">{message}</p>
        <ButtonLink to={action.to}>{action.label}</ButtonLink>
      </CardContent>
    </Card>
  )
}
