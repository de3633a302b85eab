import { PlaceholderPage } from '../../../components/placeholder-page'

export function HelpPage() {
  return <PlaceholderPage title="Help Center" />
}
