import type { DirectoryHome } from '../properties'

/**
 * What the feeds render of a home, as JSON text, kept beside the home's object
 * (directoryHomes hands out the objects the search's generation keeps: one per
 * home until a commit or the clock ends the generation). A radius search then
 * serialises only its page's frame: re-rendering and re-stringifying each
 * home's nested resources on every request cost more than finding them
 * (bench/directory.ts). Weakly held: gone with the home's object.
 */
const rendered = new WeakMap<DirectoryHome, Map<string, string>>()

export function renderedOnce(home: DirectoryHome, kind: string, render: (home: DirectoryHome) => unknown): string {
  let byKind = rendered.get(home)
  if (!byKind) {
    byKind = new Map()
    rendered.set(home, byKind)
  }
  let text = byKind.get(kind)
  if (text === undefined) {
    text = JSON.stringify(render(home))
    byKind.set(kind, text)
  }
  return text
}

/** `frame` as JSON with `name` last, an array of JSON texts spliced in as they are. */
export function withArray(frame: object, name: string, items: readonly string[]): string {
  const head = JSON.stringify(frame)
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(name)}:[${items.join(',')}]}`
}
