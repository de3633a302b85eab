/** `frame` as JSON with `name` last, an array of JSON texts (a page's homes, rendered once per generation: directoryHomes) spliced in as they are. */
export function withArray(frame: object, name: string, items: readonly string[]): string {
  const head = JSON.stringify(frame)
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(name)}:[${items.join(',')}]}`
}
