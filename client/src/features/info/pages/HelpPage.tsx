import { ChevronDown, Mail, Phone, Search } from 'lucide-react'
import { useId, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Card, CardContent } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { cn } from '../../../lib/cn'
import { useConfig } from '../../../lib/config'
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration'
import { helpGuides, type GuideBlock, type HelpAudience, type HelpGuide } from '../help-guides'
import { filterGuides } from '../help-search'
import { useLocale, useT } from '../../../lib/i18n'
import { useLocalePath } from '../../../lib/i18n/locale-path'

// Labels are keys of the info catalog, written whole.
const TABS: { value: HelpAudience; label: string }[] = [
  { value: 'operators', label: 'info.help.page.forOperators' },
  { value: 'referrers', label: 'info.help.page.forReferrers' },
]

export function HelpPage() {
  const config = useConfig()
  const t = useT('info')
  const locale = useLocale()
  const lp = useLocalePath()
  const [query, setQuery] = useState('')
  const [tab, setTab] = useState<HelpAudience>('operators')
  // One guide open at a time, across both tabs.
  const [openId, setOpenId] = useState<string | null>(null)
  const searchId = useId()
  const searchBox = useRef<HTMLDivElement>(null)
  useTypedBeforeHydration(searchBox, (_, value) => setQuery(String(value)))

  // Built in the language being read: the search looks through the words the visitor reads.
  const guides = useMemo(() => (config ? helpGuides(config, t, locale) : null), [config, t, locale])
  const filtered = useMemo(
    () => (guides ? { operators: filterGuides(guides.operators, query), referrers: filterGuides(guides.referrers, query) } : null),
    [guides, query],
  )
  const searching = query.trim() !== ''

  return (
    <Page title={t('info.help.page.title')} subtitle={t('info.help.page.subtitle')} className="max-w-4xl">
      <div ref={searchBox} className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('info.help.page.searchLabel')}
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input
          id={searchId}
          name="q"
          type="search"
          placeholder={t('info.help.page.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="h-12 pl-9 text-base"
          autoComplete="off"
        />
      </div>

      {!filtered ? (
        <Spinner label={t('info.help.page.loading')} />
      ) : (
        <Tabs value={tab} onValueChange={(v) => setTab(v as HelpAudience)} className="mt-6">
          <TabsList aria-label={t('info.help.page.tabsLabel')} className="grid grid-cols-2 sm:inline-flex">
            {TABS.map((item) => (
              <TabsTrigger key={item.value} value={item.value}>
                {t(item.label)}
                {searching && <span className="ml-1 text-slate-600">({filtered[item.value].length})</span>}
              </TabsTrigger>
            ))}
          </TabsList>
          <p role="status" className="sr-only">
            {searching ? t('info.help.page.found', { count: filtered[tab].length }) : ''}
          </p>
          {TABS.map((audience) => (
            <TabsContent key={audience.value} value={audience.value}>
              {filtered[audience.value].length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t('info.help.page.noResults')}</p>
              ) : (
                <ul className="space-y-3">
                  {filtered[audience.value].map((guide) => (
                    <GuideItem
                      key={guide.id}
                      guide={guide}
                      open={openId === guide.id}
                      onToggle={() => setOpenId((current) => (current === guide.id ? null : guide.id))}
                    />
                  ))}
                </ul>
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}

      {config && (
        <Card className="mt-10">
          <CardContent className="pt-5">
            <h2 className="text-lg font-semibold text-slate-900">{t('info.help.page.stillNeedHelp')}</h2>
            <p className="mt-1 text-sm text-slate-600">
              {t('info.help.page.supportBefore', { hours: config.support_hours })}
              <Link className="text-brand-700 underline" to={lp('/how-it-works')}>{t('info.help.page.supportLink')}</Link>
              {t('info.help.page.supportAfter')}
            </p>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <li className="flex items-center gap-2">
                <Mail className="h-4 w-4 text-slate-500" aria-hidden="true" />
                <a className="text-brand-700 underline" href={`mailto:${config.support_email}`}>{config.support_email}</a>
              </li>
              <li className="flex items-center gap-2">
                <Phone className="h-4 w-4 text-slate-500" aria-hidden="true" />
                <a className="text-brand-700 underline" href={`tel:${config.support_phone.replace(/[^0-9+]/g, '')}`}>{config.support_phone}</a>
              </li>
            </ul>
          </CardContent>
        </Card>
      )}
    </Page>
  )
}

/** A collapsible guide (WAI-ARIA accordion pattern: a heading holding a button). */
function GuideItem({ guide, open, onToggle }: { guide: HelpGuide; open: boolean; onToggle: () => void }) {
  const buttonId = `guide-${guide.id}-button`
  const panelId = `guide-${guide.id}-panel`
  return (
    <li className="rounded-lg border border-slate-200 bg-white" data-guide={guide.id}>
      <h2 className="text-base">
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 rounded-lg px-4 py-3 text-left font-medium text-slate-900 hover:bg-slate-50"
        >
          {guide.title}
          <ChevronDown className={cn('h-5 w-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h2>
      <section id={panelId} aria-labelledby={buttonId} hidden={!open} className="space-y-3 px-4 pb-4 text-slate-700">
        {guide.body.map((block) => (
          <Block key={typeof block === 'string' ? block : block.list.join('\n')} block={block} />
        ))}
      </section>
    </li>
  )
}

function Block({ block }: { block: GuideBlock }) {
  if (typeof block === 'string') return <p>{block}</p>
  return (
    <ul className="list-disc space-y-1 pl-5">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}
