import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { featureCycles, featureImports } from './feature-graph'

const FEATURES = path.join(import.meta.dir, '../src/features')

describe('client features form a DAG (ADR 018)', () => {
  test('no feature imports, directly or through others, a feature that imports it', () => {
    const imports = featureImports(FEATURES)
    const cycles = featureCycles(imports)
    // Each tangle with the imports inside it, so the failure says what to break.
    const explain = cycles.map((tangle) => {
      const inside = imports.filter((e) => tangle.includes(e.from) && tangle.includes(e.to))
      return [`${tangle.join(', ')} import each other:`, ...inside.map((e) => `  ${e.from} → ${e.to}: ${e.file} imports '${e.specifier}'`)].join('\n')
    })
    expect(explain).toEqual([])
  })

  test('the graph is read from the sources: a feature that imports another is an edge', () => {
    const edges = featureImports(FEATURES)
    // Sanity: the check sees real imports (accounts uses auth's useAuth), so an empty graph cannot pass it.
    expect(edges.some((e) => e.from === 'accounts' && e.to === 'auth')).toBe(true)
  })
})

describe('featureCycles', () => {
  const edges = (...pairs: string[]) => pairs.map((p) => ({ from: p.split('>')[0], to: p.split('>')[1] }))

  test('a direct loop and a longer one are found; a DAG has none', () => {
    expect(featureCycles(edges('a>b', 'b>a'))).toEqual([['a', 'b']])
    expect(featureCycles(edges('a>b', 'b>c', 'c>a', 'c>d'))).toEqual([['a', 'b', 'c']])
    expect(featureCycles(edges('a>b', 'b>c', 'a>c', 'd>a'))).toEqual([])
  })

  test('one tangle per set of features that reach each other', () => {
    expect(featureCycles(edges('y>x', 'a>b', 'b>c', 'c>d', 'd>a', 'b>a', 'x>y', 'd>x'))).toEqual([
      ['a', 'b', 'c', 'd'],
      ['x', 'y'],
    ])
  })

  test('type-only, re-exported, dynamic and @/ alias imports between feature folders all count', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'feature-graph-'))
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
        fs.writeFileSync(path.join(root, file), text)
      }
      write('a/index.ts', "export type { B } from '../b'\n")
      write('b/index.ts', "export type B = import('../c').C\nexport const load = () => import('../c/pages/Page')\n")
      write('c/index.ts', 'export type C = number\n')
      write('c/pages/Page.tsx', "import type { X } from '@/features/a'\nimport '../../../lib/x'\nexport const Page = 1\n")
      write('c/pages/Page.test.tsx', "import '../../b'\n")
      const found = featureImports(root).map((e) => `${e.from}>${e.to}`)
      expect(found.sort()).toEqual(['a>b', 'b>c', 'b>c', 'c>a'])
      expect(featureCycles(featureImports(root))).toEqual([['a', 'b', 'c']])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
