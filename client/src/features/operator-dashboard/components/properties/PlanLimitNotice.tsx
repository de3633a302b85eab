import { Info } from 'lucide-react'
import { Button } from '../../../../components/ui/button'

export const SAVE_INACTIVE_LABEL = 'Save as Inactive'

const homes = (n: number) => `${n} active ${n === 1 ? 'property' : 'properties'}`

/** The plan's limit in the server's own wording (property-limits.ts). */
export const planLimitText = (max: number) => `The free plan includes ${homes(max)}. Upgrade to Premium to list more properties.`

/**
 * Shown at the top of Add Property when a free operator already has her
 * active homes: said before she types, and what she types is kept (saved
 * inactive), never refused at the end.
 */
export function PlanLimitNotice({ max, onUpgrade }: { max: number; onUpgrade: () => void }) {
  return (
    <div role="note" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="flex gap-2">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          The free plan includes {homes(max)}. This home will be saved inactive: it stays in My Properties, hidden from search, until you upgrade to
          Premium or deactivate another home.
        </span>
      </p>
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={onUpgrade}>
        Upgrade to Premium
      </Button>
    </div>
  )
}
