import { useQuery } from '@tanstack/react-query'
import { TOUR_NEEDS_SCRIPT } from '../../../lib/labels'
import { ArrowLeft, Bed, Building2, CalendarDays, MapPin } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { useAuth } from '../../auth'
import { OperatorBadges } from '../../badges'
import { InviteDialog } from '../../invitations'
import { ScheduleTourDialog } from '../../tours'
import { nearbyHomesQuery, propertyQuery, type PropertyDetail } from '../api/properties'
import { NearbyHomes } from '../components/NearbyHomes'
import { ShortlistButton } from '../components/ShortlistButton'
import { BedsFreshness } from '../components/BedsFreshness'
import { LanguagesSpoken, PropertyCareCard } from '../../care'
import { licensingLabel, plural } from '../components/labels'
import { ReviewList, Stars } from '../components/ReviewList'
import { ratingText } from '../../../lib/format'

/**
 * Back to the search the visitor came from (its filters, kept by the card's
 * link); arriving from elsewhere (a shared link), to the homes around this one
 * (`fallback`), never an unfiltered list.
 */
function BackToBrowse({ fallback = '/browse' }: { fallback?: string }) {
  const from: unknown = useLocation().state?.from
  const search = typeof from === 'string' && /^\/browse([?#]|$)/.test(from) ? from : fallback
  return (
    <ButtonLink to={search} variant="ghost" size="sm" className="mb-4">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Browse
    </ButtonLink>
  )
}

/** Property detail: public; 'Property not found' for unknown or hidden ids. */
export function PropertyPage() {
  const { id = '' } = useParams()
  const query = useQuery(propertyQuery(id))
  const missing = query.error instanceof ApiError && query.error.status === 404

  useEffect(() => {
    if (query.isError && !missing) toast.error('Failed to load property details')
  }, [query.isError, missing])

  if (query.isPending) return <Spinner label="Loading property..." />
  if (!query.data) {
    return (
      <Page title="Property not found" heading={null}>
        <BackToBrowse />
        <p className="py-10 text-center text-lg text-slate-700">{missing ? 'Property not found' : 'Failed to load property details'}</p>
      </Page>
    )
  }
  return <PropertyDetails property={query.data} />
}

/** The browse search around a home: near its ZIP when the ZIP is on the map, else its city and state. */
export function browseAround(p: Pick<PropertyDetail, 'zip_code' | 'city' | 'state'>, zipKnown: boolean) {
  const query = zipKnown ? new URLSearchParams({ zip: p.zip_code }) : new URLSearchParams({ city: p.city, state: p.state })
  return `/browse?${query}`
}

function PropertyDetails({ property: p }: { property: PropertyDetail }) {
  const { user } = useAuth()
  const nearby = useQuery(nearbyHomesQuery(p.id))
  // Until the nearby answer says whether the ZIP is on the map, the ZIP (most are).
  const around = browseAround(p, nearby.data ? nearby.data.radius_miles !== null : true)
  const [tourOpen, setTourOpen] = useState(false)
  const [inviteOpen, setInviteOpen] = useState(false)
  const flags = [
    [p.wheelchair_accessible, 'Wheelchair accessible'],
    [p.pets_allowed, 'Pets allowed'],
    [p.private_rooms, 'Private rooms'],
    [p.medical_care_24_7, '24/7 medical care'],
    [p.sex_offender_friendly, 'Sex offender friendly'],
  ] as const

  return (
    <Page title={p.name} heading={null}>
      <BackToBrowse fallback={around} />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Gallery property={p} />
          <div>
            <div className="flex flex-wrap items-center gap-2">
              {/* Long names wrap anywhere rather than widen a phone's page (a single long word cannot wrap otherwise). */}
              <h1 className="min-w-0 text-2xl font-bold wrap-anywhere text-slate-900 sm:text-3xl">{p.name}</h1>
              <Badge tone={p.licensing_type === 'licensed' ? 'green' : p.licensing_type === 'in_progress' ? 'amber' : 'gray'}>
                {licensingLabel(p.licensing_type)}
              </Badge>
            </div>
            <p className="mt-2 flex items-start gap-1 wrap-anywhere text-slate-700">
              <MapPin className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
              {p.address}, {p.city}, {p.state} {p.zip_code}
            </p>
            {p.operator.username ? (
              <p className="mt-1 flex items-start gap-1 text-sm text-slate-700">
                <Building2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 wrap-anywhere">
                  Operated by{' '}
                  <Link className="font-medium text-brand-700 hover:underline" to={`/operator/${p.operator.username}`}>
                    {p.operator.name}
                  </Link>
                </span>
              </p>
            ) : (
              <p className="mt-1 text-sm wrap-anywhere text-slate-700">Operated by {p.operator.name}</p>
            )}
            <OperatorBadges badges={p.operator.badges} className="mt-2" />
            <div className="mt-3">
              <ShortlistButton propertyId={p.id} />
            </div>
            {/* The operator's rating over all their homes, what Top Rated is judged on: said beside the badge, as this home may have no review of its own. */}
            {p.operator.rating.average_rating !== null && (
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="operator-rating">
                <Stars rating={p.operator.rating.average_rating} label={`Operator's rating ${ratingText(p.operator.rating.average_rating)} out of 5`} />
                <span>
                  <span className="font-semibold text-slate-900">{ratingText(p.operator.rating.average_rating)}</span> ({plural(p.operator.rating.review_count, 'review', 'reviews')} of all
                  the operator's homes)
                </span>
              </p>
            )}
            {/* On a phone the Schedule a Tour card comes after the whole page: its actions are offered here, under the name. */}
            <div className="mt-4 flex flex-wrap gap-2 lg:hidden">
              <Button className="js-only" onClick={() => setTourOpen(true)}>
                <CalendarDays className="h-4 w-4" aria-hidden="true" />
                Schedule Tour
              </Button>
              <noscript>
                <p className="text-sm text-slate-700">{TOUR_NEEDS_SCRIPT}</p>
              </noscript>
              {user && p.operator.premium && (
                <Button variant="secondary" onClick={() => setInviteOpen(true)}>
                  Invite to Your Referral
                </Button>
              )}
            </div>
          </div>
          {p.description && <p className="whitespace-pre-line text-slate-700">{p.description}</p>}

          <Card>
            <CardHeader>
              <CardTitle as="h2">Details</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 sm:grid-cols-2">
                <Detail label="Availability">
                  <span className="flex items-center gap-1">
                    <Bed className="h-4 w-4" aria-hidden="true" />
                    {p.available_beds} of {p.total_beds} beds available
                  </span>
                  <BedsFreshness confirmedAt={p.beds_confirmed_at} className="mt-1" />
                </Detail>
                <Detail label="Monthly fee">{p.monthly_fee ? `${p.monthly_fee}/month` : 'Contact the operator'}</Detail>
                <Detail label="Licensing">{licensingLabel(p.licensing_type)}</Detail>
                {p.license_number && <Detail label="License number">{p.license_number}</Detail>}
                <LanguagesSpoken languages={p.languages} row={(label, value) => <Detail label={label}>{value}</Detail>} />
              </dl>
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Features">
                {flags
                  .filter(([on]) => on)
                  .map(([, label]) => (
                    <li key={label}>
                      <Badge tone="brand">{label}</Badge>
                    </li>
                  ))}
              </ul>
            </CardContent>
          </Card>

          <div className="grid gap-6 sm:grid-cols-2">
            <ListCard title="Amenities" items={p.amenities} empty="No amenities listed." />
            <ListCard title="Demographics Served" items={p.demographics_served} empty="Not specified." />
          </div>
          <PropertyCareCard property={p} />

          <ReviewList reviews={p} empty={p.operator.rating.review_count > 0 ? 'No reviews of this home yet.' : undefined} />
          <NearbyHomes home={p} nearby={nearby.data} around={around} />
        </div>

        <aside className="hidden space-y-4 lg:block">
          <Card className="lg:sticky lg:top-24">
            <CardHeader>
              <CardTitle as="h2">Schedule a Tour</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <p className="text-sm text-slate-700">Visit {p.name} in person. Pick a day and time; the operator will contact you to confirm.</p>
              <Button className="js-only w-full" onClick={() => setTourOpen(true)}>
                <CalendarDays className="h-4 w-4" aria-hidden="true" />
                Schedule Tour
              </Button>
              <noscript>
                <p className="text-sm text-slate-700">{TOUR_NEEDS_SCRIPT}</p>
              </noscript>
              {user && p.operator.premium && (
                <Button className="w-full" variant="secondary" onClick={() => setInviteOpen(true)}>
                  Invite to Your Referral
                </Button>
              )}
            </CardContent>
          </Card>
        </aside>
      </div>
      {tourOpen && <ScheduleTourDialog property={p} open onOpenChange={setTourOpen} />}
      {inviteOpen && <InviteDialog operator={p.operator} open onOpenChange={setInviteOpen} />}
    </Page>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  )
}

function ListCard({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="list-inside list-disc space-y-1 text-sm text-slate-800">
            {items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** Photos and videos; a free operator's property arrives with one photo and no videos. */
function Gallery({ property: p }: { property: PropertyDetail }) {
  const [index, setIndex] = useState(0)
  const current = p.images[index] ?? p.images[0]
  return (
    <div className="space-y-3">
      <div className="aspect-video overflow-hidden rounded-xl bg-slate-100">
        {current ? (
          <img src={current} alt={`${p.name}, ${index + 1} of ${p.images.length}`} width={1600} height={900} fetchPriority="high" className="h-full w-full object-cover" />
        ) : p.videos[0] ? (
          // biome-ignore lint/a11y/useMediaCaption: operators upload these videos without caption files, so there is no caption track to offer.
          <video src={p.videos[0]} controls preload="metadata" className="h-full w-full" aria-label={`Video of ${p.name}`} />
        ) : (
          <div className="flex h-full items-center justify-center text-slate-600">No photos yet</div>
        )}
      </div>
      {p.images.length > 1 && (
        <fieldset className="flex gap-2 overflow-x-auto">
          <legend className="sr-only">Photos</legend>
          {p.image_thumbs.map((thumb, i) => (
            <button
              key={thumb}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show photo ${i + 1}`}
              aria-pressed={i === index}
              className={cn('h-16 w-24 shrink-0 overflow-hidden rounded-md border-2', i === index ? 'border-brand-600' : 'border-transparent')}
            >
              <img src={thumb} alt="" width={96} height={64} loading="lazy" decoding="async" className="h-full w-full object-cover" />
            </button>
          ))}
        </fieldset>
      )}
      {(current ? p.videos : p.videos.slice(1)).length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {(current ? p.videos : p.videos.slice(1)).map((v, i) => (
            // biome-ignore lint/a11y/useMediaCaption: operators upload these videos without caption files, so there is no caption track to offer.
            <video key={v} src={v} controls preload="metadata" className="w-full rounded-lg" aria-label={`Video ${i + 1} of ${p.name}`} />
          ))}
        </div>
      )}
    </div>
  )
}
