import { Crown, Film, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import { ApiError, errorMessage } from '../../../../lib/api'
import { fileSize } from '../../../../lib/format'
import { MAX_VIDEO_BYTES, VIDEO_TOO_LARGE, VIDEO_TYPE_MESSAGE, VIDEO_TYPES } from '@server/features/properties/video-rules'
import { useAuth } from '../../../auth'
import type { MyProfile } from '../../api/dashboard'
import { useDeleteIntroVideo } from '../../api/delete-intro-video'
import { useUploadIntroVideo } from '../../api/upload-intro-video'
import { VideoRecorder } from '../properties/VideoRecorder'
import { UploadProgress } from '../UploadProgress'

const PREMIUM_MESSAGE = 'Upgrade to Premium to add a video introduction'

/**
 * The video introduction (issue 15, Premium): upload an mp4, webm or mov of
 * up to 100 MB, or record one in the browser, with the same rules and
 * recorder as property videos. A new one replaces the old. After a downgrade
 * the video is hidden publicly but kept, and can still be removed.
 */
export function IntroVideoCard({ profile, onUpgrade }: { profile: Pick<MyProfile, 'video_intro'>; onUpgrade: (reason: string) => void }) {
  const { subscription } = useAuth()
  const premium = !!subscription?.subscribed
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const uploading = useUploadIntroVideo()
  const deletion = useDeleteIntroVideo()

  const send = async (file: File, recorded: boolean) => {
    setProgress(0)
    try {
      await uploading.mutateAsync({ file, onProgress: setProgress })
      toast.success('Video introduction saved')
      return true
    } catch (error) {
      if (error instanceof ApiError && error.code === 'premium_required') onUpgrade(error.message)
      else if (error instanceof ApiError && error.status === 415) toast.error('Invalid file type', { description: error.message })
      else if (error instanceof ApiError && error.status === 413) toast.error('File too large', { description: error.message })
      else toast.error('Upload failed', { description: recorded ? 'Could not upload recorded video' : errorMessage(error, 'Could not upload the video') })
      return false
    } finally {
      setProgress(null)
    }
  }
  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    if (!premium) return onUpgrade(PREMIUM_MESSAGE)
    if (!(file.type in VIDEO_TYPES)) return void toast.error('Invalid file type', { description: VIDEO_TYPE_MESSAGE })
    if (file.size > MAX_VIDEO_BYTES) return void toast.error('File too large', { description: VIDEO_TOO_LARGE })
    await send(file, false)
  }
  const remove = async () => {
    try {
      await deletion.mutateAsync()
      toast.success('Video introduction removed')
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove the video'))
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Video Introduction</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {profile.video_intro && (
          <div className="space-y-2">
            {/* biome-ignore lint/a11y/useMediaCaption: operators upload these videos without caption files, so there is no caption track to offer. */}
            <video src={profile.video_intro} controls preload="metadata" className="aspect-video w-full rounded-lg bg-black" aria-label="Your video introduction" />
            <Button size="sm" variant="ghost" onClick={remove} disabled={progress !== null}>
              <Trash2 className="h-4 w-4 text-red-700" aria-hidden="true" /> Remove video introduction
            </Button>
          </div>
        )}
        {premium ? (
          <>
            <p className="text-sm text-slate-600">
              Introduce yourself and your homes to referrers: shown on your public profile and directory card. mp4, webm or mov, up to {fileSize(MAX_VIDEO_BYTES)}; a new video replaces the
              current one.
            </p>
            <input ref={input} type="file" accept="video/mp4,video/webm,video/quicktime" className="sr-only" aria-label="Upload a video introduction" onChange={(e) => pick(e.target.files?.[0])} />
            <Button size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
              <Film className="h-4 w-4" aria-hidden="true" /> Upload Video Introduction
            </Button>
            {progress !== null && <UploadProgress percent={progress} label="Uploading video introduction" />}
            <VideoRecorder onUpload={(file) => send(file, true)} disabled={progress !== null} />
          </>
        ) : (
          <div className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
            <p className="flex items-center gap-2 font-semibold text-amber-900">
              <Crown className="h-4 w-4" aria-hidden="true" /> Premium Feature
            </p>
            <p className="text-sm text-amber-900">Upgrade to Premium to add a video introduction to your public profile, uploaded or recorded in your browser.</p>
            <Button size="sm" onClick={() => onUpgrade(PREMIUM_MESSAGE)}>
              Upgrade
            </Button>
            {profile.video_intro && <p className="text-sm text-amber-900">Your video introduction is kept but hidden publicly.</p>}
          </div>
        )}
      </CardContent>
    </Card>
  )
}
