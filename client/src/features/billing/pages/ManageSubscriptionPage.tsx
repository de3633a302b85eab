import { PlaceholderPage } from '../../../components/placeholder-page'

export function ManageSubscriptionPage() {
  return <PlaceholderPage title="Manage Subscription" />
}
