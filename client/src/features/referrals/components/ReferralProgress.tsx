import { formatDistanceStrict } from 'date-fns'
import { Link } from 'react-router'
import type { MyReferral } from '../api/referrals'

type Progress = NonNullable<MyReferral['progress']>
type State = MyReferral['state']

/** One word per number, each said once on the card; the hint says what is counted. */
const STEPS: Array<[keyof Progress, string, string]> = [
  ['homes_notified', 'Homes notified', 'Homes told about this referral: matched by Homeward or invited by you'],
  ['interested', 'Interested', 'Homes that expressed interest'],
  ['declined', 'Declined', 'Homes that answered "Not a fit"'],
  ['unlocked', 'Unlocked', 'Homes that unlocked the full details'],
  ['tours_requested', 'Tours requested', 'Tours you requested at these homes'],
]

const INVITATION_STATUS = { pending: 'No answer yet', accepted: 'Accepted', declined: 'Declined' } as const

/**
 * How the search is going: counts per stage, the time to the
 * first answer, why homes declined (reasons and the operator's note always; a
 * home's name only when it agreed), and each invited operator's answer.
 */
export function ReferralProgressPanel({ progress: p, state }: { progress: Progress; state: State }) {
  return (
    <section aria-label="Progress" className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-sm font-semibold text-slate-900">Progress</h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-6">
        {STEPS.map(([key, label, hint]) => (
          <div key={key} title={hint}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{p[key] as number}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs text-slate-600">Placed</dt>
          <dd className="text-lg font-semibold text-slate-900">{p.placed ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
      {/* Where the referral stands, in the words the badge and the e-mails use (the server's referral state). */}
      <p className="text-sm text-slate-700" data-testid="referral-state">
        {state.sentence}
        {state.step === 'submitted' && (
          <>
            {' '}
            You need not wait: invite an operator yourself from{' '}
            <Link to="/browse-operators" className="font-medium text-brand-800 underline">
              Browse Operators
            </Link>
            , or request a tour at a home you found.
          </>
        )}
      </p>
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
          {/* What each home said, with its note to you; a home that declined anonymously is not named, its reason and note are shown. */}
          <ul className="mt-2 space-y-1.5" aria-label="What the homes said">
            {p.declines.map((d, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: declines carry no ids and two anonymous ones may read the same; the list is read-only text, re-rendered whole.
              <li key={n} className="rounded-md bg-white p-2 text-slate-700">
                <span className="font-medium text-slate-900">{d.home ?? 'A home (name withheld)'}</span>: {d.label}
                {d.note && <q className="mt-0.5 block text-slate-700 italic">{d.note}</q>}
              </li>
            ))}
          </ul>
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
