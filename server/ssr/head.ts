import type { QueryClient } from '@tanstack/react-query'
import { HERO_IMAGES } from '../../client/src/features/home'
import { operatorProfileQuery, type OperatorProfile } from '../../client/src/features/operators/api/operators'
import { browseFiltersOf, propertyQuery, propertySearchQuery, type PropertyDetail } from '../../client/src/features/properties/api/properties'
import { type Locale, LOCALES, translate, type Values } from '../i18n'
import { localizedPath, splitLocalePath } from '../lib/client-routes'
import { money } from '../lib/money'

/**
 * What a public page says it is, in its `<head>`: title, description,
 * canonical URL, Open Graph and Twitter card tags with absolute URLs from
 * PUBLIC_URL, and schema.org JSON-LD for a home and an operator. Everything
 * comes from the answers the page was rendered with (render.tsx), which are
 * the public API's answers to a signed-out visitor: a referral, a sealed field
 * or a private file cannot be among them. In the page's language (its address,
 * `/es/…`, ADR 037): the words around a home's or an operator's own text are
 * translated, never what its operator wrote.
 */
export type PageHead = {
  title: string
  description: string
  /** Path and query of the canonical URL, on PUBLIC_URL: the page's own address in its language. */
  canonical: string
  locale: Locale
  /** The page in every language (`hreflang`), English also the `x-default`; none on a not-found answer. */
  languages?: Record<Locale, string>
  image?: string
  type?: 'website' | 'profile' | 'place'
  jsonLd?: object
  /** Not-found answers: kept out of search results. */
  noindex?: boolean
  /** The same thing in other formats (a home's directory records, ADR 032): `<link rel="alternate">`. */
  alternates?: { type: string; href: string; title: string }[]
}

const SITE = 'Homeward'

/** The static public pages' title and description keys (written whole: the catalog test looks for them). */
const STATIC: Record<string, { title: string; description: string; image?: string }> = {
  '/': { title: 'seo.home.title', description: 'seo.site.description', image: HERO_IMAGES[0]!.src },
  '/browse-operators': { title: 'seo.browseOperators.title', description: 'seo.browseOperators.description' },
  '/pricing': { title: 'seo.pricing.title', description: 'seo.pricing.description' },
  '/how-it-works': { title: 'seo.howItWorks.title', description: 'seo.howItWorks.description' },
  '/for-operators': { title: 'seo.forOperators.title', description: 'seo.forOperators.description' },
  '/help': { title: 'seo.help.title', description: 'seo.help.description' },
}

/** The fee in whole dollars ('$3,251' for $3,250.50), by the server's one money formatter. */
const wholeDollars = (cents: number) => money(Math.round(cents / 100) * 100)

/** A translator for one page's language (server/i18n/<language>/seo.json). */
const translator = (locale: Locale) => (key: string, values?: Values) => translate(locale, key, values) ?? key
type T = ReturnType<typeof translator>

/** `path` (English, with its query) in every language: the page's `hreflang` alternates. */
const inEveryLanguage = (path: string, search = '') =>
  Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(path, locale) + search])) as Record<Locale, string>

/** The head of the page at `url`, from the query cache it was rendered with; `found` false for a 404. */
export function pageHead(url: URL, queryClient: QueryClient, found: boolean): PageHead {
  const { locale, path: unprefixed } = splitLocalePath(url.pathname)
  const path = unprefixed.replace(/\/+$/, '') || '/'
  const t = translator(locale)
  const own = (p: string, search = '') => ({ locale, canonical: localizedPath(p, locale) + search, languages: inEveryLanguage(p, search) })
  const property = path.match(/^\/property\/([^/]+)$/)
  const operator = path.match(/^\/operator\/([^/]+)$/)
  if (found && property) {
    const home = queryClient.getQueryData(propertyQuery(decodeURIComponent(property[1]!)).queryKey)
    if (home) return withPage(propertyHead(home, t, own(path)))
  }
  if (found && operator) {
    const profile = queryClient.getQueryData(operatorProfileQuery(decodeURIComponent(operator[1]!)).queryKey)
    if (profile) return withPage(operatorHead(profile, t, own(path)))
  }
  if (found && path === '/browse') return withPage(browseHead(url, queryClient, t, own(path, url.search)))
  const known = found ? STATIC[path] : undefined
  if (!known) return { title: t('seo.notFound.title'), description: t('seo.site.description'), noindex: true, locale, canonical: url.pathname }
  return withPage({ title: t(known.title), description: t(known.description), image: known.image, ...own(path) })
}

/**
 * The page itself in JSON-LD, in its language (`inLanguage`): a home's or an operator's
 * description says which page describes it (`mainEntityOfPage`); the other pages are a WebPage.
 */
function withPage(head: PageHead): PageHead {
  const page = { '@type': 'WebPage', '@id': head.canonical, url: head.canonical, name: head.title, inLanguage: head.locale }
  const jsonLd = head.jsonLd
    ? { ...head.jsonLd, mainEntityOfPage: page }
    : { '@context': 'https://schema.org', ...page, description: head.description }
  return { ...head, jsonLd }
}

type Own = Pick<PageHead, 'locale' | 'canonical' | 'languages'>

function propertyHead(home: PropertyDetail, t: T, own: Own): PageHead {
  const path = own.canonical
  const fee = home.monthly_fee_cents == null ? '' : t('seo.property.fee', { fee: wholeDollars(home.monthly_fee_cents) })
  const beds = home.available_beds > 0 ? t('seo.property.bedsAvailable', { available: home.available_beds, total: home.total_beds }) : t('seo.property.noBeds', { total: home.total_beds })
  const rating = home.review_count > 0 && home.average_rating != null ? t('seo.rating', { rating: home.average_rating, count: home.review_count }) : ''
  const image = home.featured_image ?? undefined
  const where = { name: home.name, city: home.city, state: home.state }
  return {
    title: t('seo.property.title', where),
    description: t('seo.property.description', { ...where, operator: home.operator.name, beds, fee, rating }),
    ...own,
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
      priceRange: home.monthly_fee_cents == null ? undefined : t('seo.property.priceRange', { fee: wholeDollars(home.monthly_fee_cents) }),
      makesOffer:
        home.monthly_fee_cents == null
          ? undefined
          : { '@type': 'Offer', price: (home.monthly_fee_cents / 100).toFixed(2), priceCurrency: 'USD', description: t('seo.property.offer') },
      amenityFeature: home.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
      // The languages its staff speak, as BCP 47 tags (schema.org's own advice for availableLanguage).
      availableLanguage: home.languages.length > 0 ? home.languages : undefined,
      aggregateRating: aggregateRating(home.average_rating, home.review_count),
      parentOrganization: home.operator.username ? { '@type': 'Organization', name: home.operator.name, url: localizedPath(`/operator/${encodeURIComponent(home.operator.username)}`, own.locale) } : undefined,
    },
  }
}

function operatorHead(profile: OperatorProfile, t: T, own: Own): PageHead {
  const path = own.canonical
  const homes = profile.properties
  const places = [...new Set(homes.map((h) => `${h.city}, ${h.state}`))]
  const where = places.length > 0 ? t('seo.operator.where', { places: places.slice(0, 3).join('; ') }) : ''
  const listed = homes.slice(0, 3).map((h) => h.name).join(', ')
  const names = homes.length === 0 ? '' : homes.length > 3 ? t('seo.operator.namesMore', { names: listed }) : t('seo.operator.names', { names: listed })
  const rating = profile.rating.review_count > 0 && profile.rating.average_rating != null ? t('seo.rating', { rating: profile.rating.average_rating, count: profile.rating.review_count }) : ''
  return {
    title: t('seo.operator.title', { name: profile.name }),
    description: t('seo.operator.description', { name: profile.name, count: homes.length, where, names, rating }),
    ...own,
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
      owns: homes.map((h) => ({ '@type': 'LodgingBusiness', name: h.name, url: localizedPath(`/property/${encodeURIComponent(h.id)}`, own.locale) })),
    },
  }
}

function browseHead(url: URL, queryClient: QueryClient, t: T, own: Own): PageHead {
  const filters = browseFiltersOf(url.searchParams)
  const first = queryClient.getQueryData(propertySearchQuery(filters).queryKey)?.pages[0]
  const near = first?.location ? t('seo.browse.near', { city: first.location.city, state: first.location.state, zip: first.location.zip }) : ''
  return {
    title: t('seo.browse.title', { near }),
    description: t('seo.browse.description', { near }),
    // The search is the page: its query stays in the canonical URL (own).
    ...own,
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
    // Every language's address, on both versions, English also for any other reader (Google's hreflang format).
    ...Object.entries(head.languages ?? {}).map(([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${esc(absolute(href))}">`),
    head.languages ? `<link rel="alternate" hreflang="x-default" href="${esc(absolute(head.languages.en))}">` : '',
    ...(head.alternates ?? []).map((a) => `<link rel="alternate" type="${esc(a.type)}" href="${esc(absolute(a.href))}" title="${esc(a.title)}">`),
    `<meta property="og:site_name" content="${SITE}">`,
    `<meta property="og:type" content="${head.type === 'profile' ? 'profile' : 'website'}">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:url" content="${esc(canonical)}">`,
    `<meta property="og:locale" content="${OG_LOCALES[head.locale]}">`,
    ...LOCALES.filter((l) => l !== head.locale && head.languages).map((l) => `<meta property="og:locale:alternate" content="${OG_LOCALES[l]}">`),
    image ? `<meta property="og:image" content="${esc(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(head.title)}">`,
    `<meta name="twitter:description" content="${esc(head.description)}">`,
    image ? `<meta name="twitter:image" content="${esc(image)}">` : '',
    head.jsonLd ? `<script type="application/ld+json">${jsonInScript(absoluteUrls(head.jsonLd, absolute))}</script>` : '',
  ]
  return tags.join('')
}

/** Open Graph's locales (language_TERRITORY): Homeward serves the United States. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', es: 'es_US' }

/** JSON-LD's URLs (images, pages) on PUBLIC_URL: every string that is a path of the site. */
function absoluteUrls(value: object, absolute: (href: string) => string): object {
  return JSON.parse(JSON.stringify(value), (_key, v) => (typeof v === 'string' && v.startsWith('/') ? absolute(v) : v))
}

/** JSON inside a script element: no `</script>` or `<!--` can end or bend it. */
export const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
