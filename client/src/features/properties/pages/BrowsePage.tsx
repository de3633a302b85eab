import { useInfiniteQuery } from '@tanstack/react-query'
import { List, Map as MapIcon, Search } from 'lucide-react'
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { INVALID_ZIP, ZIP_NOT_FOUND } from '@server/features/geo/geo.constants'
import { RADIUS_OPTIONS } from '@server/features/properties/browse.constants'
import { CARE_LEVEL_LABELS, CARE_LEVELS, FUNDING_SOURCE_LABELS, FUNDING_SOURCES } from '@server/features/care/care-extras.constants'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input, Select } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { browseFiltersOf, propertySearchQuery, type BrowseFilters } from '../api/properties'
import { PropertyActions } from '../components/PropertyActions'
import { PropertyCard } from '../components/PropertyCard'
import { NO_MAP_POSITION } from '../components/NoMapPosition'
import { useConfig } from '../../../lib/config'
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration'
import { ApiError } from '../../../lib/api'

// The map (d3-geo, topojson, the US outlines) loads only when someone opens it.
const ResultsMap = lazy(() => import('../components/ResultsMap'))

/** The filter form's fields for a search. */
const formOf = (f: BrowseFilters) => ({
  state: f.state ?? '',
  city: f.city ?? '',
  zip: f.zip ?? '',
  radius: String(f.radius),
  fresh: !!f.confirmed_recently,
  care_level: f.care_level ?? '',
  funding: f.funding ?? '',
})

/**
 * Browse Group Homes: filters live in the URL, so a search can be
 * shared and Back returns to it. Filtering, distance and paging happen on the
 * server; 'Load more' fetches the next page.
 */
export function BrowsePage() {
  const [params, setParams] = useSearchParams()
  const applied = useMemo(() => browseFiltersOf(params), [params])
  const view = params.get('view') === 'map' ? 'map' : 'list'
  const freshDays = useConfig()?.beds_fresh_days ?? 14
  const [form, setForm] = useState(() => formOf(applied))
  // Back and Forward change the URL: show the filters of the search on screen. Set while rendering, when
  // the search changes, not in an effect: an effect set them on mount too, a second render of the whole page
  // in one long task right after it hydrated.
  const [formFor, setFormFor] = useState(applied)
  if (formFor !== applied) {
    setFormFor(applied)
    setForm(formOf(applied))
  }
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, (name, value) => setForm((f) => ({ ...f, [name]: value })))
  const query = useInfiniteQuery(propertySearchQuery(applied))
  const location = query.data?.pages[0]?.location ?? null
  const pages = query.data?.pages ?? []
  const items = pages.flatMap((p) => p.items)
  // Radius searches keep homes without a map position, after every home with a distance (the server says where they start):
  // they are listed apart, under their own heading, never mixed into the nearby ones.
  const near = pages.flatMap((p) => (p.no_map_position?.from == null ? p.items : p.items.slice(0, p.no_map_position.from)))
  const unplaced = pages.flatMap((p) => (p.no_map_position?.from == null ? [] : p.items.slice(p.no_map_position.from)))
  const unplacedTotal = pages[0]?.no_map_position?.total ?? 0

  // A ZIP in the wrong format is refused by the server (422 naming the field); an unknown one is answered
  // without a location (the server then falls back to homes listing exactly that zip_code).
  const refusedZip = query.error instanceof ApiError ? query.error.fields?.zip : undefined
  const zipProblem = refusedZip
    ? refusedZip === INVALID_ZIP
      ? 'a ZIP code has 5 digits, or 5+4 like 78704-1234'
      : refusedZip
    : applied.zip && query.isSuccess && !location
      ? ZIP_NOT_FOUND
      : null
  // Said beside the ZIP field, for as long as the field still holds that ZIP, not in a toast that fades.
  const zipError = zipProblem && form.zip.trim() === applied.zip ? `Invalid ZIP Code: ${zipProblem}` : undefined

  useEffect(() => {
    if (query.isError && !refusedZip) toast.error('Failed to load properties')
  }, [query.isError, refusedZip])

  // After Search (or a wider radius), the results are brought into view once they are in: on a phone they start
  // below the whole filter form, and a page that does not move looks like a search that did nothing.
  const results = useRef<HTMLDivElement>(null)
  const [reveal, setReveal] = useState(false)
  const searching = query.isFetching && !query.isFetchingNextPage
  useEffect(() => {
    if (!reveal || searching) return
    setReveal(false)
    // A ZIP problem is said at the field, above: stay there.
    if (zipProblem) return
    const top = results.current?.getBoundingClientRect().top
    if (top !== undefined && top > window.innerHeight * 0.6) results.current?.scrollIntoView({ block: 'start' })
  }, [reveal, searching, zipProblem])
  // The next radius out, offered when nothing is near enough.
  const wider = location ? RADIUS_OPTIONS.find((r) => r > location.radius) : undefined
  const widen = () => {
    if (!wider) return
    const next = new URLSearchParams(params)
    next.set('radius', String(wider))
    setParams(next, { preventScrollReset: true })
    setReveal(true)
  }
  const widenButton = wider ? (
    <Button variant="outline" className="mt-3" onClick={widen}>
      Search {wider} miles
    </Button>
  ) : null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const zip = form.zip.trim()
    // Even a malformed ZIP becomes the search (the server refuses it): the results of an earlier search never stay under its message.
    const next = new URLSearchParams()
    if (form.state.trim()) next.set('state', form.state.trim())
    if (form.city.trim()) next.set('city', form.city.trim())
    if (zip) next.set('zip', zip)
    next.set('radius', form.radius)
    if (form.fresh) next.set('confirmed_recently', '1')
    if (form.care_level) next.set('care_level', form.care_level)
    if (form.funding) next.set('funding', form.funding)
    if (view === 'map') next.set('view', 'map')
    // The page stays where it is (not back to the top): the results are brought into view when they arrive.
    setParams(next, { preventScrollReset: true })
    setReveal(true)
    // Searching again with the same filters still refreshes the results.
    if (next.toString() === params.toString()) void query.refetch()
  }

  const setView = (v: 'list' | 'map') => {
    const next = new URLSearchParams(params)
    if (v === 'map') next.set('view', 'map')
    else next.delete('view')
    // The page keeps its place and the toggle comes to the top, the list or the map right under it.
    setParams(next, { replace: true, preventScrollReset: true })
    results.current?.scrollIntoView({ block: 'start' })
  }
  const set = (key: 'state' | 'city' | 'zip' | 'radius' | 'care_level' | 'funding') => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }))

  return (
    <Page title="Browse Group Homes" subtitle="Find licensed and family-operated group homes with open beds near you.">
      <Card className="mb-6">
        <CardContent className="pt-5">
          <search aria-label="Filter properties">
          <form ref={formRef} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
            <Field label="State">
              <Input name="state" placeholder="TX or Texas" value={form.state} onChange={set('state')} />
            </Field>
            <Field label="City">
              <Input name="city" placeholder="Austin" value={form.city} onChange={set('city')} />
            </Field>
            <Field label="ZIP Code" error={zipError}>
              <Input name="zip" inputMode="numeric" placeholder="78704" value={form.zip} onChange={set('zip')} />
            </Field>
            <Field label="Radius">
              <Select value={form.radius} onChange={set('radius')}>
                {RADIUS_OPTIONS.map((r) => (
                  <option key={r} value={r}>
                    {r} miles
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Level of care">
              <Select value={form.care_level} onChange={set('care_level')}>
                <option value="">Any level of care</option>
                {CARE_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {CARE_LEVEL_LABELS[l]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Funding accepted">
              <Select value={form.funding} onChange={set('funding')}>
                <option value="">Any funding</option>
                {FUNDING_SOURCES.map((f) => (
                  <option key={f} value={f}>
                    {FUNDING_SOURCE_LABELS[f]}
                  </option>
                ))}
              </Select>
            </Field>
            <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2 lg:col-span-3 lg:h-10">
              <input
                type="checkbox"
                name="fresh"
                className="h-4 w-4 rounded border-slate-400"
                checked={form.fresh}
                onChange={(e) => setForm((f) => ({ ...f, fresh: e.target.checked }))}
              />
              Confirmed in the last {freshDays} days
            </label>
            <Button type="submit" disabled={searching}>
              <Search className="h-4 w-4" aria-hidden="true" />
              {searching ? 'Searching...' : 'Search'}
            </Button>
          </form>
          </search>
          {location && (
            <p className="mt-4 text-sm text-slate-700" role="status">
              Searching within {location.radius} miles of {location.zip}
            </p>
          )}
        </CardContent>
      </Card>

      <div ref={results} className="mb-4 flex scroll-mt-20 flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="results-count">
          {query.isSuccess && items.length > 0 && `${items.length}${query.hasNextPage ? '+' : ''} ${items.length === 1 ? 'home' : 'homes'} found`}
        </p>
        <fieldset className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
          <legend className="sr-only">Show results as</legend>
          {(['list', 'map'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium ${view === v ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {v === 'list' ? <List className="h-4 w-4" aria-hidden="true" /> : <MapIcon className="h-4 w-4" aria-hidden="true" />}
              {v === 'list' ? 'List' : 'Map'}
            </button>
          ))}
        </fieldset>
      </div>

      {refusedZip ? (
        <p className="py-10 text-center text-slate-600">Correct the ZIP code to see homes.</p>
      ) : query.isPending ? (
        <p className="py-10 text-center text-slate-600" role="status">
          Loading properties...
        </p>
      ) : items.length === 0 ? (
        location ? (
          <div className="py-10 text-center text-slate-600">
            <p>
              No homes within {location.radius} miles of {location.zip}.
            </p>
            {widenButton}
          </div>
        ) : zipProblem ? null : (
          // An unknown ZIP is said once, at the field; this would contradict it.
          <p className="py-10 text-center text-slate-600">No properties available at this time. Try adjusting your search filters.</p>
        )
      ) : (
        <PropertyActions>
          {({ scheduleTour, inviteFor }) =>
            view === 'map' ? (
              <Suspense fallback={<p role="status" className="py-10 text-center text-slate-600">Loading map...</p>}>
                <ResultsMap
                  items={items}
                  location={location}
                  state={applied.state}
                  renderCard={(p) => <PropertyCard property={p} onScheduleTour={() => scheduleTour(p)} onInvite={inviteFor(p)} />}
                />
              </Suspense>
            ) : (
              <>
                {near.length > 0 ? (
                  <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                    {near.map((p) => (
                      <PropertyCard key={p.id} property={p} onScheduleTour={() => scheduleTour(p)} onInvite={inviteFor(p)} />
                    ))}
                  </div>
                ) : (
                  location && (
                    <div className="py-6 text-center text-slate-600">
                      <p>
                        No homes with a known distance within {location.radius} miles of {location.zip}.
                      </p>
                      {widenButton}
                    </div>
                  )
                )}
                {location && unplaced.length > 0 && (
                  <section aria-labelledby="distance-unknown" className="mt-10 border-t border-slate-200 pt-8">
                    <h2 id="distance-unknown" className="text-xl font-semibold text-slate-900">
                      Distance unknown: {unplacedTotal} {unplacedTotal === 1 ? 'home' : 'homes'} with {NO_MAP_POSITION.toLowerCase()}
                    </h2>
                    <p className="mt-1 mb-6 max-w-3xl text-sm text-slate-700">
                      These homes in {location.state} match your other filters, but their ZIP code could not be placed on the map, so we
                      cannot tell how far they are from {location.zip}. They may be well outside {location.radius} miles: check the city on each
                      card.
                    </p>
                    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                      {unplaced.map((p) => (
                        <PropertyCard key={p.id} property={p} distanceUnknown onScheduleTour={() => scheduleTour(p)} onInvite={inviteFor(p)} />
                      ))}
                    </div>
                  </section>
                )}
              </>
            )
          }
        </PropertyActions>
      )}
      {query.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </Page>
  )
}
