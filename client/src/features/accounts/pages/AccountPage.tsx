import { PlaceholderPage } from '../../../components/placeholder-page'

export function AccountPage() {
  return <PlaceholderPage title="Account & Security" />
}
