import { Crown, MapPin } from 'lucide-react'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { OperatorBadges } from '../../badges'
import { licensingLabel } from '../../properties'
import type { OperatorCard as Operator } from '../api/operators'
import { OperatorAvatar } from './OperatorAvatar'
import { IntroVideo, Specializations } from './OperatorExtras'

/** A premium operator's card, with specializations and the video introduction. */
export function OperatorCard({ operator: o, onInvite }: { operator: Operator; onInvite?: () => void }) {
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="operator-card">
      <div className="flex items-start gap-4">
        <OperatorAvatar photo={o.profile_photo} first_name={o.first_name} last_name={o.last_name} name={o.name} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold wrap-anywhere text-slate-900">{o.name}</h2>
          {(o.city || o.state) && (
            <p className="flex items-center gap-1 text-sm text-slate-700">
              <MapPin className="h-4 w-4" aria-hidden="true" />
              {[o.city, o.state].filter(Boolean).join(', ')}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge tone="amber">
          <Crown className="h-3.5 w-3.5" aria-hidden="true" />
          Premium
        </Badge>
        <Badge tone={o.licensing_type === 'licensed' ? 'green' : 'gray'}>{licensingLabel(o.licensing_type)}</Badge>
        {o.years_of_experience > 0 && <Badge tone="blue">{o.years_of_experience}+ years</Badge>}
        <Badge>
          {o.property_count} {o.property_count === 1 ? 'property' : 'properties'}
        </Badge>
      </div>
      {/* Earned badges; Premium is the card's own badge above. */}
      <OperatorBadges badges={o.badges} except={['premium']} />
      <Specializations values={o.specializations} max={3} />
      {o.bio && <p className="line-clamp-3 text-sm text-slate-700">{o.bio}</p>}
      <IntroVideo src={o.video_intro} name={o.name} />
      <div className="mt-auto flex flex-wrap items-center gap-2">
        {o.username && (
          <ButtonLink to={`/operator/${o.username}`} variant="outline" size="sm">
            View Profile
          </ButtonLink>
        )}
        {onInvite ? (
          <Button size="sm" onClick={onInvite}>
            Invite to Referral
          </Button>
        ) : (
          <span className="text-sm text-slate-600">Sign in to invite operators</span>
        )}
      </div>
    </Card>
  )
}
