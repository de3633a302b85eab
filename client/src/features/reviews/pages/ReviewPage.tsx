import { PlaceholderPage } from '../../../components/placeholder-page'

export function ReviewPage() {
  return <PlaceholderPage title="Share Your Experience" />
}
