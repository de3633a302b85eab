import { setUpDom } from '../../../../test/dom'
import { describe, expect, test } from 'bun:test'
import { fakeApi, renderPage, signedIn } from '../../../../test/render'
import type { EscrowView, MarketplaceItem, OperatorReferralState } from '../api/marketplace'
import { MarketplaceReferralCard } from './MarketplaceReferralCard'

setUpDom()

const api = fakeApi(() => ({
  'POST /api/referrals/ref-1/interest': { body: { interested: true, created: true, interested_operators_count: 3 } },
  'DELETE /api/referrals/ref-1/waitlist': { body: { message: 'Removed' } },
  'GET /api/referrals/ref-1/escrow': { body: { role: 'operator', escrow: ESCROW } },
  'GET /api/my/properties': { body: { items: [] } },
}))

const NONE: OperatorReferralState = {
  action: 'available',
  interested: false,
  unlocked: false,
  unlocked_by: null,
  unlock_fee_cents: 35_000,
  payment: null,
  can_decline: false,
  waitlist: null,
}

/** A card as GET /api/marketplace/referrals sends it: masked unless `unlocked`. */
function card(my: Partial<OperatorReferralState> = {}, unlocked = false): MarketplaceItem {
  const base = {
    id: 'ref-1',
    client_name: unlocked ? 'Jordan Lee' : 'J*** L***',
    client_first_name: unlocked ? 'Jordan' : 'J***',
    client_last_name: unlocked ? 'Lee' : 'L***',
    client_gender: 'male',
    client_age: 64,
    preferred_state: 'CA',
    preferred_cities: ['Fresno', 'Oakland'],
    budget_range: '$2,000-$3,000',
    level_of_care: 'assisted' as const,
    funding_source: null,
    timeline: null,
    is_urgent: true,
    interested_operators_count: 2,
    status: 'pending' as const,
    created_at: '2026-03-02T10:00:00.000Z',
    my: { ...NONE, ...my, unlocked },
  }
  return unlocked
    ? { ...base, visibility_level: 'unlocked', unlocked: true, client_medical_conditions: 'Type 2 diabetes' }
    : { ...base, visibility_level: 'masked', unlocked: false }
}

const PAID = {
  id: 'pay-1',
  status: 'held_in_escrow' as const,
  amount_cents: 35_000,
  checkout_expires_at: null,
  paid_at: '2026-03-03T10:00:00.000Z',
  escrow_hold_until: '2026-04-02T10:00:00.000Z',
  operator_confirmation: null,
  referrer_confirmation: null,
}
const ESCROW: EscrowView = {
  id: 'pay-1',
  referral_id: 'ref-1',
  operator_id: 'operator-1',
  operator_name: 'Sunrise Care',
  status: 'held_in_escrow',
  amount_cents: 35_000,
  amount: '$350',
  paid_at: PAID.paid_at,
  escrow_hold_until: PAID.escrow_hold_until,
  escrow_expired_at: null,
  referrer_confirmation: null,
  operator_confirmation: null,
  resolved_at: null,
  resolution_reason: null,
  referrer_declined_payment: false,
  placed_home: null,
  operator_homes: [],
}

const show = (item: MarketplaceItem) =>
  renderPage(<MarketplaceReferralCard item={item} />, { me: signedIn('operator'), config: { unlock_fee_range: '$200-$500', waitlist_expiry_days: 90 } })
const buttons = (page: ReturnType<typeof show>['page']) => page.getAllByRole('button').map((b) => b.textContent)

describe('the marketplace card', () => {
  test('masked: initials, age and the non-identifying facts; no medical needs; interest and unlock offered', () => {
    const { page } = show(card())
    expect(page.getByRole('heading', { name: 'J*** L***' })).toBeTruthy()
    expect(page.queryByText('Jordan', { exact: false })).toBeNull()
    expect(page.getByText('Male · 64 years old')).toBeTruthy()
    expect(page.getByText('CA — Fresno, Oakland')).toBeTruthy()
    expect(page.getByText('Budget: $2,000-$3,000')).toBeTruthy()
    expect(page.getByText('Urgent')).toBeTruthy()
    expect(page.getByText('2 interested operators')).toBeTruthy()
    expect(page.queryByText(/Medical needs/)).toBeNull()
    expect(page.queryByText('Type 2 diabetes')).toBeNull()
    // The operator's own fee, not the range of all fees.
    expect(buttons(page)).toEqual(['Express Interest', 'Pay to Unlock ($350)'])
    expect(page.getByText('Your fee: $350, held in escrow until the placement is confirmed.')).toBeTruthy()
  })

  test('expressing interest asks the API once and says so', async () => {
    const { page, user } = show(card())
    await user.click(page.getByRole('button', { name: 'Express Interest' }))
    await page.findByText('Interest expressed successfully!')
    expect(api.made('POST /api/referrals/ref-1/interest')).toHaveLength(1)
  })

  test('interested: the badge replaces the button, which becomes Withdraw Interest; unlocking is still offered', () => {
    const { page } = show(card({ interested: true }))
    expect(page.getByText('Interested')).toBeTruthy()
    expect(buttons(page)).toEqual(['Withdraw Interest', 'Pay to Unlock ($350)'])
  })

  test('unlocked (paid): the name and medical needs, full details and messages; nothing to pay', () => {
    const { page } = show(card({ action: 'unlocked', unlocked_by: 'payment', interested: true, payment: { ...PAID, status: 'released_to_referrer' } }, true))
    expect(page.getByRole('heading', { name: 'Jordan Lee' })).toBeTruthy()
    expect(page.getByText('Unlocked')).toBeTruthy()
    expect(page.getByText('Type 2 diabetes')).toBeTruthy()
    expect(buttons(page)).toEqual(['View Full Details'])
    expect(page.getByRole('link', { name: 'Message Referrer' }).getAttribute('href')).toBe('/operator-dashboard?tab=messages&referral=ref-1')
    expect(page.queryByText(/Your fee/)).toBeNull()
    // Not in escrow any more: no placement question.
    expect(page.queryByRole('region', { name: 'Placement confirmation' })).toBeNull()
    expect(api.made('GET /api/referrals/ref-1/escrow')).toHaveLength(0)
  })

  test('unlocked by an invitation: says no fee was paid and none is due', () => {
    const { page } = show(card({ action: 'unlocked', unlocked_by: 'invitation', can_decline: true }, true))
    expect(page.getByText('Shared with you by the referrer')).toBeTruthy()
    expect(page.getByTestId('shared-note').textContent).toContain('No unlock fee was paid and none is due.')
    expect(buttons(page)).toEqual(['Not a fit', 'View Full Details'])
  })

  test('in escrow: the card asks whether the client was placed', async () => {
    const { page } = show(card({ action: 'unlocked', unlocked_by: 'payment', payment: PAID }, true))
    const panel = await page.findByRole('region', { name: 'Placement confirmation' })
    expect(panel.textContent).toContain('In escrow')
    expect(panel.textContent).toContain('Was the client placed?')
    expect(api.made('GET /api/referrals/ref-1/escrow')).toHaveLength(1)
  })

  test('waitlisted: the place in line and its expiry, renew and leave; leaving asks the API', async () => {
    const waitlist = {
      id: 'wait-1',
      position: 2,
      status: 'waiting' as const,
      notified_at: null,
      notification_expires_at: null,
      expires_at: '2026-06-01T10:00:00.000Z',
      needs: 'A ground-floor room',
    }
    const { page, user } = show(card({ action: 'waitlisted', interested: true, waitlist }))
    const entry = page.getByTestId('waitlist-entry')
    expect(entry.textContent).toContain('#2 in line')
    expect(page.getByTestId('waitlist-expiry').textContent).toBe('Your place expires on Jun 1, 2026 unless you renew it.')
    expect(entry.textContent).toContain('A ground-floor room')
    expect(buttons(page)).toEqual(['Renew (90 days)', 'Leave Waitlist'])
    await user.click(page.getByRole('button', { name: 'Leave Waitlist' }))
    await page.findByText('Removed from waitlist')
    expect(api.made('DELETE /api/referrals/ref-1/waitlist')).toHaveLength(1)
  })

  test('slot full: joining the waitlist is offered instead of paying', () => {
    const { page } = show(card({ action: 'slot_full' }))
    expect(page.getByText('Another operator holds the escrow slot. You can join the waitlist instead.')).toBeTruthy()
    expect(buttons(page)).toEqual(['Express Interest', 'Join Waitlist'])
  })
})
