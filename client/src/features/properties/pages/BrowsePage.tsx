import { PlaceholderPage } from '../../../components/placeholder-page'

export function BrowsePage() {
  return <PlaceholderPage title="Browse Group Homes" />
}
