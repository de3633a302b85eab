import { CalendarCheck, ClipboardList, Handshake, MessagesSquare, Search, type LucideIcon } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import { Page } from '../../../components/ui/page'
import type { PublicConfig } from '../../../lib/config'
import { useConfig } from '../../../lib/config'
import { ReferrerPaymentNote } from '../../../components/ReferrerPaymentNote'
import { type Translate, useT } from '../../../lib/i18n'
import { useLocalePath } from '../../../lib/i18n/locale-path'

type Step = { icon: LucideIcon; title: string; referrers: string; operators: string }

/** The five steps of a placement, told from both sides, in the language being read (info catalog; keys written whole). */
export function howItWorksSteps(c: PublicConfig | undefined, t: Translate): Step[] {
  const fee = c ? t('info.how.connect.fee', { range: c.unlock_fee_range }) : ''
  const hold = c ? t('info.how.placement.hold', { hours: c.escrow_hold_hours }) : ''
  const payment = c ? ` ${t('info.how.placement.payment', { range: c.unlock_fee_range })} ${t('info.how.placement.policy')}` : ''
  return [
    { icon: ClipboardList, title: t('info.how.submit.title'), referrers: t('info.how.submit.referrers'), operators: t('info.how.submit.operators') },
    { icon: Search, title: t('info.how.match.title'), referrers: t('info.how.match.referrers'), operators: t('info.how.match.operators') },
    { icon: MessagesSquare, title: t('info.how.connect.title'), referrers: t('info.how.connect.referrers'), operators: t('info.how.connect.operators', { fee }) },
    { icon: CalendarCheck, title: t('info.how.tours.title'), referrers: t('info.how.tours.referrers'), operators: t('info.how.tours.operators') },
    {
      icon: Handshake,
      title: t('info.how.placement.title'),
      referrers: `${t('info.how.placement.referrers')}${payment}`,
      operators: t('info.how.placement.operators', { hold }),
    },
  ]
}

export function HowItWorksPage() {
  const config = useConfig()
  const t = useT('info')
  const lp = useLocalePath()
  const steps = howItWorksSteps(config, t)
  return (
    <Page
      title={t('info.how.title')}
      subtitle={t('info.how.subtitle')}
      className="max-w-5xl"
    >
      <ol className="space-y-6">
        {steps.map((step, i) => (
          <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <h2 className="text-xl font-semibold text-slate-900">
                <span className="sr-only">{t('info.how.step', { number: i + 1 })}</span>
                {step.title}
              </h2>
              <step.icon className="ml-auto hidden h-8 w-8 text-brand-700 sm:block" aria-hidden="true" />
            </div>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              <div className="rounded-lg bg-slate-50 p-4">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-brand-800">{t('info.how.forReferrers')}</h3>
                <p className="mt-1 text-slate-700">{step.referrers}</p>
              </div>
              <div className="rounded-lg bg-slate-50 p-4">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-brand-800">{t('info.how.forOperators')}</h3>
                <p className="mt-1 text-slate-700">{step.operators}</p>
              </div>
            </div>
          </li>
        ))}
      </ol>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section className="rounded-xl bg-brand-800 p-6 text-white" aria-labelledby="cta-referrers">
          <h2 id="cta-referrers" className="text-xl font-bold">{t('info.how.referrersCta.heading')}</h2>
          <p className="mt-1 text-brand-50">{t('info.how.referrersCta.text')}</p>
          <ReferrerPaymentNote className="mt-3" />
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/submit-referral" variant="secondary">
              {t('info.how.referrersCta.submit')}
            </ButtonLink>
            <ButtonLink to={lp('/browse')} variant="outline">
              {t('info.how.referrersCta.browse')}
            </ButtonLink>
          </div>
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="cta-operators">
          <h2 id="cta-operators" className="text-xl font-bold text-slate-900">{t('info.how.operatorsCta.heading')}</h2>
          <p className="mt-1 text-slate-600">{t('info.how.operatorsCta.text')}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/auth?mode=signup">{t('info.how.operatorsCta.getStarted')}</ButtonLink>
            <ButtonLink to={lp('/for-operators')} variant="outline">
              {t('info.how.operatorsCta.learnMore')}
            </ButtonLink>
          </div>
        </section>
      </div>
    </Page>
  )
}
