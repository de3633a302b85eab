import { CalendarCheck, ClipboardList, Handshake, MessagesSquare, Search, type LucideIcon } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import { Page } from '../../../components/ui/page'
import type { PublicConfig } from '../../../lib/config'
import { useConfig } from '../../../lib/config'
import { ReferrerPaymentNote } from '../../../components/ReferrerPaymentNote'
import { REFERRAL_PAYMENT_POLICY, referrerPaymentText } from '../../../lib/referrer-payment'
import { hours } from '../info-format'

type Step = { icon: LucideIcon; title: string; referrers: string; operators: string }

/** The five steps of a placement, told from both sides. */
export function howItWorksSteps(c: PublicConfig | undefined): Step[] {
  const fee = c ? ` (${c.unlock_fee_range}, one time)` : ''
  const hold = c ? ` for ${hours(c.escrow_hold_hours)}` : ''
  return [
    {
      icon: ClipboardList,
      title: 'Submit a referral',
      referrers:
        "Sign in and describe your client in six short steps: who you are, the client, emergency and legal details, health, income and benefits, and requirements such as wheelchair access, the level of care, how the placement is funded and how soon it is needed. It is free.",
      operators:
        'List your homes with their beds, monthly fee, amenities, licensing, the levels of care you offer and the funding you accept, and complete your profile so referrals can be matched to you.',
    },
    {
      icon: Search,
      title: 'Get matches',
      referrers:
        'Homeward compares the referral with homes that have an open bed in the preferred state and cities, within the budget, with the care you need and accepting the funding you named, and notifies the best-matching operators immediately.',
      operators:
        'You are notified when a referral matches your homes. Premium operators also browse every pending referral, urgent ones first, shown masked (initials, age, location, budget, level of care, funding, timeline) to protect the client.',
    },
    {
      icon: MessagesSquare,
      title: 'Connect and message',
      referrers:
        'Operators who can help express interest, and you can invite a Premium operator you found yourself. Homes that cannot help say why (Not a fit), and your dashboard shows how the search is going. Each conversation is private between you and one operator; documents can be shared in it.',
      operators: `Express interest to start a conversation, or unlock the full referral${fee}. Only one operator holds a referral at a time; others can join the waitlist.`,
    },
    {
      icon: CalendarCheck,
      title: 'Schedule tours',
      referrers:
        'Request a tour from any Premium home: pick a date and time and add notes. You do not need an account to request a tour. A confirmed tour comes with a calendar invitation by e-mail; if the home proposes another time, accept or decline it from the link in the e-mail.',
      operators:
        'Tour requests arrive in your dashboard. Confirm the time (the visitor gets a calendar invitation), propose a new time that the visitor accepts or declines from an e-mailed link, or cancel a request you cannot host.',
    },
    {
      icon: Handshake,
      title: 'Finalize placement',
      referrers:
        `When your client moves in, confirm the placement. The referral is marked placed, and you are invited to review the home.${c ? ` ${referrerPaymentText(c.unlock_fee_range)} ${REFERRAL_PAYMENT_POLICY}` : ''}`,
      operators: `Confirm the placement too: the unlock fee held in escrow${hold} is released to the referrer when you both agree, or refunded to you if the placement did not happen.`,
    },
  ]
}

export function HowItWorksPage() {
  const config = useConfig()
  const steps = howItWorksSteps(config)
  return (
    <Page
      title="How It Works"
      subtitle="From the first referral to a successful placement, in five steps, for referrers and for operators."
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
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h2>
              <step.icon className="ml-auto hidden h-8 w-8 text-brand-700 sm:block" aria-hidden="true" />
            </div>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              <div className="rounded-lg bg-slate-50 p-4">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-brand-800">For referrers</h3>
                <p className="mt-1 text-slate-700">{step.referrers}</p>
              </div>
              <div className="rounded-lg bg-slate-50 p-4">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-brand-800">For operators</h3>
                <p className="mt-1 text-slate-700">{step.operators}</p>
              </div>
            </div>
          </li>
        ))}
      </ol>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section className="rounded-xl bg-brand-800 p-6 text-white" aria-labelledby="cta-referrers">
          <h2 id="cta-referrers" className="text-xl font-bold">Placing a client?</h2>
          <p className="mt-1 text-brand-50">Homeward is free for case managers, social workers and families.</p>
          <ReferrerPaymentNote className="mt-3" />
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/submit-referral" variant="secondary">
              Submit a Referral
            </ButtonLink>
            <ButtonLink to="/browse" variant="outline">
              Browse Homes
            </ButtonLink>
          </div>
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="cta-operators">
          <h2 id="cta-operators" className="text-xl font-bold text-slate-900">Run a group home?</h2>
          <p className="mt-1 text-slate-600">List your home for free and receive referrals that fit.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to="/auth?mode=signup">Get Started Free</ButtonLink>
            <ButtonLink to="/for-operators" variant="outline">
              Learn More
            </ButtonLink>
          </div>
        </section>
      </div>
    </Page>
  )
}
