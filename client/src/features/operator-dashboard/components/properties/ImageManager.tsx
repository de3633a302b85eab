import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { toast } from '../../../../lib/toast'
import { Badge } from '../../../../components/ui/badge'
import { Button } from '../../../../components/ui/button'
import { ApiError, errorMessage } from '../../../../lib/api'
import { useAuth } from '../../../auth'
import { useDeleteMedia } from '../../api/delete-media'
import type { MyProperty } from '../../api/properties'
import { useReorderImages } from '../../api/reorder-images'
import { useUploadImages } from '../../api/upload-images'
import { UploadProgress } from '../UploadProgress'
import { FREE_PHOTO_MESSAGE } from '@server/features/billing/plans'

const MAX_IMAGES = 10

/**
 * How many photos there are against the plan's limit. A free operator who was
 * Premium can hold more than the limit: the extra ones are kept but not shown
 * publicly, and the sentence says that instead of '3 of 1 photo'.
 */
const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`

function photoCountText(count: number, max: number, premium: boolean) {
  if (premium) return `${count} of ${max} photos.`
  if (count > max) return `${photos(count)}; the free plan shows the first ${max === 1 ? 'one' : photos(max)} publicly and keeps the others hidden until you upgrade.`
  return `${count} of ${photos(max)} (free plan).`
}

/** Photos of a property: upload with progress, the first is Featured, reorder and delete. */
export function ImageManager({ property: p, onUpgrade }: { property: MyProperty; onUpgrade: (reason: string) => void }) {
  const { subscription } = useAuth()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const uploading = useUploadImages()
  const reordering = useReorderImages()
  const deletion = useDeleteMedia()
  const busy = reordering.isPending || deletion.isPending
  const premium = !!subscription?.subscribed
  const max = premium ? MAX_IMAGES : 1
  const items = p.image_items

  // The files of the last upload that were not added, each with the server's reason (kept on screen, not in a toast that fades).
  const [left, setLeft] = useState<{ name: string; reason: string }[]>([])

  const pick = async (list: FileList | null) => {
    const files = [...(list ?? [])].filter((f) => f.type.startsWith('image/'))
    if (input.current) input.current.value = ''
    if (files.length === 0) return
    setLeft([])
    // Nothing fits: the home is at its plan's limit. Otherwise the server keeps what fits and names the rest.
    if (items.length >= MAX_IMAGES) return void toast.error('Too many files', { description: `Maximum ${MAX_IMAGES} images allowed` })
    if (items.length >= max) return onUpgrade(FREE_PHOTO_MESSAGE)
    setProgress(0)
    try {
      const result = await uploading.mutateAsync({ id: p.id, files, onProgress: setProgress })
      const notAdded = result.files.flatMap((f) => (f.added ? [] : [{ name: f.name, reason: f.reason ?? '' }]))
      setLeft(notAdded)
      toast.success('Upload successful', {
        description: `${photos(result.uploaded)} added${notAdded.length ? `, ${notAdded.length} not added` : ''}.`,
      })
    } catch (error) {
      if (error instanceof ApiError && error.code === 'premium_required') onUpgrade(error.message)
      else if (error instanceof ApiError && error.code === 'too_many_files') toast.error('Too many files', { description: error.message })
      else toast.error('Upload failed', { description: errorMessage(error, 'Could not upload the photos') })
    } finally {
      setProgress(null)
    }
  }

  const move = async (index: number, by: number) => {
    const ids = items.map((i) => i.id)
    const [id] = ids.splice(index, 1)
    ids.splice(index + by, 0, id!)
    reordering.mutate({ id: p.id, ids }, { onError: (error) => toast.error(errorMessage(error, 'Failed to reorder photos')) })
  }
  const remove = (mediaId: string) =>
    deletion.mutate(
      { id: p.id, mediaId },
      {
        onSuccess: () => toast.success('Photo deleted'),
        onError: (error) => toast.error(errorMessage(error, 'Failed to delete photo')),
      },
    )

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" data-testid="photo-count">
          {photoCountText(items.length, max, premium)} The first photo is the featured one.
        </p>
        <input ref={input} type="file" accept="image/*" multiple className="sr-only" aria-label={`Upload photos for ${p.name}`} onChange={(e) => pick(e.target.files)} />
        <Button size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
          <ImagePlus className="h-4 w-4" aria-hidden="true" /> Upload Photos
        </Button>
      </div>
      {progress !== null && <UploadProgress percent={progress} label="Uploading photos" />}
      {left.length > 0 && <LeftFiles files={left} onUpgrade={premium ? undefined : () => onUpgrade(FREE_PHOTO_MESSAGE)} onDismiss={() => setLeft([])} />}
      {items.length === 0 ? (
        <p className="text-slate-600">No photos yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {items.map((img, i) => (
            <li key={img.id} className="relative overflow-hidden rounded-lg border border-slate-200">
              <img src={img.thumb_url} alt={`${p.name}, ${i + 1} of ${items.length}`} width={400} height={300} loading="lazy" decoding="async" className="aspect-[4/3] w-full object-cover" />
              {i === 0 && (
                <Badge tone="brand" className="absolute left-2 top-2">
                  Featured
                </Badge>
              )}
              {i >= max && (
                <Badge tone="gray" className="absolute left-2 top-2">
                  Hidden on the free plan
                </Badge>
              )}
              <div className="flex justify-between gap-1 p-1">
                <Button size="icon" variant="ghost" aria-label={`Move photo ${i + 1} earlier`} disabled={busy || i === 0} onClick={() => move(i, -1)}>
                  <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button size="icon" variant="ghost" aria-label={`Delete photo ${i + 1}`} disabled={busy} onClick={() => remove(img.id)}>
                  <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" />
                </Button>
                <Button size="icon" variant="ghost" aria-label={`Move photo ${i + 1} later`} disabled={busy || i === items.length - 1} onClick={() => move(i, 1)}>
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The files of an upload that were not added, grouped by the reason the server gave. */
function LeftFiles({ files, onUpgrade, onDismiss }: { files: { name: string; reason: string }[]; onUpgrade?: () => void; onDismiss: () => void }) {
  const reasons = [...new Set(files.map((f) => f.reason))]
  return (
    <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">
        {files.length === 1 ? '1 file was not added' : `${files.length} files were not added`}
      </p>
      <ul className="space-y-1">
        {reasons.map((reason) => (
          <li key={reason}>
            <span className="break-all font-medium">{files.filter((f) => f.reason === reason).map((f) => f.name).join(', ')}</span>: {reason}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {onUpgrade && reasons.includes(FREE_PHOTO_MESSAGE) && (
          <Button size="sm" onClick={onUpgrade}>
            Upgrade to Premium
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  )
}
