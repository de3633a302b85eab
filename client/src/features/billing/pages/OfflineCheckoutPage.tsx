import { PlaceholderPage } from '../../../components/placeholder-page'

export function OfflineCheckoutPage() {
  return <PlaceholderPage title="Checkout" />
}
