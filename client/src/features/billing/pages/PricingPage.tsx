import { PlaceholderPage } from '../../../components/placeholder-page'

export function PricingPage() {
  return <PlaceholderPage title="Operator Subscription Pricing" />
}
