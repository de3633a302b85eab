import { money } from '../lib/money'
import { emailLayout, type EmailContent } from './layout'
import { type Locale, translate } from '../i18n'
import { slotText } from '../lib/slot-text'
import type { PayoutMethod } from '../db/enums'

/**
 * Every e-mail Homeward sends, as plain text and HTML from one layout. Each
 * template returns `{type, subject, text, html}`, ready for
 * `enqueueEmail(tx, { to, referral_id, ...templates.x({...}) })`.
 *
 * Templates never take care data: a client is named by initials at most, and
 * no medical, legal or income detail ever goes into an e-mail (e-mail is not a
 * private channel). Every value is escaped in the HTML part by emailLayout.
 */
export type TemplateEmail = EmailContent & { type: MailType }

export const MAIL_TYPES = [
  'welcome',
  'referral_submitted',
  'operator_matched',
  'invitation',
  'interest_received',
  'tour_requested',
  'tour_confirmed',
  'tour_cancelled',
  'tour_reschedule_proposed',
  'tour_reschedule_answered',
  'waitlist_turn',
  'escrow_paid',
  'escrow_released',
  'escrow_refunded',
  'review_request',
  'beds_confirmation',
  'referral_declined',
  'message_digest',
  'placement_answer_needed',
  'escrow_hold_ending',
  'payout_paid',
] as const
export type MailType = (typeof MAIL_TYPES)[number]


/** How each payout method is said in a sentence ("paid by check by mail"). */
export const PAYOUT_METHOD_WORDS: Record<PayoutMethod, string> = {
  check: 'check by mail',
  ach: 'bank transfer (ACH)',
  other: 'the way you described in your payout details',
}

/** Where a referrer gives or changes her payout details (her dashboard's Referral payments section). */
export const PAYOUT_DETAILS_PATH = '/referrer-dashboard#payouts'

/**
 * What happens next with a released referral fee, for the e-mail and the
 * notification alike: without payout details, that she gives them and where;
 * with them, how it will be paid.
 */
export const payoutNextStep = (method: PayoutMethod | null) =>
  method
    ? `We will pay it by ${PAYOUT_METHOD_WORDS[method]} to the payout details you gave, and e-mail you when it is sent. You can change your details on your dashboard.`
    : 'To receive it, give your payout details (check by mail, bank transfer or another way) in Referral payments on your dashboard: we pay the fee once we have them and e-mail you when it is sent.'

/** A calendar day (yyyy-MM-dd) as "Dec 7, 2026". */
export const mailDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })

/** Dates in e-mails are stated in UTC: the reader's time zone is unknown. */
export const mailDateTime = (at: Date) =>
  `${at.toLocaleString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })} UTC`

/** yyyy-MM-dd + HH:mm (tour slots are local to the home) in its zone as "Tue, Mar 4, 2025 at 10:30 AM MST": the same words as every screen (slot-text.ts). */
const tourSlot = (date: string, time: string, zone: string) => slotText(date, time, zone)

/**
 * Ends a sentence with its period, unless what it ends with has one already: a client's initials ("H. J."),
 * a reason or a home's name typed with a period of its own would otherwise read "for H. J..".
 */
export const sentence = (text: string) => (/[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`)

const hello = (name?: string | null, locale: Locale = 'en') =>
  name?.trim() ? translate(locale, 'mail.layout.helloName', { name: name.trim() })! : translate(locale, 'mail.layout.hello')!

const build = (type: MailType, content: Parameters<typeof emailLayout>[0]): TemplateEmail => ({
  type,
  ...emailLayout(content),
})

export const templates = {
  /** After sign-up, in the new account's language (ADR 037). */
  welcome(d: { first_name: string; referrer?: boolean }, locale: Locale = 'en') {
    const t = (key: string) => translate(locale, key)!
    return build('welcome', {
      locale,
      subject: t('mail.welcome.subject'),
      greeting: hello(d.first_name, locale),
      paragraphs: [t('mail.welcome.ready'), t('mail.welcome.whoCanDoWhat')],
      // Someone who signed up to refer clients lands on their own dashboard, not the operator's.
      action: { label: t('mail.welcome.action'), path: d.referrer ? '/referrer-dashboard' : '/operator-dashboard' },
    })
  },

  /**
   * To the referrer, once the just-submitted referral's first matching has run:
   * `state_sentence` is the referral's own state (the sentence its card shows,
   * ADR 034), so the e-mail never promises homes the dashboard says were not told.
   */
  referralSubmitted(d: { referrer_name: string; referral_id: string; client_initials: string; state_sentence: string; homes_told: boolean }) {
    return build('referral_submitted', {
      subject: 'Your referral has been submitted',
      greeting: hello(d.referrer_name),
      paragraphs: [
        `${sentence(`We received your referral for ${d.client_initials}`)} ${d.state_sentence}`,
        d.homes_told
          ? 'Most referrers get a first response within 24-48 hours. You can follow the referral and message interested operators from your dashboard.'
          : 'You can follow the referral, and invite an operator yourself, from your dashboard.',
      ],
      action: { label: 'Track your referral', path: '/referrer-dashboard' },
    })
  },

  /** To an operator picked by automatic matching. */
  operatorMatched(d: { operator_name: string; referral_id: string; preferred_state: string; preferred_cities: string[]; client_age?: number | null }) {
    const where = [d.preferred_cities.join(', '), d.preferred_state].filter(Boolean).join(', ')
    return build('operator_matched', {
      subject: 'A new referral matches your homes',
      greeting: hello(d.operator_name),
      paragraphs: [
        `A new client referral${d.client_age ? ` (age ${d.client_age})` : ''} looking for a placement in ${where} matches one of your homes.`,
        'Express interest to start a conversation with the referrer, or unlock the full details.',
      ],
      action: { label: 'View referrals', path: '/browse-referrals' },
    })
  },

  /** To an operator invited to a referral by its referrer. */
  invitation(d: { operator_name: string; inviter_name: string; referral_id: string; message?: string | null }) {
    return build('invitation', {
      subject: `${d.inviter_name} invited you to a referral`,
      greeting: hello(d.operator_name),
      paragraphs: [
        `${d.inviter_name} invited you to view a client referral and message them about a placement.`,
        ...(d.message?.trim() ? ['They added a note: sign in to read it (notes are kept encrypted and never sent by e-mail).'] : []),
      ],
      action: { label: 'Open your messages', path: '/operator-dashboard?tab=messages' },
    })
  },

  /** To the referrer when an operator expresses interest. */
  interestReceived(d: { referrer_name: string; operator_name: string; referral_id: string; client_initials: string }) {
    return build('interest_received', {
      subject: 'An operator is interested in your referral',
      greeting: hello(d.referrer_name),
      paragraphs: [
        sentence(`${d.operator_name} expressed interest in your referral for ${d.client_initials}`),
        'You can message them from My Referrals.',
      ],
      action: { label: 'Open My Referrals', path: '/my-referrals' },
    })
  },

  /** To the operator of the home. */
  tourRequested(d: { operator_name: string; property_name: string; visitor_name: string; scheduled_date: string; scheduled_time: string; time_zone: string }) {
    return build('tour_requested', {
      subject: `Tour requested at ${d.property_name}`,
      greeting: hello(d.operator_name),
      paragraphs: [
        `${d.visitor_name} asked to tour ${d.property_name} on ${tourSlot(d.scheduled_date, d.scheduled_time, d.time_zone)}.`,
        'Confirm or cancel the tour from your dashboard; the visitor is told either way.',
      ],
      action: { label: 'Review tour requests', path: '/operator-dashboard?tab=tours' },
    })
  },

  /** To the visitor, with the tour's invite.ics attached by the caller (tours/tour-calendar.ts). */
  tourConfirmed(d: { visitor_name: string; property_name: string; scheduled_date: string; scheduled_time: string; time_zone: string; address?: string | null; new_time?: boolean }) {
    return build('tour_confirmed', {
      subject: `Your tour of ${d.property_name} is confirmed${d.new_time ? ' for the new time' : ''}`,
      greeting: hello(d.visitor_name),
      paragraphs: [
        `Your tour of ${d.property_name} on ${tourSlot(d.scheduled_date, d.scheduled_time, d.time_zone)} is confirmed.`,
        ...(d.address ? [`Address: ${d.address}`] : []),
        'The attached calendar invitation (invite.ics) adds the tour to your calendar.',
      ],
    })
  },

  /** To the visitor. */
  tourCancelled(d: { visitor_name: string; property_name: string; scheduled_date: string; scheduled_time: string; time_zone: string }) {
    return build('tour_cancelled', {
      subject: `Your tour of ${d.property_name} was cancelled`,
      greeting: hello(d.visitor_name),
      paragraphs: [
        `The operator cancelled your tour of ${d.property_name} on ${tourSlot(d.scheduled_date, d.scheduled_time, d.time_zone)}.`,
        'You can request another time or look at other homes.',
      ],
      action: { label: 'Browse homes', path: '/browse' },
    })
  },

  /** To the visitor: the home proposes another slot; the single-use link accepts or declines it without an account. */
  tourRescheduleProposed(d: {
    visitor_name: string
    property_name: string
    from_date: string
    from_time: string
    to_date: string
    to_time: string
    time_zone: string
    token: string
    link_expires_at: Date
  }) {
    return build('tour_reschedule_proposed', {
      subject: `${d.property_name} proposes a new time for your tour`,
      greeting: hello(d.visitor_name),
      paragraphs: [
        `${d.property_name} proposes to move your tour from ${tourSlot(d.from_date, d.from_time, d.time_zone)} to ${tourSlot(d.to_date, d.to_time, d.time_zone)} (the home's local time).`,
        'Accept or decline the new time with the link below; you do not need an account. If you decline, the tour is cancelled and you can request another time from the home\'s page.',
        `The link works once, until ${mailDateTime(d.link_expires_at)}.`,
      ],
      action: { label: 'Accept or decline the new time', path: `/tour-reschedule?token=${encodeURIComponent(d.token)}` },
    })
  },

  /** To the operator: the visitor answered the proposed slot. */
  tourRescheduleAnswered(d: { operator_name: string; visitor_name: string; property_name: string; scheduled_date: string; scheduled_time: string; time_zone: string; accepted: boolean }) {
    const slot = tourSlot(d.scheduled_date, d.scheduled_time, d.time_zone)
    return build('tour_reschedule_answered', {
      subject: `${d.visitor_name} ${d.accepted ? 'accepted' : 'declined'} the new tour time`,
      greeting: hello(d.operator_name),
      paragraphs: d.accepted
        ? [`${d.visitor_name} accepted the new time you proposed for a tour of ${d.property_name}: ${slot}. The tour is confirmed.`]
        : [
            `${d.visitor_name} declined the new time you proposed for a tour of ${d.property_name} (${slot}). The tour is cancelled.`,
            'You can contact the visitor directly to find another time.',
          ],
      action: { label: 'Review tour requests', path: '/operator-dashboard?tab=tours' },
    })
  },

  /** To the first operator in line when a referral's escrow slot frees up. */
  waitlistTurn(d: { operator_name: string; referral_id: string; expires_at: Date }) {
    return build('waitlist_turn', {
      subject: 'Your turn: a referral you waited for is available',
      greeting: hello(d.operator_name),
      paragraphs: [
        'The escrow slot of a referral you are waiting for is free, and you are first in line.',
        `Pay the unlock fee before ${mailDateTime(d.expires_at)} to keep your place; after that the next operator in line gets the chance.`,
      ],
      action: { label: 'Pay now', path: '/browse-referrals' },
    })
  },

  /** Receipt to the operator who paid an unlock fee. */
  escrowPaid(d: { operator_name: string; referral_id: string; amount_cents: number; hold_until: Date }) {
    return build('escrow_paid', {
      subject: `Payment received: ${money(d.amount_cents)} held in escrow`,
      greeting: hello(d.operator_name),
      paragraphs: [
        `We received your unlock fee of ${money(d.amount_cents)}. The full referral details are now available to you.`,
        `The fee is held in escrow until ${mailDateTime(d.hold_until)}. It is released to the referrer when the placement is confirmed, or refunded to you if it is not.`,
      ],
      action: { label: 'View the referral', path: '/operator-dashboard?tab=interests' },
    })
  },

  /** The fee left escrow for the referrer: sent to the referrer and to the operator. */
  escrowReleased(d: { name: string; audience: 'referrer' | 'operator'; referral_id: string; amount_cents: number; payout_method?: PayoutMethod | null }) {
    const toReferrer = d.audience === 'referrer'
    return build('escrow_released', {
      subject: toReferrer ? `Placement confirmed: ${money(d.amount_cents)} is on its way` : 'Escrow released to the referrer',
      greeting: hello(d.name),
      paragraphs: toReferrer
        ? [`The placement of your referral is confirmed and the referral fee of ${money(d.amount_cents)} was released to you.`, payoutNextStep(d.payout_method ?? null)]
        : [`The unlock fee of ${money(d.amount_cents)} held in escrow was released to the referrer after the placement.`],
      ...(toReferrer ? { action: { label: d.payout_method ? 'See your payouts' : 'Give your payout details', path: PAYOUT_DETAILS_PATH } } : {}),
    })
  },

  /** To the referrer: an admin recorded her referral fee as paid. */
  payoutPaid(d: { name: string; amount_cents: number; paid_on: string; method: PayoutMethod; reference: string }) {
    return build('payout_paid', {
      subject: `Referral fee paid: ${money(d.amount_cents)}`,
      greeting: hello(d.name),
      paragraphs: [`We paid your referral fee of ${money(d.amount_cents)} on ${mailDay(d.paid_on)} by ${PAYOUT_METHOD_WORDS[d.method]}.`, `Reference: ${d.reference}`],
      action: { label: 'See your payouts', path: PAYOUT_DETAILS_PATH },
    })
  },

  /** To the operator whose unlock fee was refunded. */
  escrowRefunded(d: { operator_name: string; referral_id: string; amount_cents: number; reason?: string | null }) {
    return build('escrow_refunded', {
      subject: `Refund: ${money(d.amount_cents)} returned`,
      greeting: hello(d.operator_name),
      paragraphs: [
        `Your unlock fee of ${money(d.amount_cents)} held in escrow has been refunded.`,
        ...(d.reason?.trim() ? [`Reason: ${d.reason.trim()}`] : []),
        'Refunds usually reach your card within 5-10 business days.',
      ],
    })
  },

  /** To the referrer of a placed referral: the single-use review link. */
  reviewRequest(d: { referrer_name: string; client_initials: string; referral_id: string; token: string; property_name?: string | null }) {
    return build('review_request', {
      subject: 'How did the placement go? Share your experience',
      greeting: hello(d.referrer_name),
      paragraphs: [
        `${sentence(`Your referral for ${d.client_initials} has been placed${d.property_name ? ` at ${d.property_name}` : ''}`)} We would love to hear how it went.`,
        'Your review helps other case managers and families choose a home. The operator reviews it before it appears publicly. The link works once.',
      ],
      action: { label: 'Share Your Experience', path: `/review/${encodeURIComponent(d.referral_id)}?token=${encodeURIComponent(d.token)}` },
    })
  },

  /** Weekly, to an operator: is this home's bed count still right? The link works once, for 7 days, without signing in. */
  bedsConfirmation(d: { operator_name: string; homes: { property_name: string; available_beds: number; total_beds: number; token: string }[]; days: number }) {
    const link = (token: string) => `/confirm-beds?token=${encodeURIComponent(token)}`
    const [only] = d.homes
    if (d.homes.length === 1 && only) {
      return build('beds_confirmation', {
        subject: `Are ${only.available_beds} of ${only.total_beds} beds still free at ${only.property_name}?`,
        greeting: hello(d.operator_name),
        paragraphs: [
          `Homeward shows ${only.property_name} with ${only.available_beds} of ${only.total_beds} beds available.`,
          'Case managers contact the homes whose availability was confirmed recently first. One click confirms the count, or you can update it, without signing in.',
          `The link works once and expires in ${d.days} days.`,
        ],
        action: { label: 'Confirm or update the count', path: link(only.token) },
      })
    }
    // One message for all of an operator's homes due this week, each with its own one-click link.
    return build('beds_confirmation', {
      subject: `Are the free beds at your ${d.homes.length} homes still right?`,
      greeting: hello(d.operator_name),
      paragraphs: [
        `Homeward shows your ${d.homes.length} homes with the free beds below.`,
        'Case managers contact the homes whose availability was confirmed recently first. Each link confirms the count of its home, or lets you update it, without signing in.',
        `Each link works once and expires in ${d.days} days. You can also confirm all your homes at once from your dashboard.`,
      ],
      links: d.homes.map((h) => ({ label: `${h.property_name}: ${h.available_beds} of ${h.total_beds} beds available`, path: link(h.token) })),
      action: { label: 'Open your dashboard', path: '/operator-dashboard' },
    })
  },

  /** To the referrer: a home answered "Not a fit" (the reason only; the home only when it agreed to be named). */
  referralDeclined(d: { referrer_name: string; client_initials: string; referral_id: string; reason: string; home_name: string | null }) {
    return build('referral_declined', {
      subject: `A home declined your referral for ${d.client_initials}`,
      greeting: hello(d.referrer_name),
      paragraphs: [
        `${sentence(`${d.home_name ?? 'A home'} answered "Not a fit" for your referral for ${d.client_initials}`)} ${sentence(`Reason: ${d.reason}`)}`,
        'Homeward sends the referral to the next fitting home when one is available. Your dashboard shows how the search is going.',
      ],
      action: { label: 'Open your dashboard', path: '/referrer-dashboard' },
    })
  },
  /**
   * New messages in one conversation, batched (messaging/message-digest.ts): how many and from whom, never
   * their text — a message between the parties is care data, which stays out of e-mail (ADR 013).
   */
  messageDigest(d: { name: string; sender_name: string; count: number; path: string }) {
    const messages = d.count === 1 ? '1 new message' : `${d.count} new messages`
    return build('message_digest', {
      subject: `${messages} from ${d.sender_name} on Homeward`,
      greeting: hello(d.name),
      paragraphs: [
        `${d.sender_name} sent you ${messages} on Homeward.`,
        'For privacy, messages are not copied into e-mail. Sign in to read and answer them.',
      ],
      action: { label: 'Open the conversation', path: d.path },
    })
  },
  /**
   * The other party answered about the placement and this one has not: the escrow waits for both answers.
   * The client is not named (initials at most elsewhere; here not at all).
   */
  placementAnswerNeeded(d: { name: string; audience: 'referrer' | 'operator'; other_said_placed: boolean; hold_until: Date; path: string }) {
    const other = d.audience === 'referrer' ? 'The operator' : 'The referrer'
    return build('placement_answer_needed', {
      subject: 'Please confirm the placement',
      greeting: hello(d.name),
      paragraphs: [
        `${other} said the client was ${d.other_said_placed ? 'placed' : 'not placed'}. Homeward needs your answer too.`,
        `If both answers are not in by ${mailDateTime(d.hold_until)}, the escrow hold ends and our team decides what happens to the fee.`,
      ],
      action: { label: 'Answer now', path: d.path },
    })
  },

  /** Before the escrow hold ends, to each party who has not answered about the placement yet. */
  escrowHoldEnding(d: { name: string; hold_until: Date; path: string }) {
    return build('escrow_hold_ending', {
      subject: 'Reminder: please confirm the placement',
      greeting: hello(d.name),
      paragraphs: [
        `The fee for a referral is held in escrow until ${mailDateTime(d.hold_until)}, and Homeward still needs your answer: was the client placed?`,
        'If both answers are not in by then, the escrow hold ends and our team decides what happens to the fee.',
      ],
      action: { label: 'Answer now', path: d.path },
    })
  },
} satisfies Record<string, (d: never) => TemplateEmail>

/** "Eleanor" "Price" → "E. P." (the most an e-mail says about a client). */
export const clientInitials = (first?: string | null, last?: string | null) =>
  [first, last]
    .map((n) => n?.trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join(' ') || 'your client'
