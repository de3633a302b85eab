import { formatDistanceStrict } from 'date-fns'
import type { MyReferral } from '../api/referrals'

type Progress = NonNullable<MyReferral['progress']>

const STEPS: Array<[keyof Progress, string]> = [
  ['homes_notified', 'Homes notified'],
  ['interested', 'Interested'],
  ['declined', 'Declined'],
  ['unlocked', 'Unlocked'],
  ['tours_requested', 'Tours requested'],
]

const INVITATION_STATUS = { pending: 'No answer yet', accepted: 'Accepted', declined: 'Declined' } as const

/**
 * How the search is going (issue 17): counts per stage, the time to the
 * first answer, why homes declined (reasons always; a home's name only when
 * it agreed), and each invited operator's answer.
 */
export function ReferralProgressPanel({ progress: p }: { progress: Progress }) {
  return (
    <section aria-label="Progress" className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Progress</h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6">
        {STEPS.map(([key, label]) => (
          <div key={key}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{p[key] as number}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs text-slate-600">Placed</dt>
          <dd className="text-lg font-semibold text-slate-900">{p.placed ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700">
        Time to first response:{' '}
        <strong>{p.time_to_first_response_ms == null ? 'no response yet' : formatDistanceStrict(0, p.time_to_first_response_ms)}</strong>
      </p>
      {p.declined > 0 && (
        <div className="text-sm">
          <p className="font-medium text-slate-800">
            {p.declined} {p.declined === 1 ? 'home' : 'homes'} declined:
          </p>
          <ul className="mt-1 list-inside list-disc text-slate-700" aria-label="Decline reasons">
            {p.decline_reasons.map((r) => (
              <li key={r.reason}>
                {r.label}: {r.count}
              </li>
            ))}
          </ul>
          {p.named_declines.length > 0 && (
            <p className="mt-1 text-slate-600">
              {p.named_declines.map((d) => `${d.home} (${d.label})`).join(', ')}
            </p>
          )}
        </div>
      )}
      {p.invitations.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-slate-800">Invitations</p>
          <ul className="mt-1 space-y-0.5 text-slate-700" aria-label="Invitation answers">
            {p.invitations.map((i, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the progress has no invitation ids and two homes may share a name; the list is read-only text, re-rendered whole, so the position is the identity.
              <li key={n}>
                {i.operator}: {INVITATION_STATUS[i.status]}
                {i.reason_label ? ` (${i.reason_label})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
