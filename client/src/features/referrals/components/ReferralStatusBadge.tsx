import { Badge, type BadgeTone } from '../../../components/ui/badge'

/** Placed green, pending yellow, matched blue, cancelled red, others grey. */
const TONES: Record<string, BadgeTone> = { placed: 'green', pending: 'yellow', matched: 'blue', cancelled: 'red' }

export function ReferralStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONES[status] ?? 'gray'} data-status={status} className="capitalize">
      {status}
    </Badge>
  )
}
