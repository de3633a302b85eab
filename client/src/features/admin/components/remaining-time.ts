/**
 * The escrow badge: hours and minutes, minutes only under an
 * hour, 'Expired' once the hold has ended.
 */
export function remainingTime(holdUntil: string | null, now: number, expired = false) {
  if (!holdUntil || expired) return 'Expired'
  const ms = new Date(holdUntil).getTime() - now
  if (ms <= 0) return 'Expired'
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 60) return `${minutes}m`
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`
}
