import { CalendarCheck, ClipboardList, Eye, Filter, Handshake, MessagesSquare, Pause, Play, Search, ShieldCheck, UserX } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Navigate } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { usePageTitle } from '../../../lib/use-page-title'
import { homeFor, useAuth } from '../../auth'
import { HERO_IMAGES, HERO_SIZES, heroSrcSet } from '../hero-images'

export const CAROUSEL_INTERVAL_MS = 5000

const STEPS = [
  { icon: ClipboardList, title: 'Submit Referral', text: "Tell us about your client's needs, location and budget in a few minutes." },
  { icon: Search, title: 'We Match', text: 'Operators with a fitting home are notified immediately and can express interest.' },
  { icon: Handshake, title: 'Connect', text: 'Message operators, request tours and finalize the placement together.' },
]
const FEATURES = [
  { icon: Filter, title: 'Advanced Search Filters', text: 'Search by state, city or ZIP code within a radius you choose.' },
  { icon: ShieldCheck, title: 'Verified Operators', text: 'Licensing status and verification are shown on every profile.' },
  { icon: CalendarCheck, title: 'Easy Tour Scheduling', text: 'Request a tour from any listing; operators confirm in their dashboard.' },
  { icon: UserX, title: 'No Account Required', text: 'Browse homes and operators and request tours without signing up.' },
  { icon: Eye, title: 'Detailed Profiles', text: 'Photos, videos, amenities, fees and available beds at a glance.' },
  { icon: MessagesSquare, title: 'Direct Communication', text: 'Message operators securely about a referral, with documents attached.' },
]
const FAQ = [
  { q: 'Is Homeward free for referrers?', a: 'Yes. Case managers, social workers, discharge planners and families use Homeward for free.' },
  { q: 'How quickly will I hear back?', a: 'Operators are notified immediately when a referral is submitted; most referrers get a first response within 24-48 hours.' },
  { q: "Is my client's information private?", a: 'Operators see only masked details (initials, age, location, budget, and the level of care, funding and timeline you chose) until they unlock the referral or you invite them.' },
  { q: 'Which areas do you cover?', a: 'Homes in all 50 states are listed. Search by ZIP code to find homes within 10 to 250 miles.' },
  { q: 'Can I visit a home before deciding?', a: 'Yes. Use Schedule Tour on a listing; the operator confirms the date and time.' },
]

function HeroCarousel() {
  const [index, setIndex] = useState(0)
  // WCAG 2.2.2: content that moves on its own for more than 5 seconds can be paused.
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (HERO_IMAGES.length <= 1 || paused) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % HERO_IMAGES.length), CAROUSEL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [paused])
  return (
    // A named section is a region landmark, the role the WAI carousel pattern gives the carousel.
    <section className="absolute inset-0" aria-roledescription="carousel" aria-label="Group homes">
      {HERO_IMAGES.map((image, i) => (
        <img
          key={image.src}
          src={image.src}
          // A phone loads the 800 px copy (the HTML preloads the same choice: app/early-requests.ts).
          srcSet={heroSrcSet(image.src)}
          sizes={HERO_SIZES}
          alt={image.alt}
          width={1600}
          height={700}
          // The first slide is the page's largest paint: it alone loads eagerly and first.
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : 'low'}
          decoding="async"
          aria-hidden={i !== index}
          data-active={i === index}
          className={cn('absolute inset-0 h-full w-full object-cover transition-opacity duration-1000', i === index ? 'opacity-100' : 'opacity-0')}
        />
      ))}
      <div className="absolute inset-0 bg-gradient-to-r from-slate-900/80 via-slate-900/60 to-slate-900/20" />
      {/* z-10: above the hero text's full-height box, which otherwise takes the clicks. */}
      <div className="absolute bottom-4 left-1/2 z-10 flex -translate-x-1/2 items-center gap-2">
        <button
          type="button"
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          onClick={() => setPaused((p) => !p)}
          className="rounded-full p-1 text-white hover:bg-white/20"
        >
          {paused ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
        </button>
        {HERO_IMAGES.map((image, i) => (
          // A 24 px target around the 10 px dot (WCAG 2.5.8, Lighthouse target-size).
          <button
            key={image.src}
            type="button"
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className="flex h-6 w-6 items-center justify-center rounded-full"
          >
            <span className={cn('h-2.5 w-2.5 rounded-full', i === index ? 'bg-white' : 'bg-white/50')} />
          </button>
        ))}
      </div>
    </section>
  )
}

export function HomePage() {
  usePageTitle('')
  // The page shows while the account is unknown (as the server renders it, for every visitor); a signed-in user goes on to their dashboard.
  const { user, role } = useAuth()
  if (user && role) return <Navigate to={homeFor(role)} replace />

  return (
    <>
      <section className="relative isolate h-[520px] overflow-hidden">
        <HeroCarousel />
        <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-4 sm:px-6 lg:px-8">
          <h1 className="max-w-2xl text-4xl font-bold tracking-tight text-white sm:text-5xl">
            Find the right group home for your client
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-100">
            Homeward connects case managers, social workers and families with licensed and family-operated group homes
            across all 50 states.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/submit-referral" size="lg">
              Submit a Referral
            </ButtonLink>
            <ButtonLink to="/browse" size="lg" variant="outline">
              Browse Homes
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-center text-3xl font-bold text-slate-900">How It Works</h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <step.icon className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">
                {i + 1}. {step.title}
              </h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-white py-16" aria-labelledby="features-heading">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="features-heading" className="text-center text-3xl font-bold text-slate-900">Everything you need to place a client</h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-xl border border-slate-200 p-6">
                <f.icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{f.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="operators-heading">
        <div className="rounded-2xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="operators-heading" className="text-3xl font-bold">Run a group home?</h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            List your home for free, receive referrals that match your beds and services, and connect with case managers
            directly.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/for-operators" variant="outline" size="lg">
              Learn more about listing
            </ButtonLink>
            <ButtonLink to="/auth?mode=signup" variant="secondary" size="lg">
              Get Started Free
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 pb-8 sm:px-6" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-center text-3xl font-bold text-slate-900">Frequently Asked Questions</h2>
        <div className="mt-8 space-y-3">
          {FAQ.map((item) => (
            <details key={item.q} className="group rounded-lg border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer font-medium text-slate-900">{item.q}</summary>
              <p className="mt-2 text-slate-600">{item.a}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  )
}
