import { useQuery } from '@tanstack/react-query'
import { Award, MessageSquare, UserPlus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { Pager, usePaged } from '../../../components/ui/pager'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api'
import { useAuth } from '../../auth'
import { OperatorBadges } from '../../badges'
import { InviteDialog } from '../../invitations'
import { PropertyActions } from '../../properties'
import { PropertyCard } from '../../properties'
import { plural } from '../../properties'
import { ReviewList, Stars } from '../../properties'
import { CategoryAverages } from '../../reviews'
import { NotFound } from '../../not-found'
import { operatorProfileQuery, type OperatorProfile } from '../api/operators'
import { recordProfileView } from '../api/record-profile-view'
import { licensingBadgeText, OperatorAvatar } from '../components/OperatorAvatar'
import { IntroVideo, Specializations } from '../components/OperatorExtras'
import { personName, ratingText } from '../../../lib/format'

/**
 * Public operator profile. A free operator's profile arrives
 * already trimmed by the server. Each visit records one profile view.
 */
export function OperatorProfilePage() {
  const { username = '' } = useParams()
  const query = useQuery(operatorProfileQuery(username))
  const missing = query.error instanceof ApiError && query.error.status === 404

  useEffect(() => {
    if (query.isError && !missing) toast.error('Failed to load profile')
  }, [query.isError, missing])

  // One view per visit: StrictMode runs effects twice in development, the ref survives that.
  const recorded = useRef<string | null>(null)
  const profileId = query.data?.id
  useEffect(() => {
    if (!profileId || recorded.current === profileId) return
    recorded.current = profileId
    recordProfileView(username)
  }, [profileId, username])

  if (query.isPending) return <Spinner label="Loading profile..." />
  // An unknown operator is a page not found at its own address (the server answered it with a 404 status).
  if (missing) return <NotFound />
  if (!query.data) return <Page title="Operator Profile"><p className="text-slate-700">Failed to load profile</p></Page>
  return <Profile profile={query.data} />
}

/** Homes per page on a public profile (three rows of cards on a wide screen). */
const HOMES_PER_PAGE = 9

function Profile({ profile: o }: { profile: OperatorProfile }) {
  const { user } = useAuth()
  const navigate = useNavigate()
  const [inviteOpen, setInviteOpen] = useState(false)
  const paged = usePaged(o.properties, HOMES_PER_PAGE)
  const reviewed = paged.items.filter((p) => p.reviews.length > 0)

  const sendMessage = () => {
    if (!user) {
      toast.error('Sign in required', { description: 'Please sign in to message this operator' })
      navigate('/auth')
      return
    }
    navigate('/my-referrals')
  }

  return (
    <Page title={o.name} heading={null}>
      <Card className="p-6">
        <div className="flex flex-col gap-6 sm:flex-row">
          <OperatorAvatar photo={o.profile_photo} first_name={o.first_name} last_name={o.last_name} name={o.name} className="h-24 w-24 text-2xl" />
          <div className="min-w-0 flex-1 space-y-3">
            <div>
              <h1 className="text-2xl font-bold wrap-anywhere text-slate-900 sm:text-3xl">{o.name}</h1>
              {o.organization_name && (
                <p className="text-slate-700">
                  {personName(o.first_name, o.last_name)}
                </p>
              )}
            </div>
            {/* Earned badges, each explained on hover, focus or tap; then licensing and experience. */}
            <div className="flex flex-wrap items-center gap-2">
              <OperatorBadges badges={o.badges} />
              <Badge tone={o.licensing_type === 'licensed' ? 'green' : o.licensing_type === 'in_progress' ? 'amber' : 'gray'}>{licensingBadgeText(o)}</Badge>
              {o.years_of_experience > 0 && o.licensing_type !== 'unlicensed' && <Badge>{o.years_of_experience}+ years</Badge>}
            </div>
            <OperatorRating rating={o.rating} />
            {o.bio && (
              <p className="whitespace-pre-line text-slate-700">
                {o.bio}
                {o.bio_truncated && '…'}
              </p>
            )}
            <SocialLinks links={o.social_links} />
            <Specializations values={o.specializations} heading="Specializations" />
            <IntroVideo src={o.video_intro} name={o.name} className="aspect-video w-full max-w-xl rounded-lg bg-black" />
            {o.certifications.length > 0 && (
              <div>
                <h2 className="text-sm font-semibold text-slate-900">Certifications</h2>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {o.certifications.map((c) => (
                    <li key={c.id}>
                      <Badge tone="brand">
                        <Award className="h-3.5 w-3.5" aria-hidden="true" />
                        {c.certification_name}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="flex flex-wrap gap-2 pt-1">
              <Button onClick={sendMessage}>
                <MessageSquare className="h-4 w-4" aria-hidden="true" />
                Send Message
              </Button>
              {user && o.premium && (
                <Button variant="secondary" onClick={() => setInviteOpen(true)}>
                  <UserPlus className="h-4 w-4" aria-hidden="true" />
                  Invite to Referral
                </Button>
              )}
            </div>
          </div>
        </div>
      </Card>

      <section className="mt-8" aria-labelledby="properties-heading">
        <h2 id="properties-heading" className="mb-4 text-xl font-semibold text-slate-900">
          Properties
        </h2>
        {o.properties.length === 0 ? (
          <p className="text-slate-600">No active properties listed.</p>
        ) : (
          <PropertyActions>
            {({ scheduleTour, inviteFor }) => (
              <div className="space-y-8">
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {paged.items.map((p) => (
                    <li key={p.id} className="min-w-0">
                      <PropertyCard property={p} onScheduleTour={() => scheduleTour(p)} onInvite={inviteFor(p)} />
                    </li>
                  ))}
                </ul>
                <Pager paged={paged} noun="homes" label="Pages of this operator's homes" />
                {/* Reviews only for the homes on this page that have some: an empty column per home made the page 28,000 px tall. */}
                {reviewed.length > 0 && (
                  <div className="space-y-8">
                    {reviewed.map((p) => (
                      <ReviewList key={p.id} reviews={p} heading={`Reviews of ${p.name}`} />
                    ))}
                  </div>
                )}
              </div>
            )}
          </PropertyActions>
        )}
      </section>
      <div className="mt-8">
        <ButtonLink to="/browse-operators" variant="ghost" size="sm">
          Back to operators
        </ButtonLink>
      </div>
      {inviteOpen && <InviteDialog operator={o} open onOpenChange={setInviteOpen} />}
    </Page>
  )
}

/** The operator's rating over every approved review of their homes, with each category's average beside it. */
function OperatorRating({ rating }: { rating: OperatorProfile['rating'] }) {
  if (rating.average_rating === null) return null
  return (
    <section aria-label="Overall rating" className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Stars rating={rating.average_rating} label={`Overall rating ${ratingText(rating.average_rating)} out of 5`} />
        <span className="font-semibold text-slate-900" data-testid="operator-average-rating">
          {ratingText(rating.average_rating)}
        </span>
        <span>({plural(rating.review_count, 'review', 'reviews')} of all homes)</span>
      </p>
      <CategoryAverages averages={rating.category_averages} label="Overall ratings by category" />
    </section>
  )
}

/** Only http(s) links are rendered: the values are typed by the operator. */
function SocialLinks({ links }: { links: Record<string, string> }) {
  const safe = Object.entries(links).filter(([, url]) => /^https?:\/\//i.test(url))
  if (safe.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-3 text-sm" aria-label="Links">
      {safe.map(([name, url]) => (
        <li key={name}>
          <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="font-medium capitalize text-brand-700 hover:underline">
            {name}
          </a>
        </li>
      ))}
    </ul>
  )
}
