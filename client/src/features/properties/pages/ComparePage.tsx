import { CARE_LEVEL_LABELS, FUNDING_SOURCE_LABELS } from '@server/features/care/care-extras.constants'
import { useQueries } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Page } from '../../../components/ui/page'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../lib/api'
import { useT } from '../../../lib/i18n'
import { toast } from '../../../lib/toast'
import { ratingText } from '../../../lib/format'
import { useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../../lib/query-keys'
import { propertyQuery, type PropertyDetail } from '../api/properties'
import { saveToShortlist, useLocalShortlist, useShortlist, writeLocal } from '../api/shortlist'
import { BedsFreshness } from '../components/BedsFreshness'

type T = ReturnType<typeof useT>

/**
 * /compare: the shortlist's homes side by side (one column each at 1280 px,
 * stacked on a phone), the same facts in the same order in each: care levels,
 * beds open and when confirmed, monthly fee, funding accepted, location,
 * rating. A visitor's list is this browser's; signed in, the account's, and
 * a list kept in this browser is offered to the account.
 */
export function ComparePage() {
  const t = useT('properties')
  const shortlist = useShortlist()
  const homes = useQueries({ queries: shortlist.ids.map((id) => ({ ...propertyQuery(id), enabled: !shortlist.signedIn })) })
  const fromServer = shortlist.server.data?.items
  const loading = shortlist.signedIn ? shortlist.server.isPending : homes.some((h) => h.isPending)
  const entries: { id: string; home: PropertyDetail | null }[] = shortlist.signedIn
    ? (fromServer ?? []).map((i) => ({ id: i.property_id, home: i.home }))
    : shortlist.ids.map((id, i) => ({ id, home: homes[i]?.data ?? null }))
  return (
    <Page title={t('compare.title')} subtitle={t('compare.subtitle')}>
      {shortlist.signedIn ? <MoveLocalToAccount t={t} /> : shortlist.ids.length > 0 && <p className="mb-4 text-sm text-slate-700">{t('compare.localNote')}</p>}
      {loading ? (
        <Spinner label="Loading" />
      ) : entries.length === 0 ? (
        <div className="space-y-3 py-6 text-center">
          <p className="text-slate-700">{t('compare.empty')}</p>
          <ButtonLink to="/browse" variant="outline">
            {t('compare.browse')}
          </ButtonLink>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4" aria-label={t('compare.title')}>
          {entries.map((e) => (
            <li key={e.id}>
              <HomeColumn id={e.id} home={e.home} t={t} onRemove={() => void shortlist.toggle(e.id)} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  )
}

function HomeColumn({ id, home: h, t, onRemove }: { id: string; home: PropertyDetail | null; t: T; onRemove: () => void }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid={`compare-${id}`}>
      {h ? (
        <>
          <h2 className="text-lg font-semibold wrap-anywhere">
            <Link to={`/property/${encodeURIComponent(h.id)}`} className="text-brand-700 hover:underline">
              {h.name}
            </Link>
          </h2>
          <dl className="space-y-2 text-sm">
            <Row label={t('compare.careLevels')}>{h.care_levels.length ? h.care_levels.map((l) => CARE_LEVEL_LABELS[l]).join(', ') : t('compare.notSpecified')}</Row>
            <Row label={t('compare.beds')}>
              {t('compare.bedsOf', { available: h.available_beds, total: h.total_beds })}
              <BedsFreshness confirmedAt={h.beds_confirmed_at} className="mt-0.5" />
            </Row>
            <Row label={t('compare.price')}>{h.monthly_fee ? t('compare.perMonth', { fee: h.monthly_fee }) : t('compare.contact')}</Row>
            <Row label={t('compare.funding')}>{h.funding_accepted.length ? h.funding_accepted.map((f) => FUNDING_SOURCE_LABELS[f]).join(', ') : t('compare.notSpecified')}</Row>
            <Row label={t('compare.location')}>
              {h.city}, {h.state} {h.zip_code}
            </Row>
            <Row label={t('compare.rating')}>
              {h.average_rating !== null ? t('compare.ratingValue', { rating: ratingText(h.average_rating), count: h.review_count }) : t('compare.noRating')}
            </Row>
          </dl>
        </>
      ) : (
        <p className="text-sm text-slate-600">{t('compare.unavailable')}</p>
      )}
      <Button variant="outline" size="sm" className="mt-auto self-start" onClick={onRemove} aria-label={t('compare.removeNamed', { name: h?.name ?? id.slice(0, 8) })}>
        {t('compare.remove')}
      </Button>
    </Card>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  )
}

/** Signed in with homes still kept in this browser (saved before signing in): offered to the account, then cleared here. */
function MoveLocalToAccount({ t }: { t: T }) {
  const local = useLocalShortlist()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  if (local.length === 0) return null
  const save = async () => {
    if (busy) return
    setBusy(true)
    try {
      for (const id of local) {
        // A home no longer public cannot be saved (404): it is left out; anything else stops the move.
        await saveToShortlist(id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error
        })
      }
      writeLocal([])
      toast.success(t('compare.savedToAccount'))
    } catch (error) {
      toast.error(errorMessage(error, t('shortlist.failed')))
    } finally {
      setBusy(false)
      await queryClient.invalidateQueries({ queryKey: queryKeys.properties.shortlist })
    }
  }
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm" role="status">
      <p>{t('compare.localOffer', { count: local.length })}</p>
      <Button size="sm" aria-disabled={busy || undefined} onClick={save}>
        {t('compare.saveToAccount')}
      </Button>
    </div>
  )
}
