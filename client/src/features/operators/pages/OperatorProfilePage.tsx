import { PlaceholderPage } from '../../../components/placeholder-page'

export function OperatorProfilePage() {
  return <PlaceholderPage title="Operator Profile" />
}
