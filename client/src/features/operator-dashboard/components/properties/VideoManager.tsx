import { Crown, Film, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { ApiError, errorMessage } from '../../../../lib/api'
import { fileSize } from '../../../../lib/format'
import { useAuth } from '../../../auth'
import { useDeleteMedia } from '../../api/delete-media'
import type { MyProperty } from '../../api/properties'
import { useUploadVideos } from '../../api/upload-videos'
import { UploadProgress } from '../UploadProgress'
import { MAX_VIDEO_BYTES, VIDEO_TOO_LARGE, VIDEO_TYPE_MESSAGE, VIDEO_TYPES } from '@server/features/properties/video-rules'
import { VideoRecorder } from './VideoRecorder'

const MAX_VIDEOS = 3

/** Videos of a property (premium): upload mp4/webm/mov up to 100 MB, or record one; at most 3. */
export function VideoManager({ property: p, onUpgrade }: { property: MyProperty; onUpgrade: (reason: string) => void }) {
  const { subscription } = useAuth()
  const premium = !!subscription?.subscribed
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const uploading = useUploadVideos()
  const deletion = useDeleteMedia()

  const send = async (files: File[], recorded: boolean) => {
    setProgress(0)
    try {
      await uploading.mutateAsync({ id: p.id, files, onProgress: setProgress })
      toast.success('Video uploaded')
      return true
    } catch (error) {
      if (error instanceof ApiError && error.code === 'premium_required') onUpgrade(error.message)
      else if (error instanceof ApiError && error.code === 'too_many_videos') toast.error('Too many videos', { description: error.message })
      else if (error instanceof ApiError && error.status === 415) toast.error('Invalid file type', { description: error.message })
      else if (error instanceof ApiError && error.status === 413) toast.error('File too large', { description: error.message })
      else toast.error('Upload failed', { description: recorded ? 'Could not upload recorded video' : errorMessage(error, 'Could not upload the video') })
      return false
    } finally {
      setProgress(null)
    }
  }

  const pick = async (list: FileList | null) => {
    const files = [...(list ?? [])]
    if (input.current) input.current.value = ''
    if (files.length === 0) return
    if (!premium) return void toast.error('Premium Feature', { description: 'Upgrade to Premium to upload property videos' })
    if (p.videos.length + files.length > MAX_VIDEOS) return void toast.error('Too many videos', { description: `Maximum ${MAX_VIDEOS} videos per property` })
    if (files.some((f) => !(f.type in VIDEO_TYPES))) return void toast.error('Invalid file type', { description: VIDEO_TYPE_MESSAGE })
    if (files.some((f) => f.size > MAX_VIDEO_BYTES)) return void toast.error('File too large', { description: VIDEO_TOO_LARGE })
    await send(files, false)
  }
  const record = async (file: File) => {
    if (p.videos.length >= MAX_VIDEOS) {
      toast.error('Too many videos', { description: `Maximum ${MAX_VIDEOS} videos per property` })
      return false
    }
    return send([file], true)
  }
  const remove = (mediaId: string) =>
    deletion.mutate(
      { id: p.id, mediaId },
      {
        onSuccess: () => toast.success('Videos updated'),
        onError: (error) => toast.error(errorMessage(error, 'Failed to delete video')),
      },
    )

  if (!premium) {
    return (
      <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
        <p className="flex items-center gap-2 font-semibold text-amber-900">
          <Crown className="h-4 w-4" aria-hidden="true" /> Premium Feature
        </p>
        <p className="text-sm text-amber-900">Upgrade to Premium to upload property videos or record property videos in your browser.</p>
        <Button size="sm" onClick={() => onUpgrade('Upgrade to Premium to upload property videos')}>
          Upgrade
        </Button>
        {p.videos.length > 0 && <p className="text-sm text-amber-900">Your {p.videos.length} earlier video(s) are kept but hidden publicly.</p>}
      </div>
    )
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {p.videos.length} of {MAX_VIDEOS} videos · mp4, webm or mov, up to {fileSize(MAX_VIDEO_BYTES)} each.
        </p>
        <input ref={input} type="file" accept="video/mp4,video/webm,video/quicktime" multiple className="sr-only" aria-label={`Upload videos for ${p.name}`} onChange={(e) => pick(e.target.files)} />
        <Button size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
          <Film className="h-4 w-4" aria-hidden="true" /> Upload Video
        </Button>
      </div>
      {progress !== null && <UploadProgress percent={progress} label="Uploading video" />}
      {p.video_items.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {p.video_items.map((v, i) => (
            <li key={v.id} className="overflow-hidden rounded-lg border border-slate-200">
              {/* biome-ignore lint/a11y/useMediaCaption: operators upload these videos without caption files, so there is no caption track to offer. */}
              <video src={v.url} controls preload="metadata" className="aspect-video w-full bg-black" aria-label={`${p.name} video ${i + 1}`} />
              <div className="flex justify-end p-1">
                <Button size="sm" variant="ghost" onClick={() => remove(v.id)}>
                  <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" /> Delete video {i + 1}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <VideoRecorder onUpload={record} disabled={progress !== null || p.videos.length >= MAX_VIDEOS} />
    </div>
  )
}
