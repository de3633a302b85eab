import { Page } from '../../../components/ui/page'
import { SubscriptionStatusCard } from '../../billing/components/SubscriptionStatusCard'

export function OperatorDashboardPage() {
  return (
    <Page title="Operator Dashboard">
      <div className="max-w-md">
        <SubscriptionStatusCard />
      </div>
    </Page>
  )
}
