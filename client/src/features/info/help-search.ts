import { guideText, type HelpGuide } from './help-guides'

/**
 * The help page's search: a guide matches when its title or body
 * contains the query, ignoring case. The query is trimmed first, and a query
 * that is empty or only whitespace does not filter at all.
 */
export function filterGuides<T extends HelpGuide>(guides: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return [...guides]
  return guides.filter((g) => g.title.toLowerCase().includes(needle) || guideText(g).toLowerCase().includes(needle))
}
