import { PlaceholderPage } from '../../../components/placeholder-page'

export function MyReferralsPage() {
  return <PlaceholderPage title="My Referrals & Messages" />
}
