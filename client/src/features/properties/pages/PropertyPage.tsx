import { PlaceholderPage } from '../../../components/placeholder-page'

export function PropertyPage() {
  return <PlaceholderPage title="Property Details" />
}
