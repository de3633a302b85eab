import { emailLayout, type EmailContent } from './layout'
import { type Locale, translate, type Values } from '../i18n'
import type { PayoutMethod } from '../db/enums'
import { mailDateTime, mailMoney, mailSlot } from './mail-format'

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


/** How each payout method is said in a sentence ("paid by check by mail"): in-app notifications (English). */
export const PAYOUT_METHOD_WORDS: Record<PayoutMethod, string> = {
  check: 'check by mail',
  ach: 'bank transfer (ACH)',
  other: 'the way you described in your payout details',
}
/** The same words in the mail catalog, per method (whole keys: the catalog test finds each). */
const PAYOUT_METHOD_KEYS: Record<PayoutMethod, string> = {
  check: 'mail.payout.method.check',
  ach: 'mail.payout.method.ach',
  other: 'mail.payout.method.other',
}

/** Where a referrer gives or changes her payout details (her dashboard's Referral payments section). */
export const PAYOUT_DETAILS_PATH = '/referrer-dashboard#payouts'

/**
 * What happens next with a released referral fee, for the in-app notification (English, like every
 * notification today): without payout details, that she gives them and where; with them, how it will be paid.
 * The e-mail says the same from the mail catalog (escrowReleased).
 */
export const payoutNextStep = (method: PayoutMethod | null) =>
  method
    ? `We will pay it by ${PAYOUT_METHOD_WORDS[method]} to the payout details you gave, and e-mail you when it is sent. You can change your details on your dashboard.`
    : 'To receive it, give your payout details (check by mail, bank transfer or another way) in Referral payments on your dashboard: we pay the fee once we have them and e-mail you when it is sent.'

/** A calendar day (yyyy-MM-dd) as "Dec 7, 2026" (or "7 dic 2026" for Spanish). */
export const mailDay = (day: string, locale: Locale = 'en') =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale === 'es' ? 'es-US' : 'en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })

export { mailDateTime } from './mail-format'

/** The recipient's catalog: `t('mail.x', { values })`. */
const say = (locale: Locale) => (key: string, values?: Values) => translate(locale, key, values)!

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
    const t = say(locale)
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
  referralSubmitted(d: { referrer_name: string; referral_id: string; client_initials: string; state_sentence: string; homes_told: boolean }, locale: Locale = 'en') {
    const t = say(locale)
    return build('referral_submitted', {
      locale,
      subject: t('mail.referralSubmitted.subject'),
      greeting: hello(d.referrer_name, locale),
      paragraphs: [
        `${sentence(t('mail.referralSubmitted.received', { initials: d.client_initials }))} ${d.state_sentence}`,
        d.homes_told ? t('mail.referralSubmitted.firstResponse') : t('mail.referralSubmitted.inviteYourself'),
      ],
      action: { label: t('mail.referralSubmitted.action'), path: '/referrer-dashboard' },
    })
  },

  /** To an operator picked by automatic matching. */
  operatorMatched(d: { operator_name: string; referral_id: string; preferred_state: string; preferred_cities: string[]; client_age?: number | null }, locale: Locale = 'en') {
    const t = say(locale)
    const where = [d.preferred_cities.join(', '), d.preferred_state].filter(Boolean).join(', ')
    return build('operator_matched', {
      locale,
      subject: t('mail.operatorMatched.subject'),
      greeting: hello(d.operator_name, locale),
      paragraphs: [
        d.client_age ? t('mail.operatorMatched.newReferralAged', { age: d.client_age, where }) : t('mail.operatorMatched.newReferral', { where }),
        t('mail.operatorMatched.next'),
      ],
      action: { label: t('mail.operatorMatched.action'), path: '/browse-referrals' },
    })
  },

  /** To an operator invited to a referral by its referrer. */
  invitation(d: { operator_name: string; inviter_name: string; referral_id: string; message?: string | null }, locale: Locale = 'en') {
    const t = say(locale)
    return build('invitation', {
      locale,
      subject: t('mail.invitation.subject', { inviter: d.inviter_name }),
      greeting: hello(d.operator_name, locale),
      paragraphs: [t('mail.invitation.invited', { inviter: d.inviter_name }), ...(d.message?.trim() ? [t('mail.invitation.note')] : [])],
      action: { label: t('mail.invitation.action'), path: '/operator-dashboard?tab=messages' },
    })
  },

  /** To the referrer when an operator expresses interest. */
  interestReceived(d: { referrer_name: string; operator_name: string; referral_id: string; client_initials: string }, locale: Locale = 'en') {
    const t = say(locale)
    return build('interest_received', {
      locale,
      subject: t('mail.interestReceived.subject'),
      greeting: hello(d.referrer_name, locale),
      paragraphs: [sentence(t('mail.interestReceived.interested', { operator: d.operator_name, initials: d.client_initials })), t('mail.interestReceived.message')],
      action: { label: t('mail.interestReceived.action'), path: '/my-referrals' },
    })
  },

  /** To the operator of the home. */
  tourRequested(d: { operator_name: string; property_name: string; visitor_name: string; scheduled_date: string; scheduled_time: string; time_zone: string }, locale: Locale = 'en') {
    const t = say(locale)
    return build('tour_requested', {
      locale,
      subject: t('mail.tourRequested.subject', { home: d.property_name }),
      greeting: hello(d.operator_name, locale),
      paragraphs: [
        t('mail.tourRequested.asked', { visitor: d.visitor_name, home: d.property_name, slot: mailSlot(d.scheduled_date, d.scheduled_time, d.time_zone, locale) }),
        t('mail.tourRequested.next'),
      ],
      action: { label: t('mail.tourRequested.action'), path: '/operator-dashboard?tab=tours' },
    })
  },

  /** To the visitor, with the tour's invite.ics attached by the caller (tours/tour-calendar.ts). */
  tourConfirmed(d: { visitor_name: string; property_name: string; scheduled_date: string; scheduled_time: string; time_zone: string; address?: string | null; new_time?: boolean }, locale: Locale = 'en') {
    const t = say(locale)
    return build('tour_confirmed', {
      locale,
      subject: d.new_time ? t('mail.tourConfirmed.subjectNewTime', { home: d.property_name }) : t('mail.tourConfirmed.subject', { home: d.property_name }),
      greeting: hello(d.visitor_name, locale),
      paragraphs: [
        t('mail.tourConfirmed.confirmed', { home: d.property_name, slot: mailSlot(d.scheduled_date, d.scheduled_time, d.time_zone, locale) }),
        ...(d.address ? [t('mail.tourConfirmed.address', { address: d.address })] : []),
        t('mail.tourConfirmed.calendar'),
      ],
    })
  },

  /** To the visitor. */
  tourCancelled(d: { visitor_name: string; property_name: string; scheduled_date: string; scheduled_time: string; time_zone: string }, locale: Locale = 'en') {
    const t = say(locale)
    return build('tour_cancelled', {
      locale,
      subject: t('mail.tourCancelled.subject', { home: d.property_name }),
      greeting: hello(d.visitor_name, locale),
      paragraphs: [
        t('mail.tourCancelled.cancelled', { home: d.property_name, slot: mailSlot(d.scheduled_date, d.scheduled_time, d.time_zone, locale) }),
        t('mail.tourCancelled.next'),
      ],
      action: { label: t('mail.tourCancelled.action'), path: '/browse' },
    })
  },

  /** To the visitor: the home proposes another slot; the single-use link accepts or declines it without an account. */
  tourRescheduleProposed(
    d: {
      visitor_name: string
      property_name: string
      from_date: string
      from_time: string
      to_date: string
      to_time: string
      time_zone: string
      token: string
      link_expires_at: Date
    },
    locale: Locale = 'en',
  ) {
    const t = say(locale)
    return build('tour_reschedule_proposed', {
      locale,
      subject: t('mail.tourRescheduleProposed.subject', { home: d.property_name }),
      greeting: hello(d.visitor_name, locale),
      paragraphs: [
        t('mail.tourRescheduleProposed.proposes', {
          home: d.property_name,
          from: mailSlot(d.from_date, d.from_time, d.time_zone, locale),
          to: mailSlot(d.to_date, d.to_time, d.time_zone, locale),
        }),
        t('mail.tourRescheduleProposed.howToAnswer'),
        t('mail.tourRescheduleProposed.linkWorksOnce', { until: mailDateTime(d.link_expires_at, locale) }),
      ],
      action: { label: t('mail.tourRescheduleProposed.action'), path: `/tour-reschedule?token=${encodeURIComponent(d.token)}` },
    })
  },

  /** To the operator: the visitor answered the proposed slot. */
  tourRescheduleAnswered(d: { operator_name: string; visitor_name: string; property_name: string; scheduled_date: string; scheduled_time: string; time_zone: string; accepted: boolean }, locale: Locale = 'en') {
    const t = say(locale)
    const slot = mailSlot(d.scheduled_date, d.scheduled_time, d.time_zone, locale)
    const values = { visitor: d.visitor_name, home: d.property_name, slot }
    return build('tour_reschedule_answered', {
      locale,
      subject: d.accepted ? t('mail.tourRescheduleAnswered.subjectAccepted', values) : t('mail.tourRescheduleAnswered.subjectDeclined', values),
      greeting: hello(d.operator_name, locale),
      paragraphs: d.accepted
        ? [t('mail.tourRescheduleAnswered.accepted', values)]
        : [t('mail.tourRescheduleAnswered.declined', values), t('mail.tourRescheduleAnswered.contactVisitor')],
      action: { label: t('mail.tourRequested.action'), path: '/operator-dashboard?tab=tours' },
    })
  },

  /** To the first operator in line when a referral's escrow slot frees up. */
  waitlistTurn(d: { operator_name: string; referral_id: string; expires_at: Date }, locale: Locale = 'en') {
    const t = say(locale)
    return build('waitlist_turn', {
      locale,
      subject: t('mail.waitlistTurn.subject'),
      greeting: hello(d.operator_name, locale),
      paragraphs: [t('mail.waitlistTurn.free'), t('mail.waitlistTurn.payBefore', { until: mailDateTime(d.expires_at, locale) })],
      action: { label: t('mail.waitlistTurn.action'), path: '/browse-referrals' },
    })
  },

  /** Receipt to the operator who paid an unlock fee. */
  escrowPaid(d: { operator_name: string; referral_id: string; amount_cents: number; hold_until: Date }, locale: Locale = 'en') {
    const t = say(locale)
    const amount = mailMoney(d.amount_cents, locale)
    return build('escrow_paid', {
      locale,
      subject: t('mail.escrowPaid.subject', { amount }),
      greeting: hello(d.operator_name, locale),
      paragraphs: [t('mail.escrowPaid.received', { amount }), t('mail.escrowPaid.heldUntil', { until: mailDateTime(d.hold_until, locale) })],
      action: { label: t('mail.escrowPaid.action'), path: '/operator-dashboard?tab=interests' },
    })
  },

  /** The fee left escrow for the referrer: sent to the referrer and to the operator. */
  escrowReleased(d: { name: string; audience: 'referrer' | 'operator'; referral_id: string; amount_cents: number; payout_method?: PayoutMethod | null }, locale: Locale = 'en') {
    const t = say(locale)
    const amount = mailMoney(d.amount_cents, locale)
    const toReferrer = d.audience === 'referrer'
    return build('escrow_released', {
      locale,
      subject: toReferrer ? t('mail.escrowReleased.subjectReferrer', { amount }) : t('mail.escrowReleased.subjectOperator'),
      greeting: hello(d.name, locale),
      paragraphs: toReferrer
        ? [
            t('mail.escrowReleased.releasedToYou', { amount }),
            d.payout_method ? t('mail.payout.nextWithDetails', { method: t(PAYOUT_METHOD_KEYS[d.payout_method]) }) : t('mail.payout.nextWithoutDetails'),
          ]
        : [t('mail.escrowReleased.releasedToReferrer', { amount })],
      ...(toReferrer ? { action: { label: t(d.payout_method ? 'mail.payout.seePayouts' : 'mail.payout.giveDetails'), path: PAYOUT_DETAILS_PATH } } : {}),
    })
  },

  /** To the referrer: an admin recorded her referral fee as paid. */
  payoutPaid(d: { name: string; amount_cents: number; paid_on: string; method: PayoutMethod; reference: string }, locale: Locale = 'en') {
    const t = say(locale)
    const amount = mailMoney(d.amount_cents, locale)
    return build('payout_paid', {
      locale,
      subject: t('mail.payoutPaid.subject', { amount }),
      greeting: hello(d.name, locale),
      paragraphs: [t('mail.payoutPaid.paid', { amount, date: mailDay(d.paid_on, locale), method: t(PAYOUT_METHOD_KEYS[d.method]) }), t('mail.payoutPaid.reference', { reference: d.reference })],
      action: { label: t('mail.payout.seePayouts'), path: PAYOUT_DETAILS_PATH },
    })
  },

  /** To the operator whose unlock fee was refunded. */
  escrowRefunded(d: { operator_name: string; referral_id: string; amount_cents: number; reason?: string | null }, locale: Locale = 'en') {
    const t = say(locale)
    const amount = mailMoney(d.amount_cents, locale)
    return build('escrow_refunded', {
      locale,
      subject: t('mail.escrowRefunded.subject', { amount }),
      greeting: hello(d.operator_name, locale),
      paragraphs: [
        t('mail.escrowRefunded.refunded', { amount }),
        ...(d.reason?.trim() ? [t('mail.escrowRefunded.reason', { reason: d.reason.trim() })] : []),
        t('mail.escrowRefunded.delay'),
      ],
    })
  },

  /** To the referrer of a placed referral: the single-use review link. */
  reviewRequest(d: { referrer_name: string; client_initials: string; referral_id: string; token: string; property_name?: string | null }, locale: Locale = 'en') {
    const t = say(locale)
    const placed = d.property_name
      ? t('mail.reviewRequest.placedAt', { initials: d.client_initials, home: d.property_name })
      : t('mail.reviewRequest.placed', { initials: d.client_initials })
    return build('review_request', {
      locale,
      subject: t('mail.reviewRequest.subject'),
      greeting: hello(d.referrer_name, locale),
      paragraphs: [`${sentence(placed)} ${t('mail.reviewRequest.loveToHear')}`, t('mail.reviewRequest.helps')],
      action: { label: t('mail.reviewRequest.action'), path: `/review/${encodeURIComponent(d.referral_id)}?token=${encodeURIComponent(d.token)}` },
    })
  },

  /** Weekly, to an operator: is this home's bed count still right? The link works once, for 7 days, without signing in. */
  bedsConfirmation(d: { operator_name: string; homes: { property_name: string; available_beds: number; total_beds: number; token: string }[]; days: number }, locale: Locale = 'en') {
    const t = say(locale)
    const link = (token: string) => `/confirm-beds?token=${encodeURIComponent(token)}`
    const [only] = d.homes
    if (d.homes.length === 1 && only) {
      const beds = { available: only.available_beds, total: only.total_beds, home: only.property_name }
      return build('beds_confirmation', {
        locale,
        subject: t('mail.bedsConfirmation.subject', beds),
        greeting: hello(d.operator_name, locale),
        paragraphs: [t('mail.bedsConfirmation.shows', beds), t('mail.bedsConfirmation.whyOne'), t('mail.bedsConfirmation.linkOnce', { days: d.days })],
        action: { label: t('mail.bedsConfirmation.action'), path: link(only.token) },
      })
    }
    // One message for all of an operator's homes due this week, each with its own one-click link.
    return build('beds_confirmation', {
      locale,
      subject: t('mail.bedsConfirmation.subjectMany', { count: d.homes.length }),
      greeting: hello(d.operator_name, locale),
      paragraphs: [t('mail.bedsConfirmation.showsMany', { count: d.homes.length }), t('mail.bedsConfirmation.whyMany'), t('mail.bedsConfirmation.linksOnce', { days: d.days })],
      links: d.homes.map((h) => ({
        label: t('mail.bedsConfirmation.homeLine', { home: h.property_name, available: h.available_beds, total: h.total_beds }),
        path: link(h.token),
      })),
      action: { label: t('mail.common.openDashboard'), path: '/operator-dashboard' },
    })
  },

  /** To the referrer: a home answered "Not a fit" (the reason only; the home only when it agreed to be named). */
  referralDeclined(d: { referrer_name: string; client_initials: string; referral_id: string; reason: string; home_name: string | null }, locale: Locale = 'en') {
    const t = say(locale)
    const answered = d.home_name
      ? t('mail.referralDeclined.homeAnswered', { home: d.home_name, initials: d.client_initials })
      : t('mail.referralDeclined.aHomeAnswered', { initials: d.client_initials })
    return build('referral_declined', {
      locale,
      subject: t('mail.referralDeclined.subject', { initials: d.client_initials }),
      greeting: hello(d.referrer_name, locale),
      paragraphs: [`${sentence(answered)} ${sentence(t('mail.referralDeclined.reason', { reason: d.reason }))}`, t('mail.referralDeclined.next')],
      action: { label: t('mail.common.openDashboard'), path: '/referrer-dashboard' },
    })
  },
  /**
   * New messages in one conversation, batched (messaging/message-digest.ts): how many and from whom, never
   * their text — a message between the parties is care data, which stays out of e-mail (ADR 013).
   */
  messageDigest(d: { name: string; sender_name: string; count: number; path: string }, locale: Locale = 'en') {
    const t = say(locale)
    const values = { count: d.count, sender: d.sender_name }
    return build('message_digest', {
      locale,
      subject: t('mail.messageDigest.subject', values),
      greeting: hello(d.name, locale),
      paragraphs: [t('mail.messageDigest.sent', values), t('mail.messageDigest.privacy')],
      action: { label: t('mail.messageDigest.action'), path: d.path },
    })
  },
  /**
   * The other party answered about the placement and this one has not: the escrow waits for both answers.
   * The client is not named (initials at most elsewhere; here not at all).
   */
  placementAnswerNeeded(d: { name: string; audience: 'referrer' | 'operator'; other_said_placed: boolean; hold_until: Date; path: string }, locale: Locale = 'en') {
    const t = say(locale)
    const said =
      d.audience === 'referrer'
        ? d.other_said_placed ? t('mail.placementAnswerNeeded.operatorSaidPlaced') : t('mail.placementAnswerNeeded.operatorSaidNotPlaced')
        : d.other_said_placed ? t('mail.placementAnswerNeeded.referrerSaidPlaced') : t('mail.placementAnswerNeeded.referrerSaidNotPlaced')
    return build('placement_answer_needed', {
      locale,
      subject: t('mail.placementAnswerNeeded.subject'),
      greeting: hello(d.name, locale),
      paragraphs: [`${said} ${t('mail.placementAnswerNeeded.needsYours')}`, t('mail.placementAnswerNeeded.ifNot', { until: mailDateTime(d.hold_until, locale) })],
      action: { label: t('mail.placementAnswerNeeded.action'), path: d.path },
    })
  },

  /** Before the escrow hold ends, to each party who has not answered about the placement yet. */
  escrowHoldEnding(d: { name: string; hold_until: Date; path: string }, locale: Locale = 'en') {
    const t = say(locale)
    return build('escrow_hold_ending', {
      locale,
      subject: t('mail.escrowHoldEnding.subject'),
      greeting: hello(d.name, locale),
      paragraphs: [t('mail.escrowHoldEnding.heldUntil', { until: mailDateTime(d.hold_until, locale) }), t('mail.escrowHoldEnding.ifNot')],
      action: { label: t('mail.placementAnswerNeeded.action'), path: d.path },
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
