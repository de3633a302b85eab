import { CLOSE_OUTCOME_LABELS, type CloseOutcome } from '@server/features/referrals/responses.schemas'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { cn } from '../../../lib/cn'

/** Placed green, pending yellow, matched blue, cancelled red, others grey. */
const TONES: Record<string, BadgeTone> = { placed: 'green', pending: 'yellow', matched: 'blue', cancelled: 'red' }

/**
 * What a referral's badge says. A referral the referrer closed with an outcome
 * is stored as cancelled (placed through Homeward: placed) with that outcome;
 * it shows the outcome in grey, never a red "Cancelled". A status
 * an admin set later wins over an old outcome.
 */
export function referralStatusLabel(status: string, outcome?: CloseOutcome | null) {
  if (status === 'cancelled' && outcome && outcome !== 'placed_homeward') {
    return { text: outcome === 'other' ? 'Closed' : `Closed: ${CLOSE_OUTCOME_LABELS[outcome].toLowerCase()}`, tone: 'gray' as BadgeTone, capitalize: false }
  }
  // The status word itself, capitalised by CSS (assistive technology and tests read the stored word).
  return { text: status, tone: TONES[status] ?? 'gray', capitalize: true }
}

export function ReferralStatusBadge({ status, outcome, className }: { status: string; outcome?: CloseOutcome | null; className?: string }) {
  const { text, tone, capitalize } = referralStatusLabel(status, outcome)
  return (
    <Badge tone={tone} data-status={status} data-outcome={outcome ?? undefined} className={cn(capitalize && 'capitalize', className)}>
      {text}
    </Badge>
  )
}

type ReferralState = { step: string; label: string; tone: BadgeTone }

/**
 * The referrer's badge: the referral's state as the server words it (one
 * source for the badge, the card's sentence and the e-mails), e.g. "Unlocked"
 * or "Placement reported" where the stored status still reads pending.
 */
export function ReferralStateBadge({ state, className }: { state: ReferralState; className?: string }) {
  return (
    <Badge tone={state.tone} data-status={state.step} className={className}>
      {state.label}
    </Badge>
  )
}
