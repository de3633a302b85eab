/**
 * The one money formatter of the server (money is whole cents, ADR 003):
 * '$3,200' or '$3,250.50'. Hand-rolled: toLocaleString costs more than the
 * rest of a search result, and it is the same text in e-mails, the API and the CLI.
 */
export function money(cents: number): string {
  const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const rest = Math.abs(cents) % 100
  return `${cents < 0 ? '-' : ''}$${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`
}
