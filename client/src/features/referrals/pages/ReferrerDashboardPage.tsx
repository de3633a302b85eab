import { PlaceholderPage } from '../../../components/placeholder-page'

export function ReferrerDashboardPage() {
  return <PlaceholderPage title="Referrer Dashboard" />
}
