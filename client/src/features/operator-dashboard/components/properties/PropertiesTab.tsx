import { useQuery } from '@tanstack/react-query'
import { CalendarCheck, Plus } from 'lucide-react'
import { useState } from 'react'
import { useConfig } from '../../../../lib/config'
import { useAuth } from '../../../auth'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { Dialog } from '../../../../components/ui/dialog'
import { Field } from '../../../../components/ui/field'
import { Input } from '../../../../components/ui/input'
import { Pager, usePaged } from '../../../../components/ui/pager'
import { Spinner } from '../../../../components/ui/spinner'
import { ApiError, errorMessage } from '../../../../lib/api'
import { useConfirmAllBeds } from '../../api/confirm-beds'
import { useCreateProperty } from '../../api/create-property'
import { myPropertiesQuery } from '../../api/properties'
import { UpgradeDialog } from '../UpgradeDialog'
import { ProfileCompletionCard } from './ProfileCompletionCard'
import { PropertyCard } from './PropertyCard'
import { PropertyForm } from './PropertyForm'
import { PlanLimitNotice, SAVE_INACTIVE_LABEL, planLimitText } from './PlanLimitNotice'

/** Homes per page: each card is tall (details, photos, videos), so a long list is paged instead of stacked. */
const PER_PAGE = 5

/** My Properties: the add form, one card per property (paged, with a filter for long lists), and the Profile Completion card. */
export function PropertiesTab() {
  const properties = useQuery(myPropertiesQuery)
  const [filter, setFilter] = useState('')
  const all = properties.data?.items ?? []
  const wanted = filter.trim().toLowerCase()
  const shown = wanted ? all.filter((p) => `${p.name} ${p.city} ${p.state} ${p.zip_code}`.toLowerCase().includes(wanted)) : all
  const paged = usePaged(shown, PER_PAGE)
  const create = useCreateProperty()
  const confirmAll = useConfirmAllBeds()
  const confirmAllBeds = () =>
    confirmAll.mutate(undefined, {
      onSuccess: ({ confirmed }) => toast.success('Beds confirmed', { description: `Availability confirmed at ${confirmed} ${confirmed === 1 ? 'home' : 'homes'}.` }),
      onError: (error) => toast.error(errorMessage(error, 'Failed to confirm beds')),
    })
  const [adding, setAdding] = useState(false)
  const [upgrade, setUpgrade] = useState<string | null>(null)
  const { subscription } = useAuth()
  const config = useConfig()
  const maxActive = subscription?.subscribed ? null : (config?.plans.free.maxProperties ?? null)
  const activeCount = all.filter((p) => p.is_active).length
  /** Known before she types: on the free plan a home beyond the limit is saved inactive, never refused. */
  const [overLimit, setOverLimit] = useState(false)
  const saveInactive = overLimit || (maxActive != null && properties.isSuccess && activeCount >= maxActive)

  const add = async (values: Parameters<typeof create.mutateAsync>[0]) => {
    try {
      const result = await create.mutateAsync({ ...values, is_active: !saveInactive })
      if (!result.property.is_active) toast.success('Property Saved as Inactive', { description: `${result.property.name} is kept in My Properties, hidden from search.` })
      else if (result.geocoded) toast.success('Property Created', { description: `${result.property.name} is listed.` })
      else toast.warning('Property created but geocoding failed. Address may not appear on map.')
      setAdding(false)
      setOverLimit(false)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'premium_required') {
        // The count changed since the page loaded (another tab): the form stays open with what she typed, to be saved inactive.
        setOverLimit(true)
        toast.warning(error.message)
      } else if (error instanceof ApiError && error.status === 422) toast.error('Validation Error', { description: error.message })
      else toast.error(errorMessage(error, 'Failed to create property'))
      throw error
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">My Properties</h2>
        <div className="flex flex-wrap gap-2">
          {/* More than one active home: one click confirms them all, instead of one card (and page) at a time. */}
          {activeCount > 1 && (
            <Button variant="outline" onClick={confirmAllBeds} disabled={confirmAll.isPending}>
              <CalendarCheck className="h-4 w-4" aria-hidden="true" /> Confirm All Beds
            </Button>
          )}
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Property
          </Button>
        </div>
      </div>
      <ProfileCompletionCard />
      {properties.isPending ? (
        <Spinner label="Loading properties..." />
      ) : properties.isError ? (
        <p className="text-red-700">Failed to load properties</p>
      ) : properties.data.items.length === 0 ? (
        <p className="text-slate-600">You have not listed a property yet. Add your first home to appear in search.</p>
      ) : (
        <div className="space-y-4">
          {all.length > PER_PAGE && (
            <Field label="Find a home" hint={`${all.length} homes: type part of a name, city or ZIP code`} className="max-w-sm">
              <Input
                type="search"
                value={filter}
                onChange={(e) => {
                  setFilter(e.target.value)
                  paged.setPage(1)
                }}
              />
            </Field>
          )}
          {shown.length === 0 && <p className="text-slate-600">No home matches “{filter.trim()}”.</p>}
          <ul className="space-y-4">
            {paged.items.map((p) => (
              <li key={p.id}>
                <PropertyCard property={p} onUpgrade={setUpgrade} />
              </li>
            ))}
          </ul>
          <Pager paged={paged} noun="homes" label="Pages of your homes" />
        </div>
      )}
      <Dialog open={adding} onOpenChange={setAdding} title="Add Property" className="max-w-2xl">
        <PropertyForm
          submitLabel={saveInactive ? SAVE_INACTIVE_LABEL : 'Create Property'}
          notice={saveInactive && <PlanLimitNotice max={maxActive ?? 1} onUpgrade={() => setUpgrade(planLimitText(maxActive ?? 1))} />}
          onSubmit={add}
          onCancel={() => setAdding(false)}
        />
      </Dialog>
      <UpgradeDialog open={!!upgrade} onOpenChange={(o) => !o && setUpgrade(null)} reason={upgrade ?? ''} />
    </div>
  )
}
