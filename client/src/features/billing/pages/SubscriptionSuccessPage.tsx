import { PlaceholderPage } from '../../../components/placeholder-page'

export function SubscriptionSuccessPage() {
  return <PlaceholderPage title="Welcome to Premium!" />
}
