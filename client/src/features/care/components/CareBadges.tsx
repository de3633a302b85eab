import { Siren } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { labelsOf } from '@server/features/care/care-extras.constants'

/** A labelled list of stored values as badges, in list order; nothing when empty. */
export function LabelBadges<T extends string>({
  values,
  labels,
  label,
  tone = 'brand',
  max,
  empty = null,
}: {
  values: readonly string[]
  labels: Record<T, string>
  /** The list's accessible name. */
  label: string
  tone?: BadgeTone
  /** Show at most this many, then "+N more". */
  max?: number
  /** What to show when the list is empty. */
  empty?: ReactNode
}) {
  const all = labelsOf(values, labels)
  if (all.length === 0) return <>{empty}</>
  const shown = max === undefined ? all : all.slice(0, max)
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {shown.map((text) => (
        <li key={text}>
          <Badge tone={tone}>{text}</Badge>
        </li>
      ))}
      {all.length > shown.length && (
        <li>
          <Badge>+{all.length - shown.length} more</Badge>
        </li>
      )}
    </ul>
  )
}

/** The urgent flag of a referral: urgent referrals come first in Browse Referrals. */
export function UrgentBadge() {
  return (
    <Badge tone="red">
      <Siren className="h-3.5 w-3.5" aria-hidden="true" />
      Urgent
    </Badge>
  )
}
