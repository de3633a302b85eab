import { Crown, Film, Trash2 } from 'lucide-react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { errorMessage } from '../../../../lib/api'
import { fileSize } from '../../../../lib/format'
import { useAuth } from '../../../auth'
import { useDeleteMedia } from '../../api/delete-media'
import type { MyProperty } from '../../api/properties'
import { useUploadVideos } from '../../api/upload-videos'
import { UploadProgress } from '../UploadProgress'
import { useVideoUpload } from '../use-video-upload'
import { MAX_VIDEO_BYTES } from '@server/features/properties/video-rules'
import { VideoRecorder } from './VideoRecorder'

const MAX_VIDEOS = 3

/** Videos of a property (premium): upload mp4/webm/mov up to 100 MB, or record one; at most 3. */
export function VideoManager({ property: p, onUpgrade }: { property: MyProperty; onUpgrade: (reason: string) => void }) {
  const { subscription } = useAuth()
  const premium = !!subscription?.subscribed
  const uploading = useUploadVideos()
  const deletion = useDeleteMedia()
  const video = useVideoUpload({
    upload: (files, onProgress) => uploading.mutateAsync({ id: p.id, files, onProgress }),
    saved: 'Video uploaded',
    onUpgrade,
    allow: (files) => {
      if (!premium) toast.error('Premium Feature', { description: 'Upgrade to Premium to upload property videos' })
      else if (p.videos.length + files.length > MAX_VIDEOS) toast.error('Too many videos', { description: `Maximum ${MAX_VIDEOS} videos per property` })
      else return true
      return false
    },
  })
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
        <input {...video.inputProps} multiple aria-label={`Upload videos for ${p.name}`} />
        <Button size="sm" onClick={video.choose} disabled={video.busy}>
          <Film className="h-4 w-4" aria-hidden="true" /> Upload Video
        </Button>
      </div>
      {video.progress !== null && <UploadProgress percent={video.progress} label="Uploading video" />}
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
      <VideoRecorder onUpload={video.record} disabled={video.busy || p.videos.length >= MAX_VIDEOS} />
    </div>
  )
}
