import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { adminQueries } from '../api/admin-api'
import { AuditLogsTab } from '../components/AuditLogsTab'
import { EscrowTab } from '../components/EscrowTab'
import { OutboxTab } from '../components/OutboxTab'
import { OverviewTab } from '../components/OverviewTab'
import { OperatorsTab, ReferrersTab } from '../components/PeopleTabs'
import { PropertiesTab } from '../components/PropertiesTab'
import { ReferralsTab } from '../components/ReferralsTab'
import { SmartEhrsTab } from '../components/SmartEhrsTab'
import { SubscriptionsTab } from '../components/SubscriptionsTab'
import { SystemsTab } from '../components/SystemsTab'

const TABS = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'referrals', label: 'Referrals', Content: ReferralsTab },
  { value: 'escrow', label: 'Escrow', Content: EscrowTab },
  { value: 'properties', label: 'Properties', Content: PropertiesTab },
  { value: 'operators', label: 'Operators', Content: OperatorsTab },
  { value: 'referrers', label: 'Referrers', Content: ReferrersTab },
  { value: 'subscriptions', label: 'Subscriptions', Content: SubscriptionsTab },
  { value: 'audit-logs', label: 'Audit Logs', Content: AuditLogsTab },
  { value: 'outbox', label: 'Outbox', Content: OutboxTab },
  { value: 'ehr-launch', label: 'EHR Launch', Content: SmartEhrsTab },
  { value: 'systems', label: 'Systems', Content: SystemsTab },
] as const

/**
 * /admin. The route lets only admins in (others go to /); the
 * spinner shows until the first data arrives. The open tab is kept in ?tab=.
 */
export function AdminPage() {
  const [params, setParams] = useSearchParams()
  const tab = TABS.some((t) => t.value === params.get('tab')) ? params.get('tab')! : 'overview'
  const stats = useQuery(adminQueries.stats())
  if (stats.isPending) return <Spinner label="Loading admin dashboard" />
  return (
    <Page title="Admin Dashboard" subtitle="Referrals, escrow, listings, accounts and the audit trail">
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'overview' ? {} : { tab: value }, { replace: true })}>
        <TabsList aria-label="Admin sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  )
}
