import { BarChart3, Bell, CalendarCheck, Check, FileLock2, MessagesSquare, UserRound } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { Badge } from '../../../components/ui/badge'
import type { PublicConfig } from '../../../lib/config'
import { useConfig } from '../../../lib/config'
import { type Translate, useT } from '../../../lib/i18n'
import { useLocalePath } from '../../../lib/i18n/locale-path'
import { usePageTitle } from '../../../lib/use-page-title'
import { planLimit, unlockFees } from '../info-format'

// Texts are keys of the info catalog (client/src/locales/<language>/info.json), written whole.
const BENEFITS = [
  { icon: Bell, title: 'info.ops.benefit.referrals.title', text: 'info.ops.benefit.referrals.text' },
  { icon: UserRound, title: 'info.ops.benefit.profile.title', text: 'info.ops.benefit.profile.text' },
  { icon: MessagesSquare, title: 'info.ops.benefit.messaging.title', text: 'info.ops.benefit.messaging.text' },
  { icon: CalendarCheck, title: 'info.ops.benefit.tours.title', text: 'info.ops.benefit.tours.text' },
  { icon: FileLock2, title: 'info.ops.benefit.documents.title', text: 'info.ops.benefit.documents.text' },
  { icon: BarChart3, title: 'info.ops.benefit.analytics.title', text: 'info.ops.benefit.analytics.text' },
]

/** A plan limit in words: "1 property listing", "Unlimited property listings" (null is unlimited). */
const limit = (t: Translate, count: number | null, counted: string, unlimited: string) => (count === null ? t(unlimited) : t(counted, { count }))

function planLists(c: PublicConfig, t: Translate) {
  const free = [
    limit(t, planLimit(c, 'free', 'maxProperties'), 'info.ops.plan.listings', 'info.ops.plan.unlimitedListings'),
    limit(t, planLimit(c, 'free', 'maxPhotosPerProperty'), 'info.ops.plan.photos', 'info.ops.plan.unlimitedPhotos'),
    t('info.ops.plan.bio', { count: planLimit(c, 'free', 'maxBioLength') ?? '' }),
    t('info.ops.plan.notifications'),
    t('info.ops.plan.qr'),
  ]
  const premium = [
    limit(t, planLimit(c, 'premium', 'maxProperties'), 'info.ops.plan.listings', 'info.ops.plan.unlimitedListings'),
    t('info.ops.plan.media', { photos: planLimit(c, 'premium', 'maxPhotosPerProperty') ?? '', videos: planLimit(c, 'premium', 'maxVideosPerProperty') ?? '' }),
    t('info.ops.plan.video'),
    t('info.ops.plan.fullBio'),
    t('info.ops.plan.browse'),
    t('info.ops.plan.messaging'),
    t('info.ops.plan.tours'),
    t('info.ops.plan.invitations'),
    t('info.ops.plan.priority'),
    t('info.ops.plan.analytics'),
  ]
  return { free, premium }
}

function faq(c: PublicConfig, t: Translate) {
  const fees = unlockFees(c)
  const price = c.premium_price_cents > 0 ? t('info.ops.faq.perMonth', { price: c.premium_price }) : t('info.ops.faq.freePrice')
  return [
    {
      q: t('info.ops.faq.costQ'),
      a: t('info.ops.faq.costA', { properties: limit(t, planLimit(c, 'free', 'maxProperties'), 'info.ops.faq.properties', 'info.ops.faq.unlimitedProperties'), price, days: c.trial_days }),
    },
    { q: t('info.ops.faq.feeQ'), a: t('info.ops.faq.feeA', { unlicensed: fees.unlicensed, licensed: fees.licensed, range: c.unlock_fee_range }) },
    { q: t('info.ops.faq.escrowQ'), a: t('info.ops.faq.escrowA', { hours: c.escrow_hold_hours }) },
    {
      q: t('info.ops.faq.waitlistQ'),
      a: t('info.ops.faq.waitlistA', { minutes: c.checkout_hold_minutes, hours: c.waitlist_notify_hours, days: c.waitlist_expiry_days }),
    },
    { q: t('info.ops.faq.familyQ'), a: t('info.ops.faq.familyA') },
    { q: t('info.ops.faq.cancelQ'), a: t('info.ops.faq.cancelA') },
  ]
}

export function ForOperatorsPage() {
  const t = useT('info')
  const lp = useLocalePath()
  usePageTitle(t('info.ops.title'))
  const config = useConfig()

  return (
    <>
      <section className="bg-brand-800 text-white" aria-labelledby="for-operators-heading">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-100">{t('info.ops.eyebrow')}</p>
          <h1 id="for-operators-heading" className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            {t('info.ops.heading')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50">
            {t('info.ops.intro')}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/auth?mode=signup" size="lg" variant="secondary">
              {t('info.ops.getStarted')}
            </ButtonLink>
            <ButtonLink to={lp('/pricing')} size="lg" variant="outline">
              {t('info.ops.viewPricing')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="text-center text-3xl font-bold text-slate-900">{t('info.ops.benefitsHeading')}</h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <b.icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">{t(b.title)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(b.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      {!config ? (
        <Spinner label={t('info.ops.loadingPlans')} />
      ) : (
        <>
          <section className="bg-white py-16" aria-labelledby="plans-heading">
            <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
              <h2 id="plans-heading" className="text-center text-3xl font-bold text-slate-900">{t('info.ops.plansHeading')}</h2>
              <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
                {t('info.ops.plansText')}
              </p>
              <div className="mt-10 grid gap-6 md:grid-cols-2">
                <PlanCard title={t('info.ops.plan.free')} price={t('info.ops.plan.freePrice')} note={t('info.ops.plan.freeNote')} items={planLists(config, t).free} />
                <PlanCard
                  title={t('info.ops.plan.premium')}
                  price={config.premium_price}
                  note={t('info.ops.plan.premiumNote', { days: config.trial_days })}
                  items={planLists(config, t).premium}
                  highlight={t('info.ops.plan.mostPopular')}
                />
              </div>
              <p className="mt-6 text-center">
                <ButtonLink to={lp('/pricing')} variant="link">
                  {t('info.ops.comparePricing')}
                </ButtonLink>
              </p>
            </div>
          </section>

          <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="unlock-heading">
            <h2 id="unlock-heading" className="text-3xl font-bold text-slate-900">{t('info.ops.unlockHeading')}</h2>
            <div className="mt-6 grid gap-6 md:grid-cols-3">
              <Card>
                <CardHeader>
                  <CardTitle>{config.unlock_fee_range}</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-slate-600">
                  {t('info.ops.unlock.fee', unlockFees(config))}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>{t('info.ops.unlock.heldTitle', { hours: config.escrow_hold_hours })}</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-slate-600">
                  {t('info.ops.unlock.heldText')}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>{t('info.ops.unlock.waitlistTitle')}</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-slate-600">
                  {t('info.ops.unlock.waitlistText', { hours: config.waitlist_notify_hours })}
                </CardContent>
              </Card>
            </div>
          </section>

          <section className="mx-auto max-w-3xl px-4 pb-8 sm:px-6" aria-labelledby="operator-faq-heading">
            <h2 id="operator-faq-heading" className="text-center text-3xl font-bold text-slate-900">{t('info.ops.faqHeading')}</h2>
            <div className="mt-8 space-y-3">
              {faq(config, t).map((item) => (
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
          <h2 id="operator-cta-heading" className="text-2xl font-bold text-slate-900">{t('info.ops.ctaHeading')}</h2>
          <p className="mt-2 text-slate-600">{t('info.ops.ctaText')}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/auth?mode=signup" size="lg">
              {t('info.ops.createAccount')}
            </ButtonLink>
            <ButtonLink to="/auth" size="lg" variant="outline">
              {t('info.ops.login')}
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  )
}

/** `highlight`: the badge's words (the plan most choose). */
function PlanCard({ title, price, note, items, highlight }: { title: string; price: string; note: string; items: string[]; highlight?: string }) {
  return (
    <Card className={highlight ? 'border-2 border-brand-700' : undefined}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          {highlight && <Badge tone="brand">{highlight}</Badge>}
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
