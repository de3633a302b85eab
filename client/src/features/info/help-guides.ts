import { WAITLIST_NEEDS_MAX } from '@server/features/marketplace/marketplace.schemas'
import { RESCHEDULE_LINK_DAYS } from '@server/features/tours/tours.schemas'
import { BADGE_EXPLANATIONS, BADGE_KEYS, BADGE_LABELS, TOP_RATED_MIN_AVERAGE, TOP_RATED_MIN_REVIEWS } from '@server/features/badges/badge-rules'
import { MAX_LICENSE_PROOF_BYTES } from '@server/features/verification/verification.schemas'
import type { PublicConfig } from '../../lib/config'
import { fileSize } from '../../lib/format'
import { days, hours, limitText, minutes, planLimit, premiumPrice, unlockFees } from './info-format'
import { REFERRAL_PAYMENT_POLICY, referrerPaymentText } from '../../lib/referrer-payment'
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
 * so a changed fee, hold or limit changes the help text too.
 */
export type GuideBlock = string | { list: string[] }
export type HelpGuide = { id: string; title: string; body: GuideBlock[] }
export type HelpAudience = 'operators' | 'referrers'

/**
 * "a, b and c" from the labels of a list (the lists exist once, in
 * the shared schema). `lower` for common nouns; funding sources keep their capitals.
 */
const listed = <T extends string>(values: readonly T[], labels: Record<T, string>, lower = true) => {
  const words = values.map((v) => (lower ? labels[v].toLowerCase() : labels[v]))
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '')
}

/** The searchable text of a guide's body: every paragraph and list item. */
export const guideText = (guide: HelpGuide) =>
  guide.body.map((block) => (typeof block === 'string' ? block : block.list.join(' '))).join(' ')

/** Each badge and what earns it, quoted from the one module the server computes them with. */
const badgeList = (): GuideBlock => ({ list: BADGE_KEYS.map((k) => `${BADGE_LABELS[k]}: ${BADGE_EXPLANATIONS[k]}`) })

function supportBlocks(c: PublicConfig): GuideBlock[] {
  const t = c.response_targets
  return [
    `Write to ${c.support_email} or call ${c.support_phone}. The support team works ${c.support_hours}.`,
    'We aim to answer within these times during support hours:',
    {
      list: [
        `Urgent issues (you cannot sign in, a client's safety, a payment taken twice): ${hours(t.support_urgent_hours)}`,
        `Payment and escrow questions: ${hours(t.support_payment_hours)}`,
        `Technical problems: ${hours(t.support_technical_hours)}`,
        `General questions: ${hours(t.support_general_hours)}`,
      ],
    },
    `Disputes about an escrow payment are reviewed by an admin and usually resolved within ${c.dispute_days}. Include the referral and what you expected to happen.`,
  ]
}

export function operatorGuides(c: PublicConfig): HelpGuide[] {
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
      title: 'Getting started as an operator',
      body: [
        'Choose Get Started in the header (or Operator Login in the footer) and open the Sign Up tab. Enter your first and last name, e-mail, phone and a password of at least 8 characters, then pick a plan. Confirm your e-mail address with the link we send you: unlocking referrals and sending messages need a confirmed address.',
        `The Free plan costs nothing. Premium costs ${premiumPrice(c)} after a ${c.trial_days}-day free trial; choosing it at sign-up opens the checkout as soon as your account exists.`,
        'You land on the Operator Dashboard. From there:',
        {
          list: [
            'Add your first home in the My Properties tab.',
            'Open the Profile tab, choose a username and write a bio: saving a username publishes your public profile.',
            'Check the Profile Completion card to see what is still missing.',
          ],
        },
      ],
    },
    {
      id: 'op-subscription-plans',
      title: 'Subscription plans: Free and Premium',
      body: [
        `Free ($0): ${limitText(freeProperties, 'property', 'properties')}, ${limitText(freePhotos, 'photo')} per property, a bio of up to ${freeBio} characters, referral notifications and messaging. Videos, tour scheduling, referral browsing and analytics are not included.`,
        `Premium (${premiumPrice(c)}, ${c.trial_days}-day free trial): ${limitText(planLimit(c, 'premium', 'maxProperties'), 'property', 'properties').toLowerCase()}, up to ${premiumPhotos} photos and ${premiumVideos} videos per property, a video introduction on your profile, a full bio, tour requests from visitors, browsing and unlocking client referrals, profile analytics, direct invitations from referrers, priority in search results and an e-mail signature.`,
        'Upgrade from the subscription card on your dashboard (30 Day Free Trial) or from the Pricing page. Premium members manage billing, change the card or cancel through the billing portal, and can refresh the status card after a change.',
        'If a subscription ends, extra properties and photos are hidden from the public but nothing is deleted; upgrading again shows them.',
      ],
    },
    {
      id: 'op-receiving-referrals',
      title: 'Receiving referrals',
      body: [
        'When a referrer submits a referral, Homeward compares it with the listed homes (state and cities, monthly budget, and care requirements such as wheelchair access, pets, private rooms, 24/7 medical care) and notifies the best-matching operators at once, in the app and by e-mail.',
        'A referral can name a level of care and a funding source. Only homes that list that level of care and accept that funding in their listing are matched to it, so declare both for every home (My Properties, Edit): a home that declares no level of care is not matched to referrals that name one, and the same goes for funding.',
        'Premium operators see every pending referral in Browse Referrals, urgent referrals first. Until you unlock a referral, a card shows only the client\'s initials, gender, age, preferred state and cities, budget, level of care, funding source, timeline, whether it is urgent and how many operators are interested.',
        {
          list: [
            'Express Interest tells the referrer you can help and opens a conversation with them.',
            `Pay to Unlock (${c.unlock_fee_range}) shows the full referral: name, birth date, medical needs, contacts and documents.`,
            'If another operator already holds the referral\'s escrow slot, you can Join Waitlist instead.',
          ],
        },
        'A referrer can also invite you directly to one of their referrals; an invitation shows you the full details without a fee and lets you message the referrer. Invitations appear on your dashboard with Accept and Decline; Decline asks for a reason from the same list as Not a fit, with an optional note. The referrer sees your answer (and the reason) on the referral.',
        'If a referral you were matched to or invited to is not right for your home, answer Not a fit with a reason (no bed available, level of care, funding, location, gender/age, behavioural needs, or other with a note). The referral leaves your list and Homeward sends it to the next fitting home. The referrer sees the reason; a matched home can ask that its name is not shown.',
      ],
    },
    {
      id: 'op-messaging',
      title: 'Messaging referrers',
      body: [
        'Each conversation belongs to one referral and one operator: only you and the referrer read it, never other operators. A conversation opens when you express interest, unlock the referral or are invited.',
        'Open the Messages tab of your dashboard to see your conversations, newest first, with a badge for unread messages. New messages appear live while the page is open.',
        `Messages can be up to 5,000 characters and cannot be empty. Referrers expect an answer within ${hours(c.response_targets.operator_messages_hours)}; quick replies make a placement more likely.`,
      ],
    },
    {
      id: 'op-tours',
      title: 'Managing tour requests',
      body: [
        'Visitors request a tour from a Premium home\'s card or detail page with their name, e-mail, phone, a date (never in the past), a time and optional notes. They do not need an account.',
        'A tour is Pending until you confirm it, Confirmed, Rescheduling while the visitor decides on a new time you proposed, Completed once a confirmed tour\'s hour is over (at the home\'s local time), or Cancelled. Your Tour Schedules tab lists Upcoming tours (pending, confirmed and rescheduling, including unconfirmed requests whose date has passed), Completed tours and Cancelled tours.',
        'Confirm a tour once you have agreed the time: the visitor receives an e-mail with a calendar invitation (invite.ics) for the tour.',
        `To move a tour, choose Propose a new time and pick a date and time that is still ahead at the home. The visitor receives an e-mail with a link to accept or decline the new time, without an account; the link works once, for up to ${days(RESCHEDULE_LINK_DAYS)} and never past the proposed time. If they accept, the tour is confirmed at the new time and they receive the calendar invitation; if they decline, the tour is cancelled. Either way you are told in the app and by e-mail.`,
        'Cancelling marks the tour cancelled and e-mails the visitor; it cannot be undone, so contact the visitor first.',
        'Tour scheduling is a Premium feature: on the Free plan visitors are asked to contact you directly.',
      ],
    },
    {
      id: 'op-documents',
      title: 'Sharing documents',
      body: [
        'Every referral you can see in full has a Documents area shared with its referrer. Upload intake forms, assessments or agreements with an optional description.',
        `Accepted files: PDF, DOC, DOCX, JPG and PNG up to ${up.document_mb} MB each. The type is checked from the file itself, not its name.`,
        'A document that needs a signature shows Needs Signature until someone marks it signed; a signed document cannot be un-signed. The All, Mine and Theirs tabs split documents by who uploaded them.',
        'Documents are private: they are downloaded only through Homeward after checking that you take part in the referral.',
      ],
    },
    {
      id: 'op-payment-escrow',
      title: 'Unlock fees, payment and escrow',
      body: [
        `Unlocking a referral costs a one-time fee: ${fees.unlicensed} for unlicensed or family-operated homes and ${fees.licensed} for licensed homes (shown as ${c.unlock_fee_range}). You pay by card at checkout.`,
        `Only one operator at a time can hold a referral's escrow slot. Opening the checkout reserves the slot for ${minutes(c.checkout_hold_minutes)}; if you do not finish paying, it is freed for the next operator.`,
        `The fee is held in escrow for ${hours(c.escrow_hold_hours)}. During that time you and the referrer each confirm whether the client was placed:`,
        {
          list: [
            'Both confirm placed: the fee is released to the referrer and the referral is marked placed. If the referrer declined the payment, the referral is marked placed and the fee is refunded to you.',
            'Both confirm not placed: the fee is refunded to you at once and the slot passes to the waitlist.',
            'No agreement when the hold ends: an admin reviews the case and releases or refunds the fee, recording a reason.',
          ],
        },
      ],
    },
    {
      id: 'op-reviews',
      title: 'Reviews of your homes',
      body: [
        'After a placement, the referrer receives an e-mail inviting them to review the home. Reviews have an overall rating from 1 to 5 stars, a rating from 1 to 5 for each of communication, professionalism, facility quality and overall experience, and a written comment.',
        'New reviews wait as Pending in the Reviews tab of your dashboard, with their ratings. Approve a review to publish it on your public profile, or reject it. Only approved reviews are shown and counted: the average rating and each category\'s average are shown to one decimal, for each home and for all your homes together.',
        `An average rating of ${TOP_RATED_MIN_AVERAGE} or more (as shown, to one decimal) over at least ${TOP_RATED_MIN_REVIEWS} approved reviews earns the Top Rated badge.`,
      ],
    },
    {
      id: 'op-profile-optimization',
      title: 'Optimizing your public profile',
      body: [
        'Your public profile lives at /operator/your-username. Usernames use lowercase letters, numbers and hyphens. Referrers decide faster when a profile is complete:',
        {
          list: [
            'A clear profile photo and your organization name.',
            `A bio of at least 150 characters describing who you serve, your staff and daily life (Free plan bios are limited to ${freeBio} characters; Premium shows the full text).`,
            'Your licensing type and years of experience, plus social links.',
            `Your specializations (${listed(SPECIALIZATIONS, SPECIALIZATION_LABELS)}): they show on your profile and directory card, and referrers filter operators by them.`,
            `On Premium, a video introduction: upload an MP4, WebM or MOV of up to ${up.video_mb} MB or record one of up to ${up.video_seconds} seconds in the Profile tab. It shows on your profile and directory card; a new one replaces the old, and if Premium ends it is hidden but kept.`,
            'At least one property with photos, and a video tour on Premium.',
          ],
        },
        'Share your profile with the copy-link button, a QR code or social networks. Premium members also get an e-mail signature and profile analytics: views over the last 30 days compared with the 30 days before, and where visitors came from.',
        'Badges show on your profile, on your card in Browse Operators and on your homes\' pages. Homeward computes them from your data; nobody can set them by hand. Visitors read what each one means by pointing at it, focusing it or tapping it:',
        badgeList(),
        `To be verified, open the Profile tab and upload proof of your license under License Verification (PDF, JPG or PNG, up to ${fileSize(MAX_LICENSE_PROOF_BYTES)}). The file is private: only you and Homeward admins can open it. An admin checks it and verifies it, or rejects it with a reason you read there and in your notifications; after a rejection you can upload a new proof. Changing your licensing type removes the verification until a new proof is checked.`,
      ],
    },
    {
      id: 'op-listing-properties',
      title: 'Listing properties',
      body: [
        'Add a home from the My Properties tab: name, street address, city, 2-letter state, ZIP code (5 digits or ZIP+4), total and available beds, monthly fee, license number and a description.',
        `Also say what the home offers: the levels of care (${listed(CARE_LEVELS, CARE_LEVEL_LABELS)}), the funding it accepts (${listed(FUNDING_SOURCES, FUNDING_SOURCE_LABELS, false)}), its room types (${listed(ROOM_TYPES, ROOM_TYPE_LABELS)}), the services nearby (${listed(NEARBY_SERVICES, NEARBY_SERVICE_LABELS)}) its house rules (up to ${HOUSE_RULES_MAX.toLocaleString('en-US')} characters) and the languages its staff speak. They show on the home's page and card (the languages on its page and in the public directory's feeds); referrers filter Browse Homes by level of care and funding, and referrals naming a level of care or a funding source are matched only to homes that declare them.`,
        `Photos: image files only, ${limitText(freePhotos, 'photo')} per property on Free and up to ${premiumPhotos} on Premium; the first photo is the featured one. Photos are re-encoded and their location data removed.`,
        `Videos (Premium): MP4, WebM or MOV up to ${up.video_mb} MB, ${premiumVideos} per property, or record one of up to ${up.video_seconds} seconds in the browser.`,
        'Each home is located from its ZIP code so it shows up in distance searches; use Geocode if a home has no location yet. Only active homes with at least one available bed appear in Browse Homes, so keep your available beds up to date.',
        `Confirm your beds with one click (Confirm beds on each home), or from the weekly e-mail, whose link confirms or updates the count without signing in (it works once and for 7 days). Cards show "Beds confirmed today" or "N days ago"; after ${c.beds_fresh_days} days a home shows "Availability not confirmed recently", referrers can filter to homes confirmed in the last ${c.beds_fresh_days} days, and matching prefers recently confirmed homes.`,
      ],
    },
    {
      id: 'op-waitlist',
      title: 'The referral waitlist',
      body: [
        'When another operator holds a referral\'s escrow slot, Join Waitlist gives you a place in line, first come first served. Your card shows your position, for example #2 in line; positions move up when someone ahead leaves.',
        `When the slot frees, the first operator in line is notified and has ${hours(c.waitlist_notify_hours)} to pay (Pay Now (Time Limited)). After that the turn passes to the next operator.`,
        `When you join, you can note what the client would need from your home (up to ${WAITLIST_NEEDS_MAX} characters). The note is kept encrypted and shown only to you, on the referral's card.`,
        `Entries expire after ${days(c.waitlist_expiry_days)}: your card shows the date. Renew restarts the ${days(c.waitlist_expiry_days)} from that day and keeps your place in line. You can leave the waitlist at any time.`,
      ],
    },
    {
      id: 'op-support',
      title: 'Contacting support',
      body: supportBlocks(c),
    },
  ]
}

export function referrerGuides(c: PublicConfig): HelpGuide[] {
  const fees = unlockFees(c)
  return [
    {
      id: 'ref-getting-started',
      title: 'Getting started as a referrer',
      body: [
        'Homeward is free for case managers, social workers, discharge planners, families and guardians. You can browse homes and operators and request tours without an account.',
        'To submit a referral you need an account: choose Get Started, fill in the Sign Up form and confirm your e-mail address with the link we send you (submitting referrals and sending messages need a confirmed address). The referrer role is added to your account with your first referral, and My Referrals then appears in the header.',
        'Your Referrer Dashboard shows your referrals and their status; My Referrals holds your conversations with operators.',
      ],
    },
    {
      id: 'ref-payments',
      title: 'Referral payments',
      body: [
        referrerPaymentText(c.unlock_fee_range),
        REFERRAL_PAYMENT_POLICY,
        'To decline the payment, tick "Decline the payment" before you press Confirm Placement on the referral; you can change your answer until the home has answered too.',
      ],
    },
    {
      id: 'ref-submitting-referrals',
      title: 'Submitting a referral',
      body: [
        'Open Submit Referral. The form has six steps: Referrer Info, Client Info, Emergency & Legal, Health & Substance, Income & Benefits and Requirements. Each step is checked when you press Next.',
        'Required: your name, role, e-mail and phone; the client\'s first and last name, date of birth, gender and preferred state; and the monthly budget. Everything else is optional but helps operators decide.',
        'The requirement checkboxes (wheelchair accessible, pet friendly, private room, 24/7 medical care, sex offender friendly) are used to match homes.',
        'The Requirements step also asks, optionally:',
        {
          list: [
            `Level of care: ${CARE_LEVELS.map((l) => `${CARE_LEVEL_LABELS[l]} (${CARE_LEVEL_HINTS[l]})`).join('; ')}.`,
            `Funding source: ${listed(FUNDING_SOURCES, FUNDING_SOURCE_LABELS, false)}.`,
            `Timeline: ${listed(TIMELINES, TIMELINE_LABELS)}.`,
            'Urgent: urgent referrals are listed first to operators browsing referrals.',
          ],
        },
        'When you choose a level of care or a funding source, only homes that offer that care and accept that funding are matched. Operators see all four before unlocking: they do not identify your client.',
        'If you are signed out when you submit, you are asked to sign in and the form keeps what you entered. After submitting you are taken to your dashboard.',
      ],
    },
    {
      id: 'ref-browsing-operators',
      title: 'Browsing homes and operators',
      body: [
        `Browse Homes lists active homes with an available bed. Filter by state (a 2-letter code such as TX or the full name), city or ZIP code; with a ZIP code choose a radius of 10, 25, 50, 100 or 250 miles and results are sorted by distance. "Confirmed in the last ${c.beds_fresh_days} days" keeps only homes whose operator confirmed their free beds recently. Switch between List and Map: the map shows a pin per home around your ZIP code and its radius; choose a pin (or focus it and press Enter) to see the home.`,
        'Browse Operators lists Premium operators. Filter by state, city and license type (Licensed, In Progress, Unlicensed), then open View Profile to see an operator\'s homes, bio, licensing and approved reviews.',
        'Browse Homes can also keep only homes that offer a level of care or accept a funding source (Level of care, Funding accepted); a home\'s page shows its levels of care, funding accepted, room types, nearby services, house rules and the languages its staff speak. Browse Operators filters by specialization (for example dementia care or substance-use recovery); cards and profiles show each operator\'s specializations and, for Premium operators who added one, a video introduction.',
        'Profiles, operator cards and home pages show the badges an operator has earned; Homeward computes them from data and no operator can set them. Point at a badge, focus it or tap it to read what it means:',
        badgeList(),
      ],
    },
    {
      id: 'ref-inviting-operators',
      title: 'Inviting an operator to your referral',
      body: [
        'Signed in, use Invite to Referral on a Premium operator\'s card, profile or home. Choose one of your active referrals (pending, reviewing or matched) and add an optional message.',
        'The invited operator sees the full referral without paying an unlock fee and can message you about it. Inviting the same operator to the same referral twice is not possible: you are told you have already connected.',
        'The operator accepts or declines the invitation; a decline comes with a reason from a fixed list (no bed available, level of care, funding, location, gender/age, behavioural needs, other).',
        'Each referral on your dashboard shows its progress: homes notified, interested, declined (with the reasons), unlocked, tours requested, placed, the time to the first response and each invited operator\'s answer. When the search is over, Close Referral records the outcome (placed through Homeward, placed elsewhere, no longer needed, other); a referral with an unlock payment still in escrow is closed after the placement is confirmed or an admin releases or refunds the payment.',
      ],
    },
    {
      id: 'ref-messaging',
      title: 'Messaging operators',
      body: [
        'A conversation opens when an operator expresses interest in, unlocks or is invited to your referral. Each conversation is between you and one operator; operators never see each other\'s messages.',
        `Find your conversations in My Referrals: referrals on the left, the conversation on the right. New messages appear live. Operators aim to reply within ${hours(c.response_targets.operator_messages_hours)}, and most referrers get a first response within 24-48 hours.`,
      ],
    },
    {
      id: 'ref-scheduling-tours',
      title: 'Scheduling tours',
      body: [
        'Choose Schedule Tour on a home\'s card or detail page. Enter your name, e-mail and a phone number (10 to 20 characters), pick a date from the calendar (past dates cannot be picked), a time in 24-hour format and optional notes of up to 500 characters.',
        'Tour requests are available for homes of Premium operators; for other homes, contact the operator directly.',
        'When the operator confirms the tour you receive an e-mail with a calendar invitation (invite.ics). The operator may instead propose a new date and time: you receive an e-mail with a link to accept or decline it, no account needed. Accepting confirms the tour at the new time; declining cancels it, and you can request another time from the home\'s page.',
      ],
    },
    {
      id: 'ref-tracking-referrals',
      title: 'Tracking your referrals',
      body: [
        'Your Referrer Dashboard counts your referrals by status and lists each one with an Overview and a Documents tab.',
        {
          list: [
            'Pending: submitted and visible to operators.',
            'Reviewing and Matched: operators are working with you on a placement.',
            'Placed: the client has moved in.',
            'Rejected or Cancelled: closed. You can cancel a referral you no longer need.',
          ],
        },
        `When an operator has paid to unlock your referral, you are asked to confirm whether the client was placed. When you both confirm, the ${fees.unlicensed} or ${fees.licensed} fee held in escrow is released to you.`,
      ],
    },
    {
      id: 'ref-leaving-reviews',
      title: 'Leaving a review',
      body: [
        'After a placement you receive an e-mail with a link to Share Your Experience. Enter your name and e-mail, an overall rating from 1 to 5 stars, a rating from 1 to 5 stars for each of communication, professionalism, facility quality and overall experience, and a comment of 10 to 2,000 characters.',
        'Once the operator approves your review, its ratings count towards the averages shown on the home\'s page and the operator\'s profile.',
        'The link is personal and works once. The operator reviews your review before it appears publicly.',
      ],
    },
    {
      id: 'ref-automated-matching',
      title: 'How automatic matching works',
      body: [
        'As soon as you submit a referral, Homeward compares it with every active home that has an available bed: the preferred state and cities, your monthly budget, the requirements you checked and, when you chose them, the level of care and the funding source (a home must declare the ones you chose to be matched).',
        'The operators of the best-matching homes (up to 5) are notified immediately and can express interest, which opens a conversation with you. Premium operators can also find your referral in Browse Referrals.',
      ],
    },
    {
      id: 'ref-privacy-security',
      title: 'Privacy and security',
      body: [
        'Operators first see only a masked card: your client\'s initials, age, gender, preferred location and budget, and the level of care, funding source, timeline and urgency you chose. The full name, birth date, medical, legal, income and contact details are shown only to an operator who unlocked the referral or whom you invited.',
        'Care details are encrypted at rest, documents are downloaded only after an access check, and every view of a client\'s sensitive details is recorded in an audit log.',
        'Passwords are stored as salted hashes, sessions use secure cookies, and you can protect your account with two-factor authentication from your account page.',
      ],
    },
    {
      id: 'ref-support',
      title: 'Contacting support',
      body: supportBlocks(c),
    },
  ]
}

export function helpGuides(c: PublicConfig): Record<HelpAudience, HelpGuide[]> {
  return { operators: operatorGuides(c), referrers: referrerGuides(c) }
}
