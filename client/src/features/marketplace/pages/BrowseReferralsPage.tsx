import { PlaceholderPage } from '../../../components/placeholder-page'

export function BrowseReferralsPage() {
  return <PlaceholderPage title="Browse Client Referrals" />
}
