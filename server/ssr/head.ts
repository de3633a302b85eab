import type { QueryClient } from '@tanstack/react-query'
import { HERO_IMAGES } from '../../client/src/features/home'
import { operatorProfileQuery, type OperatorProfile } from '../../client/src/features/operators/api/operators'
import { browseFiltersOf, propertyQuery, propertySearchQuery, type PropertyDetail } from '../../client/src/features/properties/api/properties'
import { money } from '../lib/money'

/**
 * What a public page says it is, in its `<head>`: title, description,
 * canonical URL, Open Graph and Twitter card tags with absolute URLs from
 * PUBLIC_URL, and schema.org JSON-LD for a home and an operator. Everything
 * comes from the answers the page was rendered with (render.tsx), which are
 * the public API's answers to a signed-out visitor: a referral, a sealed field
 * or a private file cannot be among them.
 */
export type PageHead = {
  title: string
  description: string
  /** Path and query of the canonical URL, on PUBLIC_URL. */
  canonical: string
  image?: string
  type?: 'website' | 'profile' | 'place'
  jsonLd?: object
  /** Not-found answers: kept out of search results. */
  noindex?: boolean
  /** The same thing in other formats (a home's directory records, ADR 032): `<link rel="alternate">`. */
  alternates?: { type: string; href: string; title: string }[]
}

const SITE = 'Homeward'
const SITE_DESCRIPTION = 'Homeward connects group homes with case managers, social workers and families looking for a placement.'

const STATIC: Record<string, Omit<PageHead, 'canonical'>> = {
  '/': { title: 'Homeward — Group Home Referrals', description: SITE_DESCRIPTION, image: HERO_IMAGES[0]!.src },
  '/browse-operators': { title: 'Browse group home operators · Homeward', description: 'Premium group home operators across the United States: their homes, licensing, specializations and reviews.' },
  '/pricing': { title: 'Pricing for operators · Homeward', description: 'List your group home free, or go Premium to show every home, photo and video, and browse referrals.' },
  '/how-it-works': { title: 'How it works · Homeward', description: 'How referrers find a group home for a client, and how operators receive and unlock referrals on Homeward.' },
  '/for-operators': { title: 'For operators · Homeward', description: 'Fill your open beds: list your group home, receive referrals from case managers and families, and show your reviews.' },
  '/help': { title: 'Help center · Homeward', description: 'Answers for referrers and operators: referrals, tours, fees, escrow, badges, reviews and privacy.' },
}

const NOT_FOUND: Omit<PageHead, 'canonical'> = { title: 'Page not found · Homeward', description: SITE_DESCRIPTION, noindex: true }

/** The fee in whole dollars ('$3,251' for $3,250.50), by the server's one money formatter. */
const wholeDollars = (cents: number) => money(Math.round(cents / 100) * 100)
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The head of the page at `url`, from the query cache it was rendered with; `found` false for a 404. */
export function pageHead(url: URL, queryClient: QueryClient, found: boolean): PageHead {
  const path = url.pathname.replace(/\/+$/, '') || '/'
  const property = path.match(/^\/property\/([^/]+)$/)
  const operator = path.match(/^\/operator\/([^/]+)$/)
  if (found && property) {
    const home = queryClient.getQueryData(propertyQuery(decodeURIComponent(property[1]!)).queryKey)
    if (home) return propertyHead(home, path)
  }
  if (found && operator) {
    const profile = queryClient.getQueryData(operatorProfileQuery(decodeURIComponent(operator[1]!)).queryKey)
    if (profile) return operatorHead(profile, path)
  }
  if (found && path === '/browse') return browseHead(url, queryClient)
  const known = found ? STATIC[path] : undefined
  return { ...(known ?? NOT_FOUND), canonical: known ? path : url.pathname }
}

function propertyHead(home: PropertyDetail, path: string): PageHead {
  const fee = home.monthly_fee_cents == null ? '' : ` ${wholeDollars(home.monthly_fee_cents)} a month.`
  const beds = home.available_beds > 0 ? `${plural(home.available_beds, 'bed', 'beds')} available of ${home.total_beds}.` : `No bed available now (${plural(home.total_beds, 'bed', 'beds')}).`
  const rating = home.review_count > 0 && home.average_rating != null ? ` Rated ${home.average_rating} from ${plural(home.review_count, 'review', 'reviews')}.` : ''
  const image = home.featured_image ?? undefined
  return {
    title: `${home.name}, group home in ${home.city}, ${home.state} · ${SITE}`,
    description: `${home.name}: a group home in ${home.city}, ${home.state} run by ${home.operator.name}. ${beds}${fee}${rating}`,
    canonical: path,
    image,
    type: 'place',
    // Its records in the public directory, for systems that read FHIR R4 or Open Referral HSDS (ADR 032).
    alternates: [
      { type: 'application/fhir+json', href: `/fhir/r4/HealthcareService/${encodeURIComponent(home.id)}`, title: 'FHIR R4 HealthcareService' },
      { type: 'application/fhir+json', href: `/fhir/r4/Location/${encodeURIComponent(home.id)}`, title: 'FHIR R4 Location' },
      { type: 'application/json', href: `/hsds/services/${encodeURIComponent(home.id)}`, title: 'Open Referral HSDS 3.1 service' },
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'LodgingBusiness',
      additionalType: 'https://schema.org/Residence',
      url: path,
      name: home.name,
      description: home.description ?? undefined,
      // The address as the operator published it on the listing.
      address: { '@type': 'PostalAddress', streetAddress: home.address, addressLocality: home.city, addressRegion: home.state, postalCode: home.zip_code, addressCountry: 'US' },
      image: home.images.length > 0 ? home.images : undefined,
      priceRange: home.monthly_fee_cents == null ? undefined : `${wholeDollars(home.monthly_fee_cents)} per month`,
      makesOffer:
        home.monthly_fee_cents == null
          ? undefined
          : { '@type': 'Offer', price: (home.monthly_fee_cents / 100).toFixed(2), priceCurrency: 'USD', description: 'Monthly fee' },
      amenityFeature: home.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
      // The languages its staff speak, as BCP 47 tags (schema.org's own advice for availableLanguage).
      availableLanguage: home.languages.length > 0 ? home.languages : undefined,
      aggregateRating: aggregateRating(home.average_rating, home.review_count),
      parentOrganization: home.operator.username ? { '@type': 'Organization', name: home.operator.name, url: `/operator/${encodeURIComponent(home.operator.username)}` } : undefined,
    },
  }
}

function operatorHead(profile: OperatorProfile, path: string): PageHead {
  const homes = profile.properties
  const places = [...new Set(homes.map((h) => `${h.city}, ${h.state}`))]
  const where = places.length > 0 ? ` in ${places.slice(0, 3).join('; ')}` : ''
  const names = homes.length > 0 ? `: ${homes.slice(0, 3).map((h) => h.name).join(', ')}${homes.length > 3 ? ' and more' : ''}` : ''
  const rating = profile.rating.review_count > 0 && profile.rating.average_rating != null ? ` Rated ${profile.rating.average_rating} from ${plural(profile.rating.review_count, 'review', 'reviews')}.` : ''
  return {
    title: `${profile.name}, group home operator · ${SITE}`,
    description: `${profile.name} runs ${plural(homes.length, 'group home', 'group homes')}${where}${names}.${rating}`,
    canonical: path,
    image: profile.profile_photo ?? homes[0]?.featured_image ?? undefined,
    type: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      url: path,
      name: profile.name,
      description: profile.bio ?? undefined,
      logo: profile.profile_photo ?? undefined,
      // To city level: the operator's homes' cities, as their listings publish them.
      areaServed: places.length > 0 ? places.map((name) => ({ '@type': 'City', name })) : undefined,
      aggregateRating: aggregateRating(profile.rating.average_rating, profile.rating.review_count),
      owns: homes.map((h) => ({ '@type': 'LodgingBusiness', name: h.name, url: `/property/${encodeURIComponent(h.id)}` })),
    },
  }
}

function browseHead(url: URL, queryClient: QueryClient): PageHead {
  const filters = browseFiltersOf(url.searchParams)
  const first = queryClient.getQueryData(propertySearchQuery(filters).queryKey)?.pages[0]
  const near = first?.location ? ` near ${first.location.city}, ${first.location.state} (${first.location.zip})` : ''
  const count = `Group homes with open beds${near}`
  return {
    title: `Group homes${near} · ${SITE}`,
    description: `${count}: photos, beds available, fees, licensing and reviews.`,
    // The search is the page: its query stays in the canonical URL.
    canonical: `/browse${url.search}`,
  }
}

/** Approved reviews only (the public answers count no other); none without a review. */
const aggregateRating = (average: number | null, count: number) =>
  count > 0 && average != null ? { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, bestRating: 5, worstRating: 1 } : undefined

/** The tags, every URL absolute on `origin` (PUBLIC_URL); values escaped, JSON-LD made safe inside a script element. */
export function headTags(head: PageHead, origin: string): string {
  const absolute = (href: string) => new URL(href, origin).href
  const esc = Bun.escapeHTML
  const canonical = absolute(head.canonical)
  const image = head.image ? absolute(head.image) : undefined
  const tags = [
    `<title>${esc(head.title)}</title>`,
    `<meta name="description" content="${esc(head.description)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${esc(canonical)}">`,
    ...(head.alternates ?? []).map((a) => `<link rel="alternate" type="${esc(a.type)}" href="${esc(absolute(a.href))}" title="${esc(a.title)}">`),
    `<meta property="og:site_name" content="${SITE}">`,
    `<meta property="og:type" content="${head.type === 'profile' ? 'profile' : 'website'}">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:url" content="${esc(canonical)}">`,
    image ? `<meta property="og:image" content="${esc(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(head.title)}">`,
    `<meta name="twitter:description" content="${esc(head.description)}">`,
    image ? `<meta name="twitter:image" content="${esc(image)}">` : '',
    head.jsonLd ? `<script type="application/ld+json">${jsonInScript(absoluteUrls(head.jsonLd, absolute))}</script>` : '',
  ]
  return tags.join('')
}

/** JSON-LD's URLs (images, pages) on PUBLIC_URL: every string that is a path of the site. */
function absoluteUrls(value: object, absolute: (href: string) => string): object {
  return JSON.parse(JSON.stringify(value), (_key, v) => (typeof v === 'string' && v.startsWith('/') ? absolute(v) : v))
}

/** JSON inside a script element: no `</script>` or `<!--` can end or bend it. */
export const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
