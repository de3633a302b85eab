import { Crown } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { useConfig } from '../../../lib/config'
import { useBillingActions } from '../../billing'

/** The upgrade prompt opened when a free operator reaches a Premium limit. */
export function UpgradeDialog({ open, onOpenChange, reason }: { open: boolean; onOpenChange: (o: boolean) => void; reason: string }) {
  const config = useConfig()
  const actions = useBillingActions()
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Upgrade to Premium" description={reason}>
      <div className="space-y-4">
        <ul className="list-inside list-disc space-y-1 text-sm text-slate-700">
          <li>Full bio up to 2000 characters</li>
          <li>Up to 10 photos and 3 videos per property</li>
          <li>Unlimited properties, tour scheduling and analytics</li>
          <li>E-mail signature and priority in search results</li>
        </ul>
        <p className="text-sm text-slate-700">
          <span className="text-lg font-bold text-slate-900">{config?.premium_price ?? '$30'}</span> per month · {config?.trial_days ?? 30}-day free
          trial · Cancel anytime
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Maybe later
          </Button>
          <Button onClick={actions.upgrade} disabled={actions.busy}>
            <Crown className="h-4 w-4" aria-hidden="true" /> Start Free Trial
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
