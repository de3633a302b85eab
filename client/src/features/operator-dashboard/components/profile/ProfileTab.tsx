import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Spinner } from '../../../../components/ui/spinner'
import { myProfileQuery } from '../../api/dashboard'
import { UpgradeDialog } from '../UpgradeDialog'
import { AnalyticsCard } from './AnalyticsCard'
import { DangerZone } from './DangerZone'
import { EmailSignatureCard } from './EmailSignatureCard'
import { IntroVideoCard } from './IntroVideoCard'
import { ProfilePhotoCard } from './ProfilePhotoCard'
import { ProfileSettingsForm } from './ProfileSettingsForm'
import { SharingCard } from './SharingCard'
import { LicenseVerificationCard } from '../../../verification'

/** Profile tab: settings, video introduction, photo, license verification, sharing, e-mail signature, analytics and the Danger Zone. */
export function ProfileTab() {
  const profile = useQuery(myProfileQuery)
  const [upgrade, setUpgrade] = useState<string | null>(null)
  if (profile.isPending) return <Spinner label="Loading profile..." />
  if (profile.isError) return <p className="text-red-700">Failed to load your profile</p>
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <div className="space-y-6">
        <ProfileSettingsForm profile={profile.data} onUpgrade={setUpgrade} />
        <IntroVideoCard profile={profile.data} onUpgrade={setUpgrade} />
        <AnalyticsCard onUpgrade={setUpgrade} />
      </div>
      <div className="space-y-6">
        <ProfilePhotoCard profile={profile.data} />
        <LicenseVerificationCard />
        <SharingCard username={profile.data.username} />
        <EmailSignatureCard profile={profile.data} onUpgrade={setUpgrade} />
        <DangerZone />
      </div>
      <UpgradeDialog open={!!upgrade} onOpenChange={(o) => !o && setUpgrade(null)} reason={upgrade ?? ''} />
    </div>
  )
}
