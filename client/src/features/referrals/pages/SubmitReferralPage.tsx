import { PlaceholderPage } from '../../../components/placeholder-page'

export function SubmitReferralPage() {
  return <PlaceholderPage title="Submit a Referral" />
}
