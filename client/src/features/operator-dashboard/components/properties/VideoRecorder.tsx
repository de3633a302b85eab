import { Circle, RotateCcw, Square, Upload } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../../../lib/toast'
import { Button } from '../../../../components/ui/button'
import { MAX_RECORDING_SECONDS } from '@server/features/properties/video-rules'

type State = 'idle' | 'recording' | 'recorded'

const pickMime = () =>
  ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'].find((t) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(t)) ?? 'video/webm'

/**
 * Records a video in the browser: idle → recording → recorded,
 * then re-record or upload. 1280x720, at most 120 s, saved as webm. Used for
 * property videos and the operator's video introduction.
 */
export function VideoRecorder({ onUpload, disabled }: { onUpload: (file: File) => Promise<boolean>; disabled?: boolean }) {
  const [state, setState] = useState<State>('idle')
  const [seconds, setSeconds] = useState(0)
  const [preview, setPreview] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const live = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const recorder = useRef<MediaRecorder | null>(null)
  const blob = useRef<Blob | null>(null)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)

  // Only refs: stable, so the unmount effect below runs once.
  const stopTracks = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
    if (timer.current) clearInterval(timer.current)
    timer.current = null
  }, [])
  useEffect(() => stopTracks, [stopTracks])
  // Each preview's object URL is released when it is replaced, cleared or the recorder goes away.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview])

  const start = async () => {
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 }, audio: true })
      stream.current = media
      if (live.current) {
        live.current.srcObject = media
        void live.current.play().catch(() => {})
      }
      const chunks: Blob[] = []
      const mimeType = pickMime()
      const rec = new MediaRecorder(media, { mimeType })
      rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data)
      rec.onstop = () => {
        blob.current = new Blob(chunks, { type: 'video/webm' })
        setPreview(URL.createObjectURL(blob.current!))
        stopTracks()
        setState('recorded')
      }
      recorder.current = rec
      rec.start(1000)
      setSeconds(0)
      setState('recording')
      timer.current = setInterval(() => {
        setSeconds((s) => {
          if (s + 1 >= MAX_RECORDING_SECONDS) stop()
          return Math.min(s + 1, MAX_RECORDING_SECONDS)
        })
      }, 1000)
    } catch {
      stopTracks()
      toast.error('Recording Error', { description: 'Could not access camera/microphone. Please check permissions.' })
    }
  }
  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop()
    if (timer.current) clearInterval(timer.current)
    timer.current = null
  }
  const upload = async () => {
    if (!blob.current) return
    setUploading(true)
    const ok = await onUpload(new File([blob.current], `recording-${Date.now()}.webm`, { type: 'video/webm' }))
    setUploading(false)
    if (ok) {
      setState('idle')
      setPreview(null)
      blob.current = null
    }
  }

  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4" data-state={state} data-testid="video-recorder">
      <p className="text-sm font-medium text-slate-800">Record a video (up to {MAX_RECORDING_SECONDS / 60} minutes)</p>
      <video ref={live} muted playsInline className={state === 'recording' ? 'aspect-video w-full max-w-md rounded bg-black' : 'hidden'} />
      {/* biome-ignore lint/a11y/useMediaCaption: the operator's own recording, just made in the browser, has no captions yet. */}
      {state === 'recorded' && preview && <video src={preview} controls className="aspect-video w-full max-w-md rounded bg-black" aria-label="Recorded video preview" />}
      <div className="flex flex-wrap items-center gap-2">
        {state === 'idle' && (
          <Button size="sm" onClick={start} disabled={disabled}>
            <Circle className="h-4 w-4 fill-red-600 text-red-600" aria-hidden="true" /> Start Recording
          </Button>
        )}
        {state === 'recording' && (
          <>
            <Button size="sm" variant="destructive" onClick={stop}>
              <Square className="h-4 w-4" aria-hidden="true" /> Stop Recording
            </Button>
            <span className="text-sm text-red-700" role="timer" aria-live="off">
              Recording {clock} / 2:00
            </span>
          </>
        )}
        {state === 'recorded' && (
          <>
            <Button size="sm" variant="outline" onClick={() => void start()} disabled={uploading}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> Re-record
            </Button>
            <Button size="sm" onClick={upload} disabled={uploading}>
              <Upload className="h-4 w-4" aria-hidden="true" /> {uploading ? 'Uploading...' : 'Upload Recording'}
            </Button>
          </>
        )}
      </div>
    </div>
  )
}
