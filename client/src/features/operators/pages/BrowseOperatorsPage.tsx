import { useInfiniteQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '../../../lib/toast'
import { useTypedBeforeHydration } from '../../../lib/typed-before-hydration'
import { LICENSE_FILTERS } from '@server/features/operators/browse-operators.schemas'
import { SPECIALIZATION_LABELS, SPECIALIZATIONS } from '@server/features/care/care-extras.constants'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input, Select } from '../../../components/ui/input'
import { Page } from '../../../components/ui/page'
import { useAuth } from '../../auth'
import { InviteDialog } from '../../invitations'
import { operatorFiltersOf, operatorSearchQuery, type OperatorCard as Operator, type OperatorFilters } from '../api/operators'
import { OperatorCard } from '../components/OperatorCard'

/** The filter form's fields for a search. */
const formOf = (f: OperatorFilters) => ({ state: f.state ?? '', city: f.city ?? '', license_type: f.license_type, specialization: f.specialization ?? '' })

/** Browse Premium Operators: public; inviting needs a signed-in viewer. */
export function BrowseOperatorsPage() {
  const { user } = useAuth()
  const [params, setParams] = useSearchParams()
  const applied = useMemo(() => operatorFiltersOf(params), [params])
  const [form, setForm] = useState(() => formOf(applied))
  // Back and Forward change the URL: show the filters of the search on screen. Set while rendering, when
  // the search changes, not in an effect: an effect set them on mount too, a second render of the whole page.
  const [formFor, setFormFor] = useState(applied)
  if (formFor !== applied) {
    setFormFor(applied)
    setForm(formOf(applied))
  }
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, (name, value) => setForm((f) => ({ ...f, [name]: value })))
  const [inviting, setInviting] = useState<Operator | null>(null)
  const query = useInfiniteQuery(operatorSearchQuery(applied))
  const items = query.data?.pages.flatMap((p) => p.items) ?? []

  useEffect(() => {
    if (query.isError) toast.error('Failed to load operators')
  }, [query.isError])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const next = new URLSearchParams()
    if (form.state.trim()) next.set('state', form.state.trim())
    if (form.city.trim()) next.set('city', form.city.trim())
    if (form.license_type !== 'all') next.set('license_type', form.license_type)
    if (form.specialization) next.set('specialization', form.specialization)
    setParams(next)
    if (next.toString() === params.toString()) void query.refetch()
  }
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }))

  return (
    // Not "Verified": the list holds every Premium operator, verified or not; the Verified badge says which (badges/badge-rules.ts).
    <Page title="Browse Premium Operators" subtitle="Premium group-home operators ready to receive your referrals. The Verified badge marks those whose license an admin checked.">
      <Card className="mb-6">
        <CardContent className="pt-5">
          <search aria-label="Filter operators">
          <form ref={formRef} onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
            <Field label="State">
              <Input name="state" placeholder="TX or Texas" value={form.state} onChange={set('state')} />
            </Field>
            <Field label="City">
              <Input name="city" placeholder="Austin" value={form.city} onChange={set('city')} />
            </Field>
            <Field label="License Type">
              <Select value={form.license_type} onChange={set('license_type')}>
                {LICENSE_FILTERS.map((l) => (
                  <option key={l.value} value={l.value}>
                    {l.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Specialization">
              <Select value={form.specialization} onChange={set('specialization')}>
                <option value="">All Specializations</option>
                {SPECIALIZATIONS.map((s) => (
                  <option key={s} value={s}>
                    {SPECIALIZATION_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit" disabled={query.isFetching && !query.isFetchingNextPage}>
              <Search className="h-4 w-4" aria-hidden="true" />
              Search Operators
            </Button>
          </form>
          </search>
        </CardContent>
      </Card>

      {query.isPending ? (
        <p className="py-10 text-center text-slate-600" role="status">
          Loading operators...
        </p>
      ) : items.length === 0 ? (
        <p className="py-10 text-center text-slate-600">No premium operators found. Try adjusting your search filters.</p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((o) => (
            <OperatorCard key={o.id} operator={o} onInvite={user ? () => setInviting(o) : undefined} />
          ))}
        </div>
      )}
      {query.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
      {inviting && <InviteDialog key={inviting.id} operator={inviting} open onOpenChange={(open) => !open && setInviting(null)} />}
    </Page>
  )
}
