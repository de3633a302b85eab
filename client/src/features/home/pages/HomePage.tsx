import { CalendarCheck, ClipboardList, Eye, Filter, Handshake, MessagesSquare, Pause, Play, Search, ShieldCheck, UserX } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Navigate } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { type Translate, useT } from '../../../lib/i18n'
import { useLocalePath } from '../../../lib/i18n/locale-path'
import { usePageTitle } from '../../../lib/use-page-title'
import { homeFor, useAuth } from '../../auth'
import { HERO_IMAGES, HERO_SIZES, heroSrcSet } from '../hero-images'

export const CAROUSEL_INTERVAL_MS = 5000

// Texts are keys of the home catalog (client/src/locales/<language>/home.json), written whole.
const STEPS = [
  { icon: ClipboardList, title: 'home.how.submitTitle', text: 'home.how.submitText' },
  { icon: Search, title: 'home.how.matchTitle', text: 'home.how.matchText' },
  { icon: Handshake, title: 'home.how.connectTitle', text: 'home.how.connectText' },
]
const FEATURES = [
  { icon: Filter, title: 'home.features.searchTitle', text: 'home.features.searchText' },
  { icon: ShieldCheck, title: 'home.features.verifiedTitle', text: 'home.features.verifiedText' },
  { icon: CalendarCheck, title: 'home.features.toursTitle', text: 'home.features.toursText' },
  { icon: UserX, title: 'home.features.noAccountTitle', text: 'home.features.noAccountText' },
  { icon: Eye, title: 'home.features.profilesTitle', text: 'home.features.profilesText' },
  { icon: MessagesSquare, title: 'home.features.messagesTitle', text: 'home.features.messagesText' },
]
const FAQ = [
  { q: 'home.faq.freeQ', a: 'home.faq.freeA' },
  { q: 'home.faq.speedQ', a: 'home.faq.speedA' },
  { q: 'home.faq.privacyQ', a: 'home.faq.privacyA' },
  { q: 'home.faq.areasQ', a: 'home.faq.areasA' },
  { q: 'home.faq.visitQ', a: 'home.faq.visitA' },
]

function HeroCarousel({ t }: { t: Translate }) {
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
    <section className="absolute inset-0" aria-roledescription={t('home.carousel.role')} aria-label={t('home.carousel.label')}>
      {HERO_IMAGES.map((image, i) => (
        <img
          key={image.src}
          src={image.src}
          // A phone loads the 800 px copy (the HTML preloads the same choice: app/early-requests.ts).
          srcSet={heroSrcSet(image.src)}
          sizes={HERO_SIZES}
          alt={t(image.alt)}
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
          aria-label={paused ? t('home.carousel.play') : t('home.carousel.pause')}
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
            aria-label={t('home.carousel.show', { number: i + 1 })}
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
  const t = useT('home')
  const lp = useLocalePath()
  // The page shows while the account is unknown (as the server renders it, for every visitor); a signed-in user goes on to their dashboard.
  const { user, role } = useAuth()
  if (user && role) return <Navigate to={homeFor(role)} replace />

  return (
    <>
      <section className="relative isolate h-[520px] overflow-hidden">
        <HeroCarousel t={t} />
        <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-4 sm:px-6 lg:px-8">
          <h1 className="max-w-2xl text-4xl font-bold tracking-tight text-white sm:text-5xl">
            {t('home.hero.heading')}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-100">
            {t('home.hero.text')}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/submit-referral" size="lg">
              {t('home.hero.submitReferral')}
            </ButtonLink>
            <ButtonLink to={lp('/browse')} size="lg" variant="outline">
              {t('home.hero.browseHomes')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-center text-3xl font-bold text-slate-900">{t('home.how.heading')}</h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <step.icon className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">
                {i + 1}. {t(step.title)}
              </h3>
              <p className="mt-2 text-slate-600">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-white py-16" aria-labelledby="features-heading">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="features-heading" className="text-center text-3xl font-bold text-slate-900">{t('home.features.heading')}</h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-xl border border-slate-200 p-6">
                <f.icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{t(f.title)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(f.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="operators-heading">
        <div className="rounded-2xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="operators-heading" className="text-3xl font-bold">{t('home.operators.heading')}</h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            {t('home.operators.text')}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={lp('/for-operators')} variant="outline" size="lg">
              {t('home.operators.learnMore')}
            </ButtonLink>
            <ButtonLink to="/auth?mode=signup" variant="secondary" size="lg">
              {t('home.operators.getStarted')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 pb-8 sm:px-6" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-center text-3xl font-bold text-slate-900">{t('home.faq.heading')}</h2>
        <div className="mt-8 space-y-3">
          {FAQ.map((item) => (
            <details key={item.q} className="group rounded-lg border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer font-medium text-slate-900">{t(item.q)}</summary>
              <p className="mt-2 text-slate-600">{t(item.a)}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  )
}
