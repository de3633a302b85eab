import { BadgeCheck, Crown, Star, Zap, type LucideIcon } from 'lucide-react'
import type { z } from 'zod'
import type { BadgeKey } from '@server/features/badges/badge-rules'
import type { badgeSchema } from '@server/features/badges/badges.responses'
import { Badge, type BadgeTone } from '../../../components/ui/badge'
import { Tooltip } from '../../../components/ui/tooltip'
import { cn } from '../../../lib/cn'

const LOOK: Record<BadgeKey, { icon: LucideIcon; tone: BadgeTone }> = {
  verified: { icon: BadgeCheck, tone: 'blue' },
  premium: { icon: Crown, tone: 'amber' },
  top_rated: { icon: Star, tone: 'green' },
  quick_response: { icon: Zap, tone: 'purple' },
}

/**
 * The badges the server computed for an operator, each a button
 * whose tooltip (hover, focus or tap) says what it means. The texts come with
 * the badges from the server, which takes them from badges/badge-rules.ts.
 */
export function OperatorBadges({ badges, className, except = [] }: { badges: readonly z.infer<typeof badgeSchema>[]; className?: string; except?: BadgeKey[] }) {
  const shown = badges.filter((b) => !except.includes(b.key))
  if (shown.length === 0) return null
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Badges">
      {shown.map((b) => {
        const { icon: Icon, tone } = LOOK[b.key]
        return (
          <li key={b.key}>
            <Tooltip content={b.description}>
              <button
                type="button"
                data-testid={`badge-${b.key}`}
                className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <Badge tone={tone}>
                  <Icon className="h-3.5 w-3.5" aria-hidden="true" />
                  {b.label}
                </Badge>
              </button>
            </Tooltip>
          </li>
        )
      })}
    </ul>
  )
}
