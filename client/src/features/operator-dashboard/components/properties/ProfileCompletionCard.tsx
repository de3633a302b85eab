import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, Circle } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import { completionQuery } from '../../api/dashboard'

/** Profile Completion: the score and what is left to do. */
export function ProfileCompletionCard() {
  const completion = useQuery(completionQuery)
  if (!completion.data) return null
  const { percent, items } = completion.data
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Completion</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-center gap-3">
          <div role="progressbar" aria-label="Profile completion" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-3 flex-1 overflow-hidden rounded-full bg-slate-200">
            <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
          </div>
          <span className="text-lg font-bold text-slate-900" data-testid="completion-percent">
            {percent}%
          </span>
        </div>
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {items.map((i) => (
            <li key={i.key} className={i.done ? 'flex items-center gap-2 text-slate-700' : 'flex items-center gap-2 text-slate-500'}>
              {i.done ? <CheckCircle2 className="h-4 w-4 text-green-700" aria-hidden="true" /> : <Circle className="h-4 w-4" aria-hidden="true" />}
              {i.label} <span className="sr-only">{i.done ? '(done)' : '(to do)'}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
