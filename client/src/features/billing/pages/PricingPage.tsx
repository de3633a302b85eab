import { Check, Info, Minus, Sparkles } from 'lucide-react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { MESSAGING_RULE } from '@server/features/billing/plans'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { useConfig, type PublicConfig } from '../../../lib/config'
import { money } from '../../../lib/format'
import { usePageTitle } from '../../../lib/use-page-title'
import { useAuth } from '../../auth'
import { useBillingActions } from '../api/billing-actions'
import { PremiumAfterSignUp } from '../components/PremiumAfterSignUp'
import { REFERRAL_PAYMENT_POLICY, referrerPaymentText } from '../../../lib/referrer-payment'
import { PREMIUM_AFTER_SIGN_UP } from '../premium-after-sign-up'

type Limits = PublicConfig['plans']['free']
const count = (n: number | boolean | null | undefined, one: string, many = `${one}s`) =>
  n === null ? `Unlimited ${many}` : `${n} ${n === 1 ? one : many}`

/** The plan cards' feature lists, from the same limits the server enforces. */
function planFeatures(free: Limits, premium: Limits) {
  return {
    free: [
      `${count(free.maxProperties, 'property listing')}`,
      `${count(free.maxPhotosPerProperty, 'photo')} per property`,
      `Basic profile (bio up to ${free.maxBioLength} characters)`,
      'Referral notifications',
    ],
    premium: [
      `${count(premium.maxProperties, 'property listing')}`,
      premium.maxPhotosPerProperty === null ? 'Unlimited photos' : `Up to ${premium.maxPhotosPerProperty} photos per property`,
      `Up to ${premium.maxVideosPerProperty} videos per property`,
      'Video introduction on your profile',
      'Full profile and directory listing',
      'Browse and unlock client referrals',
      'Direct messaging with referrers',
      'Tour scheduling system',
      'Profile analytics',
      'Priority in search results',
      'Direct invitations from referrers',
      'E-mail signature and QR code sharing',
    ],
  }
}

function faq(c: PublicConfig) {
  return [
    {
      q: 'How does the free trial work?',
      a: `Premium starts with a ${c.trial_days}-day free trial. No credit card is needed to start it, and you can cancel at any time during the trial without being charged. After the trial, Premium is ${c.premium_price} per month.`,
    },
    {
      q: 'Can I cancel anytime?',
      a: 'Yes. Cancel from your dashboard with Manage Subscription. Premium stays active until the end of the period you paid for, then your account returns to the Free plan.',
    },
    {
      q: 'What happens to my listings if I downgrade?',
      a: `Nothing is deleted. On the Free plan the public sees ${count(c.plans.free.maxProperties, 'property', 'properties')} and ${count(c.plans.free.maxPhotosPerProperty, 'photo')} per property; everything else is hidden until you upgrade again, when it comes back as it was.`,
    },
    {
      q: 'Is there a money-back guarantee?',
      a: 'Yes: if Premium is not right for you, contact support within 30 days of your first payment for a full refund. Plan changes take effect immediately, with prorated charges.',
    },
    {
      q: 'Is the referral unlock fee part of the subscription?',
      a: `No. Unlocking a referral's full details is a separate one-time fee of ${c.unlock_fee_range} per referral (${money(c.unlock_fee_unlicensed_cents)} for unlicensed homes, ${money(c.unlock_fee_licensed_cents)} for licensed homes), held in escrow until the placement is confirmed.`,
    },
    {
      q: 'Do referrers pay anything?',
      a: `No. Case managers, social workers, families and guardians use Homeward free of charge. ${referrerPaymentText(c.unlock_fee_range)} ${REFERRAL_PAYMENT_POLICY}`,
    },
  ]
}

/** /pricing: plans, comparison table and FAQ, all from the server's plan definition. */
export function PricingPage() {
  usePageTitle('Pricing')
  const config = useConfig()
  const { user, subscription } = useAuth()
  const actions = useBillingActions()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const subscribed = !!user && !!subscription?.subscribed
  // Sent here by a sign-up that chose Premium: start its checkout (a visitor or a subscriber sees the page).
  if (user && !subscribed && params.get(PREMIUM_AFTER_SIGN_UP.param) === PREMIUM_AFTER_SIGN_UP.value) return <PremiumAfterSignUp />
  if (!config) return <Spinner label="Loading" />

  const features = planFeatures(config.plans.free, config.plans.premium)
  // Signed-in visitors start checkout; others sign in first.
  const startTrial = () => (user ? actions.upgrade() : navigate('/auth'))

  return (
    <div>
      <div role="note" className="border-b border-blue-200 bg-blue-50">
        <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-3 text-sm text-blue-900 sm:px-6 lg:px-8">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            These plans are for group home operators. Referrers use Homeward free of charge; the only other cost on the platform is
            the one-time referral unlock fee ({config.unlock_fee_range}).
          </span>
        </p>
      </div>

      <section className="mx-auto max-w-7xl px-4 py-12 text-center sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Operator Subscription Pricing</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600">
          List your home for free, or go Premium to receive and unlock referrals, schedule tours and stand out in search.
        </p>
      </section>

      <section aria-label="Plans" className="mx-auto grid max-w-5xl gap-6 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle as="h2">Free Tier</CardTitle>
            <p className="text-sm text-slate-600">Get listed and start receiving referral notifications.</p>
            <p className="pt-2">
              <span className="text-4xl font-bold text-slate-900">$0</span>
              <span className="text-slate-600">/month</span>
            </p>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col gap-4">
            <ul className="flex-1 space-y-2 text-sm text-slate-700">
              {features.free.map((f) => (
                <li key={f} className="flex gap-2">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" /> {f}
                </li>
              ))}
            </ul>
            {/* Someone signed in already has an account, on this plan or above: nothing to start. */}
            {!user ? (
              <ButtonLink to="/auth" variant="outline" className="w-full">
                Get Started Free
              </ButtonLink>
            ) : subscribed ? (
              <p className="text-center text-sm text-slate-600">Included in your Premium plan.</p>
            ) : (
              <p className="rounded-md bg-slate-100 py-2 text-center text-sm font-medium text-slate-800" data-testid="current-plan">
                Your current plan
              </p>
            )}
            <p className="text-xs text-slate-500">{MESSAGING_RULE}</p>
          </CardContent>
        </Card>

        <Card className="relative flex flex-col border-2 border-brand-600 shadow-md">
          <Badge tone="brand" className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">
            <Sparkles className="h-3.5 w-3.5" aria-hidden="true" /> Most Popular
          </Badge>
          <CardHeader>
            <CardTitle as="h2">Premium</CardTitle>
            <p className="text-sm text-slate-600">Everything you need to fill your beds.</p>
            <p className="pt-2">
              <span className="text-4xl font-bold text-slate-900">{config.premium_price}</span>
              <span className="text-slate-600">/month</span>
            </p>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col gap-4">
            <ul className="flex-1 space-y-2 text-sm text-slate-700">
              {features.premium.map((f) => (
                <li key={f} className="flex gap-2">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" /> {f}
                </li>
              ))}
            </ul>
            {subscribed ? (
              <Button className="w-full" variant="outline" onClick={actions.manage} disabled={actions.busy}>
                Manage Subscription
              </Button>
            ) : (
              <Button className="w-full" onClick={startTrial} disabled={actions.busy}>
                Start Premium Trial
              </Button>
            )}
            <p className="text-center text-sm text-slate-600">
              {config.trial_days}-day free trial • Cancel anytime
            </p>
            <p className="text-center text-xs text-slate-500">No credit card needed to start the trial.</p>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="compare-heading" className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="compare-heading" className="mb-6 text-center text-2xl font-bold text-slate-900">
          Compare plans
        </h2>
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Features of the Free and Premium plans</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Feature</th>
                <th scope="col" className="px-4 py-3 font-semibold">Free</th>
                <th scope="col" className="px-4 py-3 font-semibold">Premium</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {config.plan_comparison.map(([feature, free, premium]) => (
                <tr key={feature}>
                  <th scope="row" className="px-4 py-3 font-medium text-slate-900">{feature}</th>
                  <td className="px-4 py-3 text-slate-700">{cell(free)}</td>
                  <td className="px-4 py-3 text-slate-700">{cell(premium)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">Price</th>
                <td className="px-4 py-3 text-slate-700">$0/month</td>
                <td className="px-4 py-3 text-slate-700">
                  {money(config.premium_price_cents)}/month after a {config.trial_days}-day free trial
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="pricing-faq-heading" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="pricing-faq-heading" className="mb-6 text-center text-2xl font-bold text-slate-900">
          Frequently Asked Questions
        </h2>
        <div className="space-y-3">
          {faq(config).map((item) => (
            <details key={item.q} className="group rounded-lg border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer font-medium text-slate-900">{item.q}</summary>
              <p className="mt-2 text-sm text-slate-700">{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 lg:px-8">
          <h2 className="text-2xl font-bold sm:text-3xl">Ready to receive more referrals?</h2>
          <p className="mt-2 text-brand-100">
            Try Premium free for {config.trial_days} days, then {config.premium_price}/month. Cancel anytime.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {subscribed ? (
              <ButtonLink to="/operator-dashboard" variant="secondary" size="lg">
                Go to Dashboard
              </ButtonLink>
            ) : (
              <Button variant="secondary" size="lg" onClick={startTrial} disabled={actions.busy}>
                Start Free Trial
              </Button>
            )}
            <Link
              to="/for-operators"
              className="inline-flex h-12 items-center justify-center rounded-md border border-white/60 px-6 font-medium text-white hover:bg-white/10"
            >
              Learn More
            </Link>
          </div>
        </div>
      </section>
    </div>
  )
}

/** '—' in the plan definition means "not included". */
function cell(value: string) {
  if (value === '—')
    return (
      <span className="inline-flex items-center gap-1 text-slate-500">
        <Minus className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">Not included</span>
      </span>
    )
  if (value === 'Included')
    return (
      <span className="inline-flex items-center gap-1 text-brand-800">
        <Check className="h-4 w-4" aria-hidden="true" /> Included
      </span>
    )
  return value
}
