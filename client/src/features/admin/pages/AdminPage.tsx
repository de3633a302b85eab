import { PlaceholderPage } from '../../../components/placeholder-page'

export function AdminPage() {
  return <PlaceholderPage title="Admin Dashboard" />
}
