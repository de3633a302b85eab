/**
 * The one money formatter (money is whole cents, ADR 003), imported by the
 * server and the browser alike: '$3,200' or '$3,250.50'; nothing for no amount.
 * Hand-rolled: toLocaleString costs more than the rest of a search result, and
 * it is the same text in e-mails, the API, the CLI and the screens.
 */
export function money(cents: number | null | undefined): string {
  if (cents == null) return ''
  const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const rest = Math.abs(cents) % 100
  return `${cents < 0 ? '-' : ''}$${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`
}
