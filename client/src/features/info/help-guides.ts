import { WAITLIST_NEEDS_MAX } from '@server/features/marketplace/marketplace.schemas'
import { RESCHEDULE_LINK_DAYS } from '@server/features/tours/tours.schemas'
import { BADGE_EXPLANATIONS, BADGE_KEYS, BADGE_LABELS, TOP_RATED_MIN_AVERAGE, TOP_RATED_MIN_REVIEWS } from '@server/features/badges/badge-rules'
import { MAX_LICENSE_PROOF_BYTES } from '@server/features/verification/verification.schemas'
import type { PublicConfig } from '../../lib/config'
import { fileSize } from '../../lib/format'
import type { Locale, Translate } from '../../lib/i18n'
import { planLimit, unlockFees } from './info-format'
import {
  CARE_LEVEL_HINTS,
  CARE_LEVEL_LABELS,
  CARE_LEVELS,
  FUNDING_SOURCE_LABELS,
  FUNDING_SOURCES,
  HOUSE_RULES_MAX,
  NEARBY_SERVICE_LABELS,
  NEARBY_SERVICES,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  SPECIALIZATION_LABELS,
  SPECIALIZATIONS,
  TIMELINE_LABELS,
  TIMELINES,
} from '@server/features/care/care-extras.constants'

/**
 * The help centre's guides. Every number comes from the public
 * configuration, which the server reads from the same settings it enforces,
 * so a changed fee, hold or limit changes the help text too. The words are the
 * info catalog's (client/src/locales/<language>/info.json, keys written whole):
 * the guides are built in the language being read, and the help search looks
 * through them in that language. Labels that come from the shared lists (levels
 * of care, funding, badges) are those lists' own, in English until those areas
 * are translated.
 */
export type GuideBlock = string | { list: string[] }
export type HelpGuide = { id: string; title: string; body: GuideBlock[] }
export type HelpAudience = 'operators' | 'referrers'

/** The searchable text of a guide's body: every paragraph and list item. */
export const guideText = (guide: HelpGuide) =>
  guide.body.map((block) => (typeof block === 'string' ? block : block.list.join(' '))).join(' ')

/** Each badge and what earns it, quoted from the one module the server computes them with. */
const badgeList = (): GuideBlock => ({ list: BADGE_KEYS.map((k) => `${BADGE_LABELS[k]}: ${BADGE_EXPLANATIONS[k]}`) })

/** Counted words of the guides ("3 hours", "1 photo"), in the language being read. */
function words(t: Translate) {
  return {
    hours: (count: number) => t('info.help.hours', { count }),
    days: (count: number) => t('info.help.days', { count }),
    minutes: (count: number) => t('info.help.minutes', { count }),
    /** "a, b and c" from the labels of a list (the lists exist once, in the shared schema). `lower` for common nouns; funding sources keep their capitals. */
    listed: <T extends string>(values: readonly T[], labels: Record<T, string>, lower = true) => {
      const all = values.map((v) => (lower ? labels[v].toLowerCase() : labels[v]))
      return all.length > 1 ? `${all.slice(0, -1).join(', ')}${t('info.help.and')}${all.at(-1)}` : (all[0] ?? '')
    },
    /** A plan's limit ("1 photo", "Unlimited photos"; null is unlimited). */
    photos: (count: number | null) => (count === null ? t('info.help.unlimitedPhotos') : t('info.help.photos', { count })),
    properties: (count: number | null) => (count === null ? t('info.ops.faq.unlimitedProperties') : t('info.ops.faq.properties', { count })),
  }
}

/** "$30 per month" (or "Free" when the operator sets a zero price). */
const premiumPrice = (c: PublicConfig, t: Translate) => (c.premium_price_cents > 0 ? t('info.ops.faq.perMonth', { price: c.premium_price }) : t('info.ops.faq.freePrice'))

function supportBlocks(c: PublicConfig, t: Translate, hours: (n: number) => string): GuideBlock[] {
  const r = c.response_targets
  return [
    t('info.help.support.p1', { email: c.support_email, phone: c.support_phone, hours: c.support_hours }),
    t('info.help.support.p2'),
    {
      list: [
        t('info.help.support.l1', { time: hours(r.support_urgent_hours) }),
        t('info.help.support.l2', { time: hours(r.support_payment_hours) }),
        t('info.help.support.l3', { time: hours(r.support_technical_hours) }),
        t('info.help.support.l4', { time: hours(r.support_general_hours) }),
      ],
    },
    t('info.help.support.p3', { days: c.dispute_days }),
  ]
}

export function operatorGuides(c: PublicConfig, t: Translate, locale: Locale = 'en'): HelpGuide[] {
  const { hours, days, minutes, listed, photos, properties } = words(t)
  const fees = unlockFees(c)
  const freeProperties = planLimit(c, 'free', 'maxProperties')
  const freePhotos = planLimit(c, 'free', 'maxPhotosPerProperty')
  const premiumPhotos = planLimit(c, 'premium', 'maxPhotosPerProperty')
  const premiumVideos = planLimit(c, 'premium', 'maxVideosPerProperty')
  const freeBio = planLimit(c, 'free', 'maxBioLength')
  const up = c.upload_limits
  return [
    {
      id: 'op-getting-started',
      title: t('info.help.opStart.title'),
      body: [
        t('info.help.opStart.p1'),
        t('info.help.opStart.p2', { price: premiumPrice(c, t), days: c.trial_days }),
        t('info.help.opStart.p3'),
        {
          list: [
            t('info.help.opStart.l1'),
            t('info.help.opStart.l2'),
            t('info.help.opStart.l3'),
          ],
        },
      ],
    },
    {
      id: 'op-subscription-plans',
      title: t('info.help.opPlans.title'),
      body: [
        t('info.help.opPlans.p1', { properties: properties(freeProperties), photos: photos(freePhotos), bio: freeBio ?? '' }),
        t('info.help.opPlans.p2', { price: premiumPrice(c, t), days: c.trial_days, properties: properties(planLimit(c, 'premium', 'maxProperties')).toLowerCase(), photos: premiumPhotos ?? '', videos: premiumVideos ?? '' }),
        t('info.help.opPlans.p3'),
        t('info.help.opPlans.p4'),
      ],
    },
    {
      id: 'op-receiving-referrals',
      title: t('info.help.opReferrals.title'),
      body: [
        t('info.help.opReferrals.p1'),
        t('info.help.opReferrals.p2'),
        t('info.help.opReferrals.p3'),
        {
          list: [
            t('info.help.opReferrals.l1'),
            t('info.help.opReferrals.l2', { range: c.unlock_fee_range }),
            t('info.help.opReferrals.l3'),
          ],
        },
        t('info.help.opReferrals.p4'),
        t('info.help.opReferrals.p5'),
      ],
    },
    {
      id: 'op-messaging',
      title: t('info.help.opMessaging.title'),
      body: [
        t('info.help.opMessaging.p1'),
        t('info.help.opMessaging.p2'),
        t('info.help.opMessaging.p3', { time: hours(c.response_targets.operator_messages_hours) }),
      ],
    },
    {
      id: 'op-tours',
      title: t('info.help.opTours.title'),
      body: [
        t('info.help.opTours.p1'),
        t('info.help.opTours.p2'),
        t('info.help.opTours.p3'),
        t('info.help.opTours.p4', { days: days(RESCHEDULE_LINK_DAYS) }),
        t('info.help.opTours.p5'),
        t('info.help.opTours.p6'),
      ],
    },
    {
      id: 'op-documents',
      title: t('info.help.opDocuments.title'),
      body: [
        t('info.help.opDocuments.p1'),
        t('info.help.opDocuments.p2', { size: up.document_mb }),
        t('info.help.opDocuments.p3'),
        t('info.help.opDocuments.p4'),
      ],
    },
    {
      id: 'op-payment-escrow',
      title: t('info.help.opEscrow.title'),
      body: [
        t('info.help.opEscrow.p1', { ...fees, range: c.unlock_fee_range }),
        t('info.help.opEscrow.p2', { time: minutes(c.checkout_hold_minutes) }),
        t('info.help.opEscrow.p3', { time: hours(c.escrow_hold_hours) }),
        {
          list: [
            t('info.help.opEscrow.l1'),
            t('info.help.opEscrow.l2'),
            t('info.help.opEscrow.l3'),
          ],
        },
      ],
    },
    {
      id: 'op-reviews',
      title: t('info.help.opReviews.title'),
      body: [
        t('info.help.opReviews.p1'),
        t('info.help.opReviews.p2'),
        t('info.help.opReviews.p3', { average: TOP_RATED_MIN_AVERAGE, reviews: TOP_RATED_MIN_REVIEWS }),
      ],
    },
    {
      id: 'op-profile-optimization',
      title: t('info.help.opProfile.title'),
      body: [
        t('info.help.opProfile.p1'),
        {
          list: [
            t('info.help.opProfile.l1'),
            t('info.help.opProfile.l2', { bio: freeBio ?? '' }),
            t('info.help.opProfile.l3'),
            t('info.help.opProfile.l4', { specializations: listed(SPECIALIZATIONS, SPECIALIZATION_LABELS) }),
            t('info.help.opProfile.l5', { size: up.video_mb, seconds: up.video_seconds }),
            t('info.help.opProfile.l6'),
          ],
        },
        t('info.help.opProfile.p2'),
        t('info.help.opProfile.p3'),
        badgeList(),
        t('info.help.opProfile.p4', { size: fileSize(MAX_LICENSE_PROOF_BYTES) }),
      ],
    },
    {
      id: 'op-listing-properties',
      title: t('info.help.opListing.title'),
      body: [
        t('info.help.opListing.p1'),
        t('info.help.opListing.p2', { care: listed(CARE_LEVELS, CARE_LEVEL_LABELS), funding: listed(FUNDING_SOURCES, FUNDING_SOURCE_LABELS, false), rooms: listed(ROOM_TYPES, ROOM_TYPE_LABELS), services: listed(NEARBY_SERVICES, NEARBY_SERVICE_LABELS), rules: HOUSE_RULES_MAX.toLocaleString(`${locale}-US`) }),
        t('info.help.opListing.p3', { photos: photos(freePhotos), premium: premiumPhotos ?? '' }),
        t('info.help.opListing.p4', { size: up.video_mb, videos: premiumVideos ?? '', seconds: up.video_seconds }),
        t('info.help.opListing.p5'),
        t('info.help.opListing.p6', { days: c.beds_fresh_days }),
      ],
    },
    {
      id: 'op-waitlist',
      title: t('info.help.opWaitlist.title'),
      body: [
        t('info.help.opWaitlist.p1'),
        t('info.help.opWaitlist.p2', { time: hours(c.waitlist_notify_hours) }),
        t('info.help.opWaitlist.p3', { max: WAITLIST_NEEDS_MAX }),
        t('info.help.opWaitlist.p4', { time: days(c.waitlist_expiry_days) }),
      ],
    },
    {
      id: 'op-support',
      title: t('info.help.support.title'),
      body: supportBlocks(c, t, hours),
    },
  ]
}

export function referrerGuides(c: PublicConfig, t: Translate): HelpGuide[] {
  const { hours, listed } = words(t)
  const fees = unlockFees(c)
  return [
    {
      id: 'ref-getting-started',
      title: t('info.help.refStart.title'),
      body: [
        t('info.help.refStart.p1'),
        t('info.help.refStart.p2'),
        t('info.help.refStart.p3'),
      ],
    },
    {
      id: 'ref-payments',
      title: t('info.help.refPayments.title'),
      body: [
        t('info.help.refPayments.p1', { range: c.unlock_fee_range }),
        t('info.help.refPayments.p2'),
        t('info.help.refPayments.p3'),
      ],
    },
    {
      id: 'ref-submitting-referrals',
      title: t('info.help.refSubmit.title'),
      body: [
        t('info.help.refSubmit.p1'),
        t('info.help.refSubmit.p2'),
        t('info.help.refSubmit.p3'),
        t('info.help.refSubmit.p4'),
        {
          list: [
            t('info.help.refSubmit.l1', { levels: CARE_LEVELS.map((l) => `${CARE_LEVEL_LABELS[l]} (${CARE_LEVEL_HINTS[l]})`).join('; ') }),
            t('info.help.refSubmit.l2', { funding: listed(FUNDING_SOURCES, FUNDING_SOURCE_LABELS, false) }),
            t('info.help.refSubmit.l3', { timelines: listed(TIMELINES, TIMELINE_LABELS) }),
            t('info.help.refSubmit.l4'),
          ],
        },
        t('info.help.refSubmit.p5'),
        t('info.help.refSubmit.p6'),
      ],
    },
    {
      id: 'ref-browsing-operators',
      title: t('info.help.refBrowse.title'),
      body: [
        t('info.help.refBrowse.p1', { days: c.beds_fresh_days }),
        t('info.help.refBrowse.p2'),
        t('info.help.refBrowse.p3'),
        t('info.help.refBrowse.p4'),
        badgeList(),
      ],
    },
    {
      id: 'ref-inviting-operators',
      title: t('info.help.refInvite.title'),
      body: [
        t('info.help.refInvite.p1'),
        t('info.help.refInvite.p2'),
        t('info.help.refInvite.p3'),
        t('info.help.refInvite.p4'),
      ],
    },
    {
      id: 'ref-messaging',
      title: t('info.help.refMessaging.title'),
      body: [
        t('info.help.refMessaging.p1'),
        t('info.help.refMessaging.p2', { time: hours(c.response_targets.operator_messages_hours) }),
      ],
    },
    {
      id: 'ref-scheduling-tours',
      title: t('info.help.refTours.title'),
      body: [
        t('info.help.refTours.p1'),
        t('info.help.refTours.p2'),
        t('info.help.refTours.p3'),
      ],
    },
    {
      id: 'ref-tracking-referrals',
      title: t('info.help.refTracking.title'),
      body: [
        t('info.help.refTracking.p1'),
        {
          list: [
            t('info.help.refTracking.l1'),
            t('info.help.refTracking.l2'),
            t('info.help.refTracking.l3'),
            t('info.help.refTracking.l4'),
          ],
        },
        t('info.help.refTracking.p2', fees),
      ],
    },
    {
      id: 'ref-leaving-reviews',
      title: t('info.help.refReviews.title'),
      body: [
        t('info.help.refReviews.p1'),
        t('info.help.refReviews.p2'),
        t('info.help.refReviews.p3'),
      ],
    },
    {
      id: 'ref-automated-matching',
      title: t('info.help.refMatching.title'),
      body: [
        t('info.help.refMatching.p1'),
        t('info.help.refMatching.p2'),
      ],
    },
    {
      id: 'ref-privacy-security',
      title: t('info.help.refPrivacy.title'),
      body: [
        t('info.help.refPrivacy.p1'),
        t('info.help.refPrivacy.p2'),
        t('info.help.refPrivacy.p3'),
      ],
    },
    {
      id: 'ref-support',
      title: t('info.help.support.title'),
      body: supportBlocks(c, t, hours),
    },
  ]
}

export function helpGuides(c: PublicConfig, t: Translate, locale: Locale = 'en'): Record<HelpAudience, HelpGuide[]> {
  return { operators: operatorGuides(c, t, locale), referrers: referrerGuides(c, t) }
}
