import { cn } from '../../../lib/cn'
import { initials } from '../../../lib/format'

/**
 * The initials an operator's avatar shows: those of the name the card shows
 * (the business when there is one, 'Orchard Homes' → 'OH'), not the person's.
 */
export function nameInitials(name: string, first: string, last: string) {
  const words = name.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w))
  if (words.length === 0) return initials(first, last)
  return (words.length === 1 ? words[0]!.slice(0, 2) : `${words[0]![0]}${words[1]![0]}`).toUpperCase()
}
export function OperatorAvatar({
  photo,
  first_name,
  last_name,
  name,
  className,
}: {
  photo: string | null
  first_name: string
  last_name: string
  name: string
  className?: string
}) {
  return photo ? (
    <img src={photo} alt={name} width={96} height={96} loading="lazy" decoding="async" className={cn('h-14 w-14 shrink-0 rounded-full object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cn('flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800', className)}
    >
      {nameInitials(name, first_name, last_name)}
    </span>
  )
}

/** The licence label: 'State Licensed' (licensed and verified), 'Licensed', 'Licensing In Progress', 'Family-Operated' with ' · {n}yr'. */
export function licensingBadgeText(o: { licensing_type: string; verification_status: string; years_of_experience: number }) {
  if (o.licensing_type === 'licensed') return o.verification_status === 'verified' ? 'State Licensed' : 'Licensed'
  if (o.licensing_type === 'in_progress') return 'Licensing In Progress'
  return `Family-Operated${o.years_of_experience > 0 ? ` · ${o.years_of_experience}yr` : ''}`
}
