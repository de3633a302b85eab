import { Crown, Film, Trash2 } from 'lucide-react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card'
import { errorMessage } from '../../../../lib/api'
import { fileSize } from '../../../../lib/format'
import { MAX_VIDEO_BYTES } from '@server/features/properties/video-rules'
import { useAuth } from '../../../auth'
import type { MyProfile } from '../../api/dashboard'
import { useDeleteIntroVideo } from '../../api/delete-intro-video'
import { useUploadIntroVideo } from '../../api/upload-intro-video'
import { VideoRecorder } from '../properties/VideoRecorder'
import { UploadProgress } from '../UploadProgress'
import { useVideoUpload } from '../use-video-upload'

const PREMIUM_MESSAGE = 'Upgrade to Premium to add a video introduction'

/**
 * The video introduction (Premium): upload an mp4, webm or mov of
 * up to 100 MB, or record one in the browser, with the same rules and
 * recorder as property videos. A new one replaces the old. After a downgrade
 * the video is hidden publicly but kept, and can still be removed.
 */
export function IntroVideoCard({ profile, onUpgrade }: { profile: Pick<MyProfile, 'video_intro'>; onUpgrade: (reason: string) => void }) {
  const { subscription } = useAuth()
  const premium = !!subscription?.subscribed
  const uploading = useUploadIntroVideo()
  const deletion = useDeleteIntroVideo()
  const video = useVideoUpload({
    upload: ([file], onProgress) => uploading.mutateAsync({ file, onProgress }),
    saved: 'Video introduction saved',
    onUpgrade,
    allow: () => {
      if (!premium) onUpgrade(PREMIUM_MESSAGE)
      return premium
    },
  })
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
            <Button size="sm" variant="ghost" onClick={remove} disabled={video.busy}>
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
            <input {...video.inputProps} aria-label="Upload a video introduction" />
            <Button size="sm" onClick={video.choose} disabled={video.busy}>
              <Film className="h-4 w-4" aria-hidden="true" /> Upload Video Introduction
            </Button>
            {video.progress !== null && <UploadProgress percent={video.progress} label="Uploading video introduction" />}
            <VideoRecorder onUpload={video.record} disabled={video.busy} />
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
