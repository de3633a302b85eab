import { setUpDom } from '../../../../test/dom'
import { describe, expect, test } from 'bun:test'
import { waitFor } from '@testing-library/react/pure'
import { fakeApi, renderPage, signedIn } from '../../../../test/render'
import type { EscrowView, ReferralEscrow } from '../api/marketplace'
import { PlacementConfirm } from './PlacementConfirm'

setUpDom()

const HELD: EscrowView = {
  id: 'pay-1',
  referral_id: 'ref-1',
  operator_id: 'operator-1',
  operator_name: 'Sunrise Care',
  status: 'held_in_escrow',
  amount_cents: 35_000,
  amount: '$350',
  paid_at: '2026-03-03T10:00:00.000Z',
  escrow_hold_until: '2026-04-02T15:30:00.000Z',
  escrow_expired_at: null,
  referrer_confirmation: null,
  operator_confirmation: null,
  resolved_at: null,
  resolution_reason: null,
  referrer_declined_payment: false,
  placed_home: null,
  operator_homes: [],
}

let escrow: ReferralEscrow
const api = fakeApi(() => ({
  'GET /api/referrals/ref-1/escrow': () => ({ body: escrow }),
  'POST /api/referrals/ref-1/placement': ({ body }) => {
    const placed = (body as { placed: boolean }).placed
    return { body: { outcome: placed ? 'awaiting' : 'refunded', escrow: { ...HELD, operator_confirmation: placed ? 'placed' : 'not_placed' } } }
  },
}))

/** The paying operator's active homes, as the escrow view lists them. */
const TWO_HOMES = [
  { id: 'home-1', name: 'Maple House' },
  { id: 'home-2', name: 'Cedar House' },
]

const show = (answer: ReferralEscrow) => {
  escrow = answer
  return renderPage(<PlacementConfirm referralId="ref-1" />, { me: signedIn(answer.role) })
}
const panel = (view: ReturnType<typeof show>) => view.page.findByRole('region', { name: 'Placement confirmation' })

describe('the escrow and placement panel', () => {
  test("the referrer sees the hold, both answers, and confirms the placement after a warning", async () => {
    const view = show({ role: 'referrer', escrow: { ...HELD, operator_confirmation: 'placed' } })
    const region = await panel(view)
    expect(region.textContent).toContain('In escrow')
    expect(region.textContent).toMatch(/\$350 held until Apr 2, \d{1,2}:30 [AP]M\./)
    const answers = [...region.querySelectorAll('dt, dd')].map((e) => e.textContent)
    expect(answers).toEqual(['Your answer:', 'No answer yet', 'Sunrise Care:', 'Placed'])
    // A referrer has no homes to choose from.
    expect(view.page.queryByLabelText('Home where the client moved in')).toBeNull()

    await view.user.click(view.page.getByRole('button', { name: 'Confirm Placement' }))
    const dialog = view.page.getByRole('alertdialog', { name: 'Confirm the placement?' })
    expect(dialog.textContent).toBe('Confirm the placement?When you and Sunrise Care both confirm the placement, the $350 fee held in escrow is released to you.CancelConfirm Placement')
    expect(api.made('POST /api/referrals/ref-1/placement')).toHaveLength(0)
    await view.user.click(view.page.getAllByRole('button', { name: 'Confirm Placement' }).at(-1)!)
    await view.page.findByText('Your answer was recorded. Waiting for the other side to confirm.')
    expect(api.made('POST /api/referrals/ref-1/placement').map((c) => c.body)).toEqual([{ placed: true, property_id: null, decline_payment: false }])
  })

  test('the referrer names the home, the operator\'s answer preselects it, and the fee rules are said on the panel', async () => {
    const view = show({ role: 'referrer', escrow: { ...HELD, operator_confirmation: 'placed', placed_home: TWO_HOMES[1]!, operator_homes: TWO_HOMES } })
    const region = await panel(view)
    expect(region.textContent).toContain('Sunrise Care:Placed at Cedar House')
    expect(view.page.getByRole('list', { name: 'What happens to the fee' }).textContent).toContain(
      'When you and Sunrise Care both say there was no placement, the $350 fee is refunded to Sunrise Care at once and your referral opens to the next home in line.',
    )
    expect((view.page.getByLabelText('Home where the client moved in') as HTMLSelectElement).value).toBe('home-2')
    await view.user.click(view.page.getByRole('button', { name: 'Confirm Placement' }))
    await view.user.click(view.page.getAllByRole('button', { name: 'Confirm Placement' }).at(-1)!)
    await waitFor(() => expect(api.made('POST /api/referrals/ref-1/placement')).toHaveLength(1))
    expect(api.made('POST /api/referrals/ref-1/placement')[0]!.body).toEqual({ placed: true, property_id: 'home-2', decline_payment: false })
  })

  test('the operator with several homes names the one the client moved into', async () => {
    const view = show({ role: 'operator', escrow: { ...HELD, operator_homes: TWO_HOMES } })
    await panel(view)
    const homes = await view.page.findByLabelText('Home where the client moved in')
    expect([...(homes as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Choose a home', 'Maple House', 'Cedar House'])
    await view.user.selectOptions(homes, 'Cedar House')
    await view.user.click(view.page.getByRole('button', { name: 'Confirm Placement' }))
    await view.user.click(view.page.getAllByRole('button', { name: 'Confirm Placement' }).at(-1)!)
    await waitFor(() => expect(api.made('POST /api/referrals/ref-1/placement')).toHaveLength(1))
    expect(api.made('POST /api/referrals/ref-1/placement')[0]!.body).toEqual({ placed: true, property_id: 'home-2' })
  })

  test('"Not placed" warns that the fee is refunded and sends no home; the answer given cannot be given again', async () => {
    const view = show({ role: 'operator', escrow: { ...HELD, operator_confirmation: 'placed' } })
    await panel(view)
    expect(view.page.getByRole('button', { name: 'Confirm Placement' })).toHaveProperty('disabled', true)
    await view.user.click(view.page.getByRole('button', { name: 'Not Placed' }))
    const dialog = view.page.getByRole('alertdialog', { name: 'Confirm there was no placement?' })
    expect(dialog.textContent).toContain('the $350 unlock fee is refunded to you at once and the referral opens to the next operator in line')
    await view.user.click(view.page.getAllByRole('button', { name: 'Not Placed' }).at(-1)!)
    await view.page.findByText('Both sides confirmed there was no placement. The unlock fee was refunded.')
    expect(api.made('POST /api/referrals/ref-1/placement').map((c) => c.body)).toEqual([{ placed: false, property_id: null }])
  })

  test('decided escrows only say what happened; an ended hold says an admin decides', async () => {
    const released = show({ role: 'referrer', escrow: { ...HELD, status: 'released_to_referrer' } })
    expect((await panel(released)).textContent).toBe('Released The $350 fee was released to you.')
    expect(released.page.queryByRole('button')).toBeNull()
    released.unmount()

    const refunded = show({ role: 'operator', escrow: { ...HELD, status: 'refunded' } })
    expect((await panel(refunded)).textContent).toBe('Refunded The $350 fee was refunded to you.')
    refunded.unmount()
    const refundedToHome = show({ role: 'referrer', escrow: { ...HELD, status: 'refunded' } })
    expect((await panel(refundedToHome)).textContent).toBe('Refunded The $350 fee was refunded to Sunrise Care. Your referral is open to other homes again.')
    refundedToHome.unmount()

    const ended = show({ role: 'referrer', escrow: { ...HELD, escrow_expired_at: '2026-04-02T15:30:00.000Z' } })
    const region = await panel(ended)
    expect(region.textContent).toContain('Hold ended')
    expect(region.textContent).toContain('; an admin will release or refund it.')
  })

  test('renders nothing for someone who is not a party, or when nothing is in escrow', async () => {
    const stranger = show({ role: 'referrer', escrow: null })
    await waitFor(() => expect(api.made('GET /api/referrals/ref-1/escrow')).toHaveLength(1))
    expect(stranger.page.queryByRole('region', { name: 'Placement confirmation' })).toBeNull()
    stranger.unmount()

    api.answer('GET /api/referrals/ref-1/escrow', { status: 404, body: { error: { code: 'not_found', message: 'Referral not found' } } })
    const other = show({ role: 'referrer', escrow: HELD })
    await waitFor(() => expect(api.made('GET /api/referrals/ref-1/escrow')).toHaveLength(2))
    expect(other.container.textContent).toBe('')
  })
})
