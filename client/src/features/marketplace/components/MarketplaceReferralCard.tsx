import { CalendarClock, Clock, HandCoins, HeartHandshake, MapPin, Stethoscope, Users, Wallet } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { ApiError } from '../../../lib/api'
import { useConfig } from '../../../lib/config'
import { messageTime, money, shortDate } from '../../../lib/format'
import { genderLabel } from '../../../lib/labels'
import { useDeclineReferral } from '../api/decline-referral'
import { useExpressInterest } from '../api/express-interest'
import { useJoinWaitlist } from '../api/join-waitlist'
import { useLeaveWaitlist } from '../api/leave-waitlist'
import { isSlotFull, type MarketplaceItem } from '../api/marketplace'
import { useRenewWaitlist } from '../api/renew-waitlist'
import { useUnlockReferral } from '../api/unlock-referral'
import { CARE_LEVEL_LABELS, FUNDING_SOURCE_LABELS, TIMELINE_LABELS } from '@server/features/care/care-extras.constants'
import { UrgentBadge } from '../../care'
import { DeclineDialog } from './DeclineDialog'
import { JoinWaitlistDialog } from './JoinWaitlistDialog'
import { PlacementConfirm } from './PlacementConfirm'
import { INTEREST_MEANS, WithdrawInterestButton } from './WithdrawInterestButton'
import { ReferralDetailsDialog } from './ReferralDetailsDialog'

/**
 * One referral as an operator sees it: masked name (initials)
 * until unlocked, gender and age, where and for how much, level of care,
 * funding, timeline and the urgent flag, interest count,
 * posted date, medical needs once unlocked, and the buttons for the
 * operator's state on it.
 */
export function MarketplaceReferralCard({ item }: { item: MarketplaceItem }) {
  const navigate = useNavigate()
  const config = useConfig()
  const [details, setDetails] = useState(false)
  const [declining, setDeclining] = useState(false)
  const [joining, setJoining] = useState(false)
  const { my } = item
  const decline = useDeclineReferral()
  const join = useJoinWaitlist()
  const interest = useExpressInterest()
  const unlock = useUnlockReferral()
  const renew = useRenewWaitlist()
  const leave = useLeaveWaitlist()

  const expressInterest = () =>
    interest.mutate(item.id, {
      onSuccess: () => toast.success('Interest expressed successfully!'),
      onError: () => toast.error('Failed to express interest'),
    })
  const pay = () =>
    unlock.mutate(item.id, {
      onSuccess: ({ url }) => {
        toast.success('Redirecting to payment...')
        // The offline checkout page is part of this app; Stripe Checkout is not.
        if (url.startsWith('/')) navigate(url)
        else window.location.assign(url)
      },
      onError: (error) => toast.error(isSlotFull(error) ? 'Escrow slot is full. You can join the waitlist instead.' : 'Failed to process payment'),
    })
  const renewEntry = (entryId: string) =>
    renew.mutate(entryId, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(error instanceof ApiError && error.message ? error.message : 'Failed to renew waitlist entry'),
    })
  const leaveList = () =>
    leave.mutate(item.id, {
      onSuccess: () => toast.success('Removed from waitlist'),
      onError: () => toast.error('Failed to leave waitlist'),
    })
  const busy = interest.isPending || unlock.isPending || renew.isPending || leave.isPending
  const age = item.client_age != null ? `${item.client_age} years old` : null
  const cities = item.preferred_cities.join(', ')

  return (
    <Card className="flex flex-col" data-testid="referral-card">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle as="h2">{item.client_name}</CardTitle>
          <div className="flex flex-wrap gap-1">
            {item.is_urgent && <UrgentBadge />}
            {my.action === 'own' && <Badge tone="purple">Your referral</Badge>}
            {/* An invitation opens the referral without a fee: say why it is visible, so no one thinks a fee was paid or is due. */}
            {my.action === 'unlocked' && (my.unlocked_by === 'invitation' ? <Badge tone="purple">Shared with you by the referrer</Badge> : <Badge tone="green">Unlocked</Badge>)}
            {my.interested && my.action !== 'own' && <Badge tone="blue">Interested</Badge>}
          </div>
        </div>
        <p className="text-sm text-slate-600">{[genderLabel(item.client_gender), age].filter(Boolean).join(' · ')}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <dl className="space-y-2 text-sm text-slate-700">
          <div className="flex gap-2">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <dt className="sr-only">Preferred location</dt>
            <dd>{[item.preferred_state, cities].filter(Boolean).join(' — ')}</dd>
          </div>
          <div className="flex gap-2">
            <Wallet className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <dt className="sr-only">Budget</dt>
            <dd>Budget: {item.budget_range}</dd>
          </div>
          {/* Not identifying, so shown before unlock; matching already required the home to offer and accept them. */}
          {item.level_of_care && (
            <div className="flex gap-2">
              <Stethoscope className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <dt className="sr-only">Level of care</dt>
              <dd>Care: {CARE_LEVEL_LABELS[item.level_of_care]}</dd>
            </div>
          )}
          {item.funding_source && (
            <div className="flex gap-2">
              <HandCoins className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <dt className="sr-only">Funding source</dt>
              <dd>Funding: {FUNDING_SOURCE_LABELS[item.funding_source]}</dd>
            </div>
          )}
          {item.timeline && (
            <div className="flex gap-2">
              <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <dt className="sr-only">Timeline</dt>
              <dd>Needed: {TIMELINE_LABELS[item.timeline]}</dd>
            </div>
          )}
          <div className="flex gap-2">
            <Users className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <dt className="sr-only">Interested operators</dt>
            <dd>
              {item.interested_operators_count} interested operator{item.interested_operators_count === 1 ? '' : 's'}
            </dd>
          </div>
          <div className="flex gap-2">
            <Clock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <dt className="sr-only">Posted</dt>
            <dd>Posted {shortDate(item.created_at)}</dd>
          </div>
          {item.unlocked && (
            <div className="flex gap-2">
              <HeartHandshake className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
              <dt className="font-medium text-slate-800">Medical needs:</dt>
              <dd>{'client_medical_conditions' in item && item.client_medical_conditions ? item.client_medical_conditions : 'None stated'}</dd>
            </div>
          )}
        </dl>

        <div className="mt-auto space-y-3">
          {my.action === 'unlocked' && my.unlocked_by === 'invitation' && (
            <p className="text-sm text-slate-700" data-testid="shared-note">
              The referrer invited you to this referral, so you see it in full. No unlock fee was paid and none is due.
            </p>
          )}
          {my.action === 'slot_full' && (
            <p className="text-sm text-slate-700">Another operator holds the escrow slot. You can join the waitlist instead.</p>
          )}
          {my.action === 'checkout_pending' && my.payment?.checkout_expires_at && (
            <p className="text-sm text-slate-700">Your checkout holds this referral until {messageTime(my.payment.checkout_expires_at)}.</p>
          )}
          {my.waitlist && (my.action === 'waitlisted' || my.action === 'your_turn') && (
            <div className="space-y-1 rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="waitlist-entry">
              <p className="font-semibold">#{my.waitlist.position} in line</p>
              {my.action === 'your_turn' && my.waitlist.notification_expires_at && (
                <p>It's your turn. Pay before {messageTime(my.waitlist.notification_expires_at)} to unlock this referral.</p>
              )}
              <p data-testid="waitlist-expiry">Your place expires on {shortDate(my.waitlist.expires_at)} unless you renew it.</p>
              {my.waitlist.needs && (
                <p className="whitespace-pre-line">
                  <span className="font-medium">What the client would need from you:</span> {my.waitlist.needs}
                </p>
              )}
            </div>
          )}
          {my.action === 'unlocked' && my.payment?.status === 'held_in_escrow' && <PlacementConfirm referralId={item.id} />}

          {!my.interested && my.action !== 'own' && my.action !== 'unlocked' && (
            <p id={`interest-means-${item.id}`} className="text-sm text-slate-600">
              {INTEREST_MEANS}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {!my.interested && my.action !== 'own' && my.action !== 'unlocked' && (
              <Button variant="outline" onClick={expressInterest} disabled={busy} aria-describedby={`interest-means-${item.id}`}>
                Express Interest
              </Button>
            )}
            {/* Interest alone can be taken back; a payment or a waitlist place keeps it. */}
            {my.interested && (my.action === 'available' || my.action === 'slot_full') && !my.waitlist && <WithdrawInterestButton referralId={item.id} />}
            {my.action === 'available' && (
              <Button onClick={pay} disabled={busy}>
                {/* This operator's own fee (set by their licensing), not the range every operator's falls in. */}
                Pay to Unlock ({money(my.unlock_fee_cents)})
              </Button>
            )}
            {my.action === 'checkout_pending' && (
              <Button onClick={pay} disabled={busy}>
                Continue Payment ({money(my.payment?.amount_cents)})
              </Button>
            )}
            {my.action === 'slot_full' && (
              <Button onClick={() => setJoining(true)} disabled={busy}>
                Join Waitlist
              </Button>
            )}
            {my.action === 'your_turn' && (
              <Button onClick={pay} disabled={busy}>
                Pay Now (Time Limited)
              </Button>
            )}
            {my.waitlist && (my.action === 'waitlisted' || my.action === 'your_turn') && (
              <Button variant="outline" onClick={() => renewEntry(my.waitlist!.id)} disabled={busy}>
                Renew ({config?.waitlist_expiry_days ?? 90} days)
              </Button>
            )}
            {(my.action === 'waitlisted' || my.action === 'your_turn') && (
              <Button variant="outline" onClick={leaveList} disabled={busy}>
                Leave Waitlist
              </Button>
            )}
            {my.can_decline && (
              <Button variant="outline" onClick={() => setDeclining(true)} disabled={busy}>
                Not a fit
              </Button>
            )}
            {my.action === 'unlocked' && (
              <>
                <Button variant="outline" onClick={() => setDetails(true)}>
                  View Full Details
                </Button>
                <Link
                  className="inline-flex h-10 items-center px-2 text-sm font-medium text-brand-700 hover:underline"
                  to={`/operator-dashboard?tab=messages&referral=${encodeURIComponent(item.id)}`}
                >
                  Message Referrer
                </Link>
              </>
            )}
          </div>
          {(my.action === 'available' || my.action === 'your_turn') && (
            <p className="text-xs text-slate-600">Your fee: {money(my.unlock_fee_cents)}, held in escrow until the placement is confirmed.</p>
          )}
        </div>
      </CardContent>
      {my.can_decline && (
        <DeclineDialog
          open={declining}
          onOpenChange={setDeclining}
          title="Not a fit"
          allowAnonymous={my.unlocked_by !== 'invitation'}
          onDecline={async (input) => {
            await decline.mutateAsync({ id: item.id, input })
          }}
        />
      )}
      {my.action === 'slot_full' && (
        <JoinWaitlistDialog
          open={joining}
          onOpenChange={setJoining}
          expiryDays={config?.waitlist_expiry_days ?? 90}
          onJoin={async (needs) => {
            const answer = await join.mutateAsync({ id: item.id, needs })
            toast.success(answer.message || 'Added to waitlist!')
          }}
        />
      )}
      {my.action === 'unlocked' && <ReferralDetailsDialog referralId={item.id} open={details} onOpenChange={setDetails} />}
    </Card>
  )
}
