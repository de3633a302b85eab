import { Bed, Home, MapPin, Video } from 'lucide-react'
import { useLocation } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import type { PropertyView } from '../api/properties'
import { PropertyCareSummary } from '../../care'
import { BedsFreshness } from './BedsFreshness'
import { licensingLabel, plural } from './labels'

const MAX_AMENITIES = 3

/**
 * A property card: first video (with controls)
 * or the featured image, name, video count, licensing, place, distance,
 * two-line description, beds, fee, the care and funding it declares (issue
 * 15), up to 3 amenities, and the actions.
 */
export function PropertyCard({
  property: p,
  onScheduleTour,
  onInvite,
  distanceUnknown,
}: {
  property: PropertyView
  /** In a radius search, a home without a map position: said on the card too, never left without a distance silently. */
  distanceUnknown?: boolean
  onScheduleTour: () => void
  /** Only for a signed-in viewer when the operator is premium. */
  onInvite?: () => void
}) {
  const extra = p.amenities.length - MAX_AMENITIES
  // The page the card is on (a search, with its filters): the home's "Back to Browse" returns to it.
  const here = useLocation()
  return (
    // A card off screen is neither styled nor laid out until it comes near (content-visibility): a phone
    // lays out the first cards of a rendered list, not twenty, before the page can answer a tap.
    // Until then it holds the size of a card on a phone, then the size it last had.
    <Card className="flex flex-col overflow-hidden [content-visibility:auto] [contain-intrinsic-size:auto_32rem]" data-testid="property-card">
      <div className="aspect-video bg-slate-100">
        {p.videos[0] ? (
          // biome-ignore lint/a11y/useMediaCaption: operators upload these videos without caption files, so there is no caption track to offer.
          <video src={p.videos[0]} controls preload="metadata" className="h-full w-full object-cover" aria-label={`Video of ${p.name}`} />
        ) : p.featured_thumb ? (
          <img src={p.featured_thumb} alt={p.name} width={400} height={225} loading="lazy" decoding="async" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center text-slate-400">
            <Home className="h-12 w-12" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-lg font-semibold wrap-anywhere text-slate-900">{p.name}</h2>
          {p.videos.length > 0 && (
            <Badge tone="purple">
              <Video className="h-3.5 w-3.5" aria-hidden="true" />
              {plural(p.videos.length, 'video', 'videos')}
            </Badge>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={p.licensing_type === 'licensed' ? 'green' : p.licensing_type === 'in_progress' ? 'amber' : 'gray'}>
            {licensingLabel(p.licensing_type)}
          </Badge>
          {p.distance_miles !== null && <Badge tone="blue">{p.distance_miles.toFixed(1)} mi</Badge>}
          {distanceUnknown && p.distance_miles === null && <Badge tone="amber">Distance unknown</Badge>}
        </div>
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          {p.city}, {p.state} {p.zip_code}
        </p>
        {p.description && <p className="line-clamp-2 text-sm text-slate-600">{p.description}</p>}
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="flex items-center gap-1 text-slate-800">
            <Bed className="h-4 w-4" aria-hidden="true" />
            {p.available_beds} of {p.total_beds} beds available
          </span>
          {p.monthly_fee && <span className="font-semibold text-slate-900">{p.monthly_fee}/month</span>}
        </div>
        <BedsFreshness confirmedAt={p.beds_confirmed_at} />
        <PropertyCareSummary property={p} />
        {p.amenities.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
            {p.amenities.slice(0, MAX_AMENITIES).map((a) => (
              <li key={a}>
                <Badge>{a}</Badge>
              </li>
            ))}
            {extra > 0 && (
              <li>
                <Badge tone="brand">+{extra} more</Badge>
              </li>
            )}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <ButtonLink to={`/property/${p.id}`} state={{ from: here.pathname + here.search }} variant="outline" size="sm">
            View Details
          </ButtonLink>
          <Button size="sm" className="js-only" onClick={onScheduleTour}>
            Schedule Tour
          </Button>
          {onInvite && (
            <Button size="sm" variant="secondary" onClick={onInvite}>
              Invite to Your Referral
            </Button>
          )}
        </div>
      </div>
    </Card>
  )
}
