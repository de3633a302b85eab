import { type ChangeEvent, useRef, useState } from 'react'
import { MAX_VIDEO_BYTES, VIDEO_TOO_LARGE, VIDEO_TYPE_MESSAGE, VIDEO_TYPES } from '@server/features/properties/video-rules'
import { ApiError, errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'

type Options = {
  /** Sends the files, reporting progress in percent. */
  upload: (files: File[], onProgress: (percent: number) => void) => Promise<unknown>
  /** The toast once a video is saved. */
  saved: string
  onUpgrade: (reason: string) => void
  /** The caller's own rule (Premium, how many videos): false when it refused, having said why. */
  allow?: (files: File[]) => boolean
}

/**
 * Video uploads (a property's videos, the operator's introduction): the same
 * type and size rules as the server, checked before sending; a progress bar
 * while sending; the server's refusals said as toasts, a Premium one as the
 * upgrade dialog. Files come from the hidden file input (`inputProps`, opened
 * by `choose`) or from the in-browser recorder (`record`).
 */
export function useVideoUpload({ upload, saved, onUpgrade, allow = () => true }: Options) {
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)

  const send = async (files: File[], recorded: boolean) => {
    setProgress(0)
    try {
      await upload(files, setProgress)
      toast.success(saved)
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

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])]
    // Cleared so that choosing the same file again is a change too.
    e.target.value = ''
    if (files.length === 0 || !allow(files)) return
    if (files.some((f) => !(f.type in VIDEO_TYPES))) return void toast.error('Invalid file type', { description: VIDEO_TYPE_MESSAGE })
    if (files.some((f) => f.size > MAX_VIDEO_BYTES)) return void toast.error('File too large', { description: VIDEO_TOO_LARGE })
    await send(files, false)
  }

  return {
    /** Percent sent, or null when nothing is being sent. */
    progress,
    busy: progress !== null,
    inputProps: { ref: input, type: 'file', accept: 'video/mp4,video/webm,video/quicktime', className: 'sr-only', onChange: pick },
    choose: () => input.current?.click(),
    /** The recorder's upload: true once saved. */
    record: async (file: File) => allow([file]) && send([file], true),
  }
}
