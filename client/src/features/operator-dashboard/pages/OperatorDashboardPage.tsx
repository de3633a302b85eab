import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { Page } from '../../../components/ui/page'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { SubscriptionStatusCard } from '../../billing'
import { OperatorDocumentsTab } from '../../documents'
import { InvitationsCard } from '../../invitations'
import { MessagesPanel } from '../../messaging'
import { InterestsTab } from '../components/InterestsTab'
import { QuickActions } from '../components/QuickActions'
import { ReviewsTab } from '../components/ReviewsTab'
import { StatCards } from '../components/StatCards'
import { ToursTab } from '../components/ToursTab'
import { PropertiesTab } from '../components/properties/PropertiesTab'
import { ProfileTab } from '../components/profile/ProfileTab'
import { queryKeys } from '../../../lib/query-keys'

export const DASHBOARD_TABS = [
  { value: 'properties', label: 'Properties' },
  { value: 'profile', label: 'Profile' },
  { value: 'interests', label: 'Interests' },
  { value: 'documents', label: 'Documents' },
  { value: 'tours', label: 'Tour Schedules' },
  { value: 'messages', label: 'Messages' },
  { value: 'reviews', label: 'Reviews' },
] as const
type TabValue = (typeof DASHBOARD_TABS)[number]['value']
const isTab = (v: string | null): v is TabValue => DASHBOARD_TABS.some((t) => t.value === v)

/** /operator-dashboard (signed-in only): stat cards, quick actions and the seven tabs; ?tab= opens one. */
export function OperatorDashboardPage() {
  const [params, setParams] = useSearchParams()
  const queryClient = useQueryClient()
  const requested = params.get('tab')
  const tab: TabValue = isTab(requested) ? requested : 'properties'
  const select = (value: string) => {
    setParams(value === 'properties' ? {} : { tab: value }, { replace: true, preventScrollReset: true })
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.stats })
  }
  // A link to one tab (a card's Message Referrer, a notification) and a quick action land on that tab, not on the
  // top of the page: on a phone the tabs start below the stat cards and the plan, a screen or two down.
  const tabs = useRef<HTMLDivElement>(null)
  const showTabs = () => tabs.current?.scrollIntoView({ block: 'start' })
  const linkedTab = useRef(isTab(requested))
  useEffect(() => {
    if (linkedTab.current) tabs.current?.scrollIntoView({ block: 'start' })
  }, [])

  return (
    <Page title="Operator Dashboard" subtitle="Manage your homes, profile, referrals, tours and reviews.">
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <StatCards />
          <QuickActions
            onSelect={(value) => {
              select(value)
              showTabs()
            }}
          />
        </div>
        <SubscriptionStatusCard />
      </div>
      <InvitationsCard />
      <Tabs ref={tabs} value={tab} onValueChange={select} className="mt-8 scroll-mt-20">
        <TabsList aria-label="Dashboard sections">
          {DASHBOARD_TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="properties">
          <PropertiesTab />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="interests">
          <InterestsTab />
        </TabsContent>
        <TabsContent value="documents">
          <OperatorDocumentsTab />
        </TabsContent>
        <TabsContent value="tours">
          <ToursTab />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesPanel side="operator" />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewsTab />
        </TabsContent>
      </Tabs>
    </Page>
  )
}
