import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * The import graph between client features (ADR 018): an edge A → B for each
 * file of client/src/features/A that imports a file of client/src/features/B.
 * Every import counts: static, `import type`, re-exports and dynamic
 * `import()`, because a type-only loop still ties two features together (one
 * cannot change or move without the other). Test files are white-box and skipped.
 */
export type FeatureImport = { from: string; to: string; file: string; specifier: string }

const SOURCE = /\.(ts|tsx)$/
const TEST = /\.test\.(ts|tsx)$/

/** Every non-test source file under `dir`, as absolute paths. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : []
  })
}

/** The feature a path belongs to (`client/src/features/<feature>/...`), or null outside features. */
const featureOf = (featuresDir: string, file: string) => {
  const relative = path.relative(featuresDir, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null
  const [feature, ...rest] = relative.split(path.sep)
  return rest.length > 0 || !SOURCE.test(feature) ? feature : null
}

/** Each import from one feature into another, read from the sources under `featuresDir`. */
export function featureImports(featuresDir: string): FeatureImport[] {
  const imports: FeatureImport[] = []
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(featuresDir, file)
    if (!from) continue
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    for (const { fileName: specifier } of importedFiles) {
      // Packages, @server/... and the @/ alias (client/src, outside features unless it says so).
      const target = specifier.startsWith('.')
        ? path.resolve(path.dirname(file), specifier)
        : specifier.startsWith('@/features/')
          ? path.join(featuresDir, specifier.slice('@/features/'.length))
          : null
      if (!target) continue
      const to = featureOf(featuresDir, target)
      if (to && to !== from) imports.push({ from, to, file: path.relative(featuresDir, file), specifier })
    }
  }
  return imports
}

/**
 * The tangles of the feature graph: its strongly connected components of two
 * features or more (Tarjan), each sorted. Two features are in one tangle when
 * each reaches the other, directly (A → B → A) or through others (A → B → C → A);
 * a DAG has none.
 */
export function featureCycles(imports: Pick<FeatureImport, 'from' | 'to'>[]): string[][] {
  const graph = new Map<string, Set<string>>()
  for (const { from, to } of imports) {
    if (!graph.has(from)) graph.set(from, new Set())
    if (!graph.has(to)) graph.set(to, new Set())
    graph.get(from)!.add(to)
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node)!) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) components.push(component.sort())
    }
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return components.sort((a, b) => a[0].localeCompare(b[0]))
}
