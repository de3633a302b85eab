import { PlaceholderPage } from '../../../components/placeholder-page'

export function BrowseOperatorsPage() {
  return <PlaceholderPage title="Browse Premium Operators" />
}
