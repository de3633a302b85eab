import { US_STATES } from './states'

/**
 * The State filter accepts a 2-letter code (TX) or a full name,
 * case-insensitive and partial ("new" → NH, NJ, NM, NY). Returns the codes
 * to match; an empty list means no state matches.
 */
export function matchStates(input: string): string[] {
  const query = input.trim().toLowerCase()
  if (!query) return []
  const code = query.toUpperCase()
  if (query.length === 2 && US_STATES[code]) return [code]
  return Object.entries(US_STATES)
    .filter(([, name]) => name.toLowerCase().includes(query))
    .map(([c]) => c)
}
