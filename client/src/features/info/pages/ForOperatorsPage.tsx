import { BarChart3, Bell, CalendarCheck, Check, FileLock2, MessagesSquare, UserRound } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { Badge } from '../../../components/ui/badge'
import type { PublicConfig } from '../../../lib/config'
import { useConfig } from '../../../lib/config'
import { usePageTitle } from '../../../lib/use-page-title'
import { days, hours, limitText, minutes, planLimit, premiumPrice, unlockFees } from '../info-format'

const BENEFITS = [
  { icon: Bell, title: 'Referrals that fit your homes', text: 'When a referral matches your location, budget, the levels of care you offer and the funding you accept, you are notified at once, in the app and by e-mail.' },
  { icon: UserRound, title: 'A public profile', text: 'Your homes, photos, licensing, experience, specializations and approved reviews on one page you can share by link or QR code; on Premium, with a video introduction.' },
  { icon: MessagesSquare, title: 'Direct messaging', text: 'Talk with case managers, social workers and families about each referral in a private conversation.' },
  { icon: CalendarCheck, title: 'Tour scheduling', text: 'Visitors request tours from your listings; you confirm them or propose another time from your dashboard, and confirmed visitors get a calendar invitation.' },
  { icon: FileLock2, title: 'Secure documents', text: 'Exchange intake forms and agreements with referrers, and mark documents as signed.' },
  { icon: BarChart3, title: 'Profile analytics', text: 'See how many people viewed your profile over the last 30 days and where they came from.' },
]

function planLists(c: PublicConfig) {
  const free = [
    limitText(planLimit(c, 'free', 'maxProperties'), 'property listing'),
    `${limitText(planLimit(c, 'free', 'maxPhotosPerProperty'), 'photo')} per property`,
    `Profile bio up to ${planLimit(c, 'free', 'maxBioLength')} characters`,
    'Referral notifications',
    'Public profile with QR code sharing',
  ]
  const premium = [
    limitText(planLimit(c, 'premium', 'maxProperties'), 'property listing'),
    `Up to ${planLimit(c, 'premium', 'maxPhotosPerProperty')} photos and ${planLimit(c, 'premium', 'maxVideosPerProperty')} videos per property`,
    'A video introduction on your profile',
    'Full profile bio',
    'Browse and unlock client referrals',
    'Direct messaging with referrers',
    'Tour scheduling from your listings',
    'Direct invitations from referrers',
    'Priority in search results',
    'Profile analytics and e-mail signature',
  ]
  return { free, premium }
}

function faq(c: PublicConfig) {
  const fees = unlockFees(c)
  return [
    {
      q: 'How much does it cost to list my home?',
      a: `Listing is free: the Free plan costs $0 and includes ${limitText(planLimit(c, 'free', 'maxProperties'), 'property', 'properties')}. Premium costs ${premiumPrice(c)} after a ${c.trial_days}-day free trial and lifts the limits.`,
    },
    {
      q: 'What is the referral unlock fee?',
      a: `A one-time fee per referral to see the client's full details: ${fees.unlicensed} for unlicensed and family-operated homes, ${fees.licensed} for licensed homes (${c.unlock_fee_range}). There is no fee for referrals you are invited to.`,
    },
    {
      q: 'How long is my unlock fee held in escrow?',
      a: `${hours(c.escrow_hold_hours)}. If you and the referrer both confirm the placement, the fee is released to the referrer; if you both confirm it did not happen, it is refunded to you at once. Without agreement, an admin decides and records the reason.`,
    },
    {
      q: 'What if another operator is already working on a referral?',
      a: `Only one operator holds a referral's escrow slot at a time (a started checkout reserves it for ${minutes(c.checkout_hold_minutes)}). Join the waitlist: when the slot frees, the first operator in line has ${hours(c.waitlist_notify_hours)} to pay. Waitlist entries expire after ${days(c.waitlist_expiry_days)} unless you renew them from the referral's card.`,
    },
    {
      q: 'Can family-operated homes join?',
      a: 'Yes. State-licensed, licensing-in-progress and family-operated homes are all welcome; your profile shows your licensing status so referrers know what to expect. Upload proof of your license from the Profile tab of your dashboard: once an admin verifies it, your profile shows the Verified badge, and State Licensed for a licensed home.',
    },
    {
      q: 'Can I cancel Premium?',
      a: 'Yes, at any time from the billing portal. Your extra properties and photos are hidden from the public, not deleted, and come back when you upgrade again.',
    },
  ]
}

export function ForOperatorsPage() {
  usePageTitle('For Operators')
  const config = useConfig()

  return (
    <>
      <section className="bg-brand-800 text-white" aria-labelledby="for-operators-heading">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-100">For group home operators</p>
          <h1 id="for-operators-heading" className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Fill your open beds with residents who fit your home
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50">
            Homeward brings you referrals from case managers, social workers, discharge planners and families in all 50
            states. List your home for free and hear about clients who match your services.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/auth?mode=signup" size="lg" variant="secondary">
              Get Started Free
            </ButtonLink>
            <ButtonLink to="/pricing" size="lg" variant="outline">
              View Pricing
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="text-center text-3xl font-bold text-slate-900">What operators get</h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <b.icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">{b.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {!config ? (
        <Spinner label="Loading plans" />
      ) : (
        <>
          <section className="bg-white py-16" aria-labelledby="plans-heading">
            <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
              <h2 id="plans-heading" className="text-center text-3xl font-bold text-slate-900">Free or Premium</h2>
              <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
                Start free with one home. Upgrade when you want referrals to browse, tours and more homes.
              </p>
              <div className="mt-10 grid gap-6 md:grid-cols-2">
                <PlanCard title="Free" price="$0" note="per month, free forever" items={planLists(config).free} />
                <PlanCard
                  title="Premium"
                  price={config.premium_price}
                  note={`per month after a ${config.trial_days}-day free trial`}
                  items={planLists(config).premium}
                  highlight
                />
              </div>
              <p className="mt-6 text-center">
                <ButtonLink to="/pricing" variant="link">
                  Compare every feature on the Pricing page
                </ButtonLink>
              </p>
            </div>
          </section>

          <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="unlock-heading">
            <h2 id="unlock-heading" className="text-3xl font-bold text-slate-900">Unlocking a referral</h2>
            <div className="mt-6 grid gap-6 md:grid-cols-3">
              <Card>
                <CardHeader>
                  <CardTitle>{config.unlock_fee_range}</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-slate-600">
                  One-time fee per referral: {unlockFees(config).unlicensed} for unlicensed and family-operated homes,{' '}
                  {unlockFees(config).licensed} for licensed homes.
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Held {hours(config.escrow_hold_hours)} in escrow</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-slate-600">
                  Released to the referrer when you both confirm the placement; refunded to you when you both confirm it
                  did not happen.
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>A fair waitlist</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-slate-600">
                  One operator at a time holds a referral. Others wait in line; the next in line gets{' '}
                  {hours(config.waitlist_notify_hours)} to pay when the slot frees.
                </CardContent>
              </Card>
            </div>
          </section>

          <section className="mx-auto max-w-3xl px-4 pb-8 sm:px-6" aria-labelledby="operator-faq-heading">
            <h2 id="operator-faq-heading" className="text-center text-3xl font-bold text-slate-900">Frequently Asked Questions</h2>
            <div className="mt-8 space-y-3">
              {faq(config).map((item) => (
                <details key={item.q} className="rounded-lg border border-slate-200 bg-white p-4">
                  <summary className="cursor-pointer font-medium text-slate-900">{item.q}</summary>
                  <p className="mt-2 text-slate-600">{item.a}</p>
                </details>
              ))}
            </div>
          </section>
        </>
      )}

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8" aria-labelledby="operator-cta-heading">
        <div className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
          <h2 id="operator-cta-heading" className="text-2xl font-bold text-slate-900">Ready to receive referrals?</h2>
          <p className="mt-2 text-slate-600">Create your account, add your home and complete your profile in a few minutes.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/auth?mode=signup" size="lg">
              Create Your Account
            </ButtonLink>
            <ButtonLink to="/auth" size="lg" variant="outline">
              Operator Login
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  )
}

function PlanCard({ title, price, note, items, highlight }: { title: string; price: string; note: string; items: string[]; highlight?: boolean }) {
  return (
    <Card className={highlight ? 'border-2 border-brand-700' : undefined}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          {highlight && <Badge tone="brand">Most Popular</Badge>}
        </div>
        <p>
          <span className="text-3xl font-bold text-slate-900">{price}</span> <span className="text-sm text-slate-600">{note}</span>
        </p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm text-slate-700">
          {items.map((item) => (
            <li key={item} className="flex gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
