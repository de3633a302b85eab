import type { CodeableConcept, ContactPoint, HumanName } from './fhir-types'

/** What a coded concept says in words: its text, else the first coding's display, else its code. */
export function conceptText(concept: CodeableConcept | undefined): string | undefined {
  if (!concept) return undefined
  const coding = concept.coding?.find((c) => c.display) ?? concept.coding?.[0]
  return clean(concept.text) ?? clean(coding?.display) ?? clean(coding?.code)
}

/** The codes of a concept, optionally only those of one system. */
export const codesOf = (concept: CodeableConcept | undefined, system?: string) =>
  (concept?.coding ?? []).filter((c) => !system || c.system === system).map((c) => c.code ?? '')

/** A trimmed, single-spaced text, or undefined when blank. */
export function clean(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined
  const t = text.replace(/\s+/g, ' ').trim()
  return t || undefined
}

/** The name to use: the official one first, then the usual one, then the first that is current. */
export function preferredName(names: HumanName[] | undefined): HumanName | undefined {
  const list = names ?? []
  return list.find((n) => n.use === 'official') ?? list.find((n) => n.use === 'usual') ?? list.find((n) => n.use !== 'old' && n.use !== 'maiden') ?? list[0]
}

export function nameText(name: HumanName | undefined): string | undefined {
  if (!name) return undefined
  return clean(name.text) ?? clean([...(name.given ?? []), name.family].filter(Boolean).join(' '))
}

/** A phone number as the form takes it (digits, spaces, dashes, parentheses), or undefined. */
export function phoneOf(telecom: ContactPoint[] | undefined): string | undefined {
  const phones = (telecom ?? []).filter((t) => t.system === 'phone' && t.value && t.use !== 'old')
  const best = phones.find((t) => t.use === 'mobile') ?? phones.find((t) => t.use === 'home') ?? phones[0]
  if (!best?.value) return undefined
  // +1 and dots are common in records; the form knows only digits, spaces, dashes and parentheses.
  return clean(best.value.replace(/^\+1[\s.-]?/, '').replace(/\./g, '-').replace(/[^0-9\s\-()]/g, ''))
}

/** Cuts a text to at most `max` characters at a word boundary, ending with "…". */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const room = text.slice(0, max - 1)
  const space = room.search(/\s\S*$/)
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[\s;,.]+$/, '')}…`
}
