/**
 * A message written as its catalog key, optionally with values as JSON after a
 * space: `validation.firstName.tooLong {"max":50}`. This is how a zod schema
 * shared by the server and the browser's forms states its messages (zod takes
 * strings): each side reads the key and says it in its reader's language
 * (server/i18n translate, the browser's Field). Light on purpose: the browser imports it.
 */
export type KeyedValues = Record<string, string | number>

export const keyed = (key: string, values?: KeyedValues) => (values ? `${key} ${JSON.stringify(values)}` : key)

const KEYED = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)(?: (\{.*\}))?$/

/** The key and values of a keyed message; null for any other text (a message already in words). */
export function parseKeyed(text: string): { key: string; values?: KeyedValues } | null {
  const match = KEYED.exec(text)
  if (!match) return null
  if (!match[2]) return { key: match[1]! }
  try {
    return { key: match[1]!, values: JSON.parse(match[2]) as KeyedValues }
  } catch {
    return null
  }
}
