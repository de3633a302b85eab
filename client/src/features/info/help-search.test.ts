import { describe, expect, test } from 'bun:test'
import { BADGE_EXPLANATIONS } from '@server/features/badges/badge-rules'
import { publicConfig } from '@server/lib/public-config'
import { formatMessage, type Locale } from '@server/i18n/catalog'
// The server's i18n sets the ICU formatter the catalogs' plurals need (the browser loads it with the catalog).
import '@server/i18n'
import enInfo from '../../locales/en/info.json'
import esInfo from '../../locales/es/info.json'
import type { Translate } from '../../lib/i18n'
import { guideText, helpGuides as guidesIn, operatorGuides as operatorGuidesIn, referrerGuides as referrerGuidesIn, type HelpGuide } from './help-guides'
import { filterGuides } from './help-search'

/** The info catalog's translator in one language, as useT('info') gives it in the browser. */
const translator = (locale: Locale): Translate => {
  const messages = locale === 'es' ? esInfo : enInfo
  return (key, values) => formatMessage(locale, messages, key, values) ?? key
}
const en = translator('en')
const operatorGuides = (c: Parameters<typeof operatorGuidesIn>[0]) => operatorGuidesIn(c, en)
const referrerGuides = (c: Parameters<typeof referrerGuidesIn>[0]) => referrerGuidesIn(c, en)
const helpGuides = (c: Parameters<typeof guidesIn>[0]) => guidesIn(c, en)

const guides: HelpGuide[] = [
  { id: 'a', title: 'Payment and Escrow', body: ['Fees are held for a while.'] },
  { id: 'b', title: 'Messaging', body: ['Reply quickly.', { list: ['Attach a Waitlist note', 'Be kind'] }] },
  { id: 'c', title: 'Tours', body: ['Visitors pick a date.'] },
]
const ids = (list: HelpGuide[]) => list.map((g) => g.id)

describe('filterGuides', () => {
  test('matches the title', () => {
    expect(ids(filterGuides(guides, 'Escrow'))).toEqual(['a'])
  })

  test('matches the body, including list items', () => {
    expect(ids(filterGuides(guides, 'pick a date'))).toEqual(['c'])
    expect(ids(filterGuides(guides, 'waitlist note'))).toEqual(['b'])
  })

  test('ignores case in the query and in the guide', () => {
    expect(ids(filterGuides(guides, 'ESCROW'))).toEqual(['a'])
    expect(ids(filterGuides(guides, 'messaging'))).toEqual(['b'])
    expect(ids(filterGuides(guides, 'rEpLy'))).toEqual(['b'])
  })

  test('trims the query before matching', () => {
    expect(ids(filterGuides(guides, '  tours\t'))).toEqual(['c'])
  })

  test('an empty or whitespace-only query does not filter', () => {
    expect(ids(filterGuides(guides, ''))).toEqual(['a', 'b', 'c'])
    expect(ids(filterGuides(guides, '   \n\t '))).toEqual(['a', 'b', 'c'])
  })

  test('no match gives an empty list', () => {
    expect(filterGuides(guides, 'zebra')).toEqual([])
  })

  test('keeps the original order and does not change the input', () => {
    const copy = structuredClone(guides)
    expect(ids(filterGuides(guides, 'e'))).toEqual(['a', 'b', 'c'])
    expect(guides).toEqual(copy)
  })
})

describe('help guides', () => {
  const config = publicConfig()

  test('operators get every guide the help centre lists, in order', () => {
    expect(operatorGuides(config).map((g) => g.title)).toEqual([
      'Getting started as an operator',
      'Subscription plans: Free and Premium',
      'Receiving referrals',
      'Messaging referrers',
      'Managing tour requests',
      'Sharing documents',
      'Unlock fees, payment and escrow',
      'Reviews of your homes',
      'Optimizing your public profile',
      'Listing properties',
      'The referral waitlist',
      'Contacting support',
    ])
  })

  test('referrers get every guide the help centre lists, in order', () => {
    expect(referrerGuides(config).map((g) => g.title)).toEqual([
      'Getting started as a referrer',
      'Referral payments',
      'Submitting a referral',
      'Browsing homes and operators',
      'Inviting an operator to your referral',
      'Messaging operators',
      'Scheduling tours',
      'Tracking your referrals',
      'Leaving a review',
      'How automatic matching works',
      'Privacy and security',
      'Contacting support',
    ])
  })

  test('guide ids are unique across both tabs', () => {
    const all = Object.values(helpGuides(config)).flat()
    expect(new Set(all.map((g) => g.id)).size).toBe(all.length)
    for (const g of all) expect(guideText(g).length).toBeGreaterThan(100)
  })

  test('the numbers come from the configuration', () => {
    const custom = {
      ...config,
      escrow_hold_hours: 96,
      waitlist_notify_hours: 36,
      waitlist_expiry_days: 60,
      checkout_hold_minutes: 15,
      trial_days: 14,
      premium_price: '$45',
      premium_price_cents: 4500,
      unlock_fee_range: '$250-$600',
      unlock_fee_licensed_cents: 60000,
      unlock_fee_unlicensed_cents: 25000,
      support_email: 'help@agency.example',
      support_phone: '(555) 777-1234',
      upload_limits: { ...config.upload_limits, document_mb: 12 },
      response_targets: { ...config.response_targets, support_urgent_hours: 1, operator_messages_hours: 12 },
    }
    const text = (list: HelpGuide[]) => list.map((g) => `${g.title} ${guideText(g)}`).join('\n')
    const op = text(operatorGuides(custom))
    const ref = text(referrerGuides(custom))
    expect(op).toContain('held in escrow for 96 hours')
    expect(op).toContain('has 36 hours to pay')
    expect(op).toContain('expire after 60 days')
    expect(op).toContain('reserves the slot for 15 minutes')
    expect(op).toContain('$45 per month after a 14-day free trial')
    expect(op).toContain('$250 for unlicensed')
    expect(op).toContain('$600 for licensed')
    expect(op).toContain('($250-$600)')
    expect(op).toContain('up to 12 MB')
    expect(op).toContain('within 12 hours')
    expect(ref).toContain('help@agency.example')
    expect(ref).toContain('(555) 777-1234')
    expect(ref).toContain('1 hour')
    // The Quick Response badge's 90-day window is a fixed rule (badges/badge-rules.ts), not a setting: left out of the stale check.
    const configurable = op.replaceAll(BADGE_EXPLANATIONS.quick_response, '')
    expect(configurable).not.toBe(op)
    for (const stale of ['72 hours', '48 hours to pay', '$200', '$500', '90 days', '30 minutes']) {
      expect(configurable).not.toContain(stale)
    }
  })

  test('both audiences read every badge rule as the server applies it (badges/badge-rules.ts)', () => {
    for (const guides of [operatorGuides(config), referrerGuides(config)]) {
      const text = guides.map(guideText).join('\n')
      for (const explanation of Object.values(BADGE_EXPLANATIONS)) expect(text).toContain(explanation)
    }
    expect(BADGE_EXPLANATIONS.top_rated).toContain('4.5 or more')
    expect(BADGE_EXPLANATIONS.top_rated).toContain('at least 3 approved reviews')
    expect(BADGE_EXPLANATIONS.quick_response).toContain('24 hours or less, over at least 3 referrals that reached them in the last 90 days')
  })

  test('default configuration reads as the design decided', () => {
    const op = operatorGuides(config).map(guideText).join('\n')
    expect(op).toContain(`held in escrow for ${config.escrow_hold_hours} hours`)
    expect(op).toContain(config.unlock_fee_range)
    expect(op).toContain(config.support_hours)
  })
})

test('the blocks of a guide are distinct (the help page keys them by their text)', () => {
  const all = helpGuides(publicConfig())
  for (const guide of [...all.operators, ...all.referrers]) {
    const keys = guide.body.map((block) => (typeof block === 'string' ? block : block.list.join('\n')))
    expect(new Set(keys).size).toBe(keys.length)
  }
})

describe('the guides in Spanish (info catalog)', () => {
  const config = publicConfig()
  const spanish = guidesIn(config, translator('es'), 'es')
  const english = helpGuides(config)

  test('every guide in the same order with the same ids, and its own words', () => {
    for (const audience of ['operators', 'referrers'] as const) {
      expect(spanish[audience].map((g) => g.id)).toEqual(english[audience].map((g) => g.id))
      spanish[audience].forEach((guide, i) => {
        expect(guide.title).not.toBe(english[audience][i]!.title)
        expect(guide.body.length).toBe(english[audience][i]!.body.length)
        // No key left unformatted, no placeholder left unfilled.
        expect(`${guide.title} ${guideText(guide)}`).not.toMatch(/info\.help\.|\{[a-z]+\}/)
      })
    }
  })

  test('the search finds Spanish words in the Spanish guides, with the configuration\'s numbers', () => {
    expect(filterGuides(spanish.operators, 'depósito en garantía').map((g) => g.id)).toContain('op-payment-escrow')
    expect(filterGuides(spanish.operators, 'LISTA DE ESPERA').map((g) => g.id)).toContain('op-waitlist')
    expect(filterGuides(spanish.operators, 'lista de espera').map((g) => g.id)).toContain('op-waitlist')
    expect(filterGuides(english.operators, 'depósito')).toEqual([])
    const escrow = guideText(spanish.operators.find((g) => g.id === 'op-payment-escrow')!)
    expect(escrow).toContain(`durante ${config.escrow_hold_hours} horas`)
    expect(escrow).toContain(config.unlock_fee_range)
  })
})

