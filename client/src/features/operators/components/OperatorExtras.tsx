import { SPECIALIZATION_LABELS } from '@server/features/care/care-extras.constants'
import { LabelBadges } from '../../care'

/** What an operator specialises in, as badges; nothing when none are listed. */
export function Specializations({ values, max, heading }: { values: readonly string[]; max?: number; heading?: string }) {
  if (values.length === 0) return null
  const list = <LabelBadges values={values} labels={SPECIALIZATION_LABELS} label="Specializations" tone="purple" max={max} />
  if (!heading) return list
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{heading}</h2>
      <div className="mt-1">{list}</div>
    </div>
  )
}

/** The operator's video introduction (Premium; the server sends none for other plans). */
export function IntroVideo({ src, name, className }: { src: string | null; name: string; className?: string }) {
  if (!src) return null
  // biome-ignore lint/a11y/useMediaCaption: operators upload these videos without caption files, so there is no caption track to offer.
  return <video src={src} controls preload="metadata" className={className ?? 'aspect-video w-full rounded-lg bg-black'} aria-label={`Video introduction from ${name}`} />
}
