import { CalendarCheck, MapPin, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from '../../../../lib/toast'
import { Badge } from '../../../../components/ui/badge'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent } from '../../../../components/ui/card'
import { ConfirmDialog, Dialog } from '../../../../components/ui/dialog'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs'
import { ApiError, errorMessage } from '../../../../lib/api'
import { money } from '../../../../lib/format'
import { licensingLabel } from '../../../../lib/labels'
import { useConfirmBeds } from '../../api/confirm-beds'
import { useDeleteProperty } from '../../api/delete-property'
import { useGeocodeProperty } from '../../api/geocode-property'
import type { MyProperty } from '../../api/properties'
import { useUpdateProperty, type PropertyChanges } from '../../api/update-property'
import { BedsFreshness } from '../../../properties'
import { ImageManager } from './ImageManager'
import { PropertyForm } from './PropertyForm'
import { VideoManager } from './VideoManager'
import { CARE_LEVEL_LABELS, FUNDING_SOURCE_LABELS, labelsOf } from '@server/features/care/care-extras.constants'
import { NoMapPositionNotice } from '../../../properties'


/** One of the operator's properties with its Details, Images and Videos tabs. */
export function PropertyCard({ property: p, onUpgrade }: { property: MyProperty; onUpgrade: (reason: string) => void }) {
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const update = useUpdateProperty()
  const deletion = useDeleteProperty()
  const geocoding = useGeocodeProperty()
  const confirming = useConfirmBeds()
  const busy = deletion.isPending || geocoding.isPending || confirming.isPending

  const save = async (values: PropertyChanges) => {
    try {
      // A field emptied in the form clears the stored value.
      const changes = { ...values, monthly_fee: values.monthly_fee ?? null, description: values.description ?? null, license_number: values.license_number ?? null }
      await update.mutateAsync({ id: p.id, changes })
      toast.success('Property updated')
      setEditing(false)
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) toast.error('Validation Error', { description: error.message })
      else toast.error(errorMessage(error, 'Failed to update property'))
      throw error
    }
  }
  // mutateAsync, not mutate's callbacks: the refetch removes this card, and
  // react-query skips a per-call onSuccess once its component has unmounted.
  const remove = async () => {
    try {
      await deletion.mutateAsync(p.id)
      toast.success('Property deleted successfully')
      setDeleting(false)
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete property'))
    }
  }
  const geocode = () =>
    geocoding.mutate(p.id, {
      onSuccess: () => toast.success('Property geocoded', { description: 'The home now appears on the map.' }),
      onError: () => toast.error('Failed to geocode property'),
    })
  const confirm = () =>
    confirming.mutate(
      { id: p.id },
      {
        onSuccess: () => toast.success('Beds confirmed', { description: `${p.available_beds} of ${p.total_beds} beds available at ${p.name}.` }),
        onError: (error) => toast.error(errorMessage(error, 'Failed to confirm beds')),
      },
    )
  const toggleActive = async () => {
    try {
      await update.mutateAsync({ id: p.id, changes: { is_active: !p.is_active } })
    } catch (error) {
      if (error instanceof ApiError && error.code === 'premium_required') onUpgrade(error.message)
      else toast.error(errorMessage(error, 'Failed to update property'))
    }
  }

  return (
    <Card aria-label={p.name}>
      <CardContent className="space-y-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">
              <Link to={`/property/${p.id}`} className="hover:underline">
                {p.name}
              </Link>
            </h3>
            <p className="text-sm text-slate-600">
              {p.address}, {p.city}, {p.state} {p.zip_code}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge tone={p.is_active ? 'green' : 'gray'}>{p.is_active ? 'Active' : 'Inactive'}</Badge>
              <Badge tone="blue">{licensingLabel(p.licensing_type)}</Badge>
              {p.latitude == null && <Badge tone="amber">Not on map</Badge>}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={confirm} disabled={busy} aria-label={`Confirm beds at ${p.name}`}>
              <CalendarCheck className="h-4 w-4" aria-hidden="true" /> Confirm beds
            </Button>
            {p.latitude == null && (
              <Button size="sm" variant="outline" onClick={geocode} disabled={busy}>
                <MapPin className="h-4 w-4" aria-hidden="true" /> Geocode
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={toggleActive}>
              {p.is_active ? 'Deactivate' : 'Activate'}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
            </Button>
            <Button size="sm" variant="destructive" onClick={() => setDeleting(true)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </Button>
          </div>
        </div>
        {p.latitude == null && <NoMapPositionNotice zip={p.zip_code} />}
        <Tabs defaultValue="details">
          <TabsList aria-label={`${p.name} sections`}>
            <TabsTrigger value="details">Details</TabsTrigger>
            <TabsTrigger value="images">Images ({p.images.length})</TabsTrigger>
            <TabsTrigger value="videos">Videos ({p.videos.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="details">
            <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-500">Beds</dt>
                <dd className="text-slate-900">
                  {p.available_beds} of {p.total_beds} beds available
                </dd>
                <dd>
                  <BedsFreshness confirmedAt={p.beds_confirmed_at} className="mt-1" />
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Monthly fee</dt>
                <dd className="text-slate-900">{p.monthly_fee_cents == null ? '—' : `${money(p.monthly_fee_cents)}/month`}</dd>
              </div>
              <div>
                <dt className="text-slate-500">License number</dt>
                <dd className="text-slate-900">{p.license_number || '—'}</dd>
              </div>
              <div className="sm:col-span-3">
                <dt className="text-slate-500">Description</dt>
                <dd className="text-slate-900">{p.description || '—'}</dd>
              </div>
              {/* Undeclared, a home is not matched to referrals that name a level of care or funding. */}
              <div className="sm:col-span-3">
                <dt className="text-slate-500">Levels of care</dt>
                <dd className="text-slate-900">{labelsOf(p.care_levels, CARE_LEVEL_LABELS).join(', ') || 'Not declared'}</dd>
              </div>
              <div className="sm:col-span-3">
                <dt className="text-slate-500">Funding accepted</dt>
                <dd className="text-slate-900">{labelsOf(p.funding_accepted, FUNDING_SOURCE_LABELS).join(', ') || 'Not declared'}</dd>
              </div>
              {p.amenities.length > 0 && (
                <div className="sm:col-span-3">
                  <dt className="text-slate-500">Amenities</dt>
                  <dd className="text-slate-900">{p.amenities.join(', ')}</dd>
                </div>
              )}
            </dl>
          </TabsContent>
          <TabsContent value="images">
            <ImageManager property={p} onUpgrade={onUpgrade} />
          </TabsContent>
          <TabsContent value="videos">
            <VideoManager property={p} onUpgrade={onUpgrade} />
          </TabsContent>
        </Tabs>
      </CardContent>
      <Dialog open={editing} onOpenChange={setEditing} title={`Edit ${p.name}`} className="max-w-2xl">
        <PropertyForm property={p} submitLabel="Save Changes" onSubmit={save} onCancel={() => setEditing(false)} />
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete Property"
        description={`Delete ${p.name}? Its photos, videos, tours and reviews are removed too. This cannot be undone.`}
        confirmLabel="Delete Property"
        variant="destructive"
        busy={busy}
        onConfirm={remove}
      />
    </Card>
  )
}
