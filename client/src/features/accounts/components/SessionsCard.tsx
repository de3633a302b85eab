import { useQuery } from '@tanstack/react-query'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { errorMessage } from '../../../lib/api'
import { shortDate } from '../../../lib/format'
import { useRevokeOtherSessions } from '../api/revoke-other-sessions'
import { sessionsQuery } from '../api/security'

/** The user's sessions, this device marked, and one button to sign out the others. */
export function SessionsCard() {
  const sessions = useQuery(sessionsQuery)
  const revoke = useRevokeOtherSessions()
  const signOutOthers = async () => {
    try {
      await revoke.mutateAsync()
      toast.success('Signed out of other sessions')
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
