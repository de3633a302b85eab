import { Building2, CalendarDays, MessageSquare, Search, UserRound } from 'lucide-react'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'

/** Shortcuts to the most used tabs and to referral browsing. */
export function QuickActions({ onSelect }: { onSelect: (tab: string) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onSelect('properties')}>
          <Building2 className="h-4 w-4" aria-hidden="true" /> Manage Properties
        </Button>
        <Button variant="outline" size="sm" onClick={() => onSelect('profile')}>
          <UserRound className="h-4 w-4" aria-hidden="true" /> Edit Profile
        </Button>
        <Button variant="outline" size="sm" onClick={() => onSelect('tours')}>
          <CalendarDays className="h-4 w-4" aria-hidden="true" /> View Tours
        </Button>
        <Button variant="outline" size="sm" onClick={() => onSelect('messages')}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> Messages
        </Button>
        <ButtonLink to="/browse-referrals" variant="outline" size="sm">
          <Search className="h-4 w-4" aria-hidden="true" /> Browse Referrals
        </ButtonLink>
      </CardContent>
    </Card>
  )
}
