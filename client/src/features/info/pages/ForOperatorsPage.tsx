import { PlaceholderPage } from '../../../components/placeholder-page'

export function ForOperatorsPage() {
  return <PlaceholderPage title="For Operators" />
}
