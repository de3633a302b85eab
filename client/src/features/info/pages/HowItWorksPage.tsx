import { PlaceholderPage } from '../../../components/placeholder-page'

export function HowItWorksPage() {
  return <PlaceholderPage title="How It Works" />
}
