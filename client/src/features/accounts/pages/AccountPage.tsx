import { useSearchParams } from 'react-router'
import { Card } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { useAuth } from '../../auth'
import { SessionsCard } from '../components/SessionsCard'
import { TwoFactorCard } from '../components/TwoFactorCard'
import { VerifyEmailBanner } from '../components/VerifyEmailBanner'
import { EmailPreferencesCard } from '../../notifications'

/** /account (signed-in only): two-factor sign-in, sessions, which e-mails to get and the e-mail confirmation. */
export function AccountPage() {
  const { user, twoFactorRequired } = useAuth()
  const [params] = useSearchParams()
  if (!user) return null
  return (
    <Page title="Account & Security" subtitle={user.email}>
      {(twoFactorRequired || params.get('enrol')) && (
        <p role="alert" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          Two-factor authentication is required for admins. Set it up below to continue to the admin dashboard.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <TwoFactorCard />
        <SessionsCard />
        <EmailPreferencesCard />
        {!user.email_verified && (
          <Card className="lg:col-span-2">
            <VerifyEmailBanner />
          </Card>
        )}
      </div>
    </Page>
  )
}
