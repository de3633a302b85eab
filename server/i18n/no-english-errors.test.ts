import { describe, expect, test } from 'bun:test'
import fs from 'node:fs'
import path from 'node:path'
import { isMessageKey } from '.'
import { parseKeyed } from './keyed'

/**
 * Every error the API sends is a key of the server's catalogs (docs/i18n.md), so
 * app.onError can say it in the reader's language. This reads the server's code
 * (tests aside) and fails on any AppError constructor called with a string
 * literal, a template literal or a constant whose text is not a catalog key:
 * the message and every field message of `invalid(msg, { field: msg })`.
 */
const root = path.resolve(import.meta.dir, '..')
const files = fs
  .readdirSync(root, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
  .map((e) => path.join(e.parentPath, e.name))
  .filter((file) => !file.startsWith(path.join(root, 'i18n')) && file !== path.join(root, 'errors.ts'))

/**
 * The messages that stay English, each for a reason:
 * - `notReady` (503 from /api/health) is read by load balancers and operators' logs, never by a person in the app.
 */
const EXEMPT_CONSTRUCTORS = new Set(['notReady'])

const CALL = /\b(conflict|invalid|notFound|forbidden|badRequest|unauthorized|tooLarge|unsupportedType|rateLimited|serverBusy|premiumRequired|notReady|invalidFhir|providerError|signedIn|tryAgainIn)\(|new AppError\(/g
/** Which argument is the message; fields follow it for invalid and AppError. */
const MESSAGE_AT: Record<string, number> = { conflict: 1, AppError: 2, rateLimited: 1, serverBusy: 1, signedIn: 1 }
const FIELDS_AT: Record<string, number> = { invalid: 1, AppError: 3 }
const STRING = /^(['"])((?:\\.|(?!\1).)*)\1$/s
const CONSTANT = /^[A-Z][A-Z0-9_]+$/

/** The top-level arguments of a call, from just after its '('. */
function argumentsAt(src: string, start: number): string[] {
  const out: string[] = []
  let depth = 0
  let quote: string | null = null
  let from = start
  for (let i = start; i < src.length; i++) {
    const c = src[i]!
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = null
      continue
    }
    if (c === "'" || c === '"' || c === '`') quote = c
    else if ('([{'.includes(c)) depth++
    else if (')]}'.includes(c)) {
      if (depth === 0) {
        out.push(src.slice(from, i).trim())
        return out.filter(Boolean)
      }
      depth--
    } else if (c === ',' && depth === 0) {
      out.push(src.slice(from, i).trim())
      from = i + 1
    }
  }
  return out
}

/** The value of `const NAME = '…'` in the server's code (undefined when NAME is not such a constant). */
const sources = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]))
function constantText(name: string): string | undefined {
  const def = new RegExp(`const ${name}(?:\\s*:\\s*string)?\\s*=\\s*(['"\`])((?:\\\\.|(?!\\1).)*)\\1`, 's')
  for (const src of sources.values()) {
    const match = def.exec(src)
    if (match) return match[1] === '`' ? `\`${match[2]}\`` : match[2]
  }
  return undefined
}

const isKey = (text: string) => {
  const parsed = parseKeyed(text)
  return parsed !== null && isMessageKey(parsed.key)
}

/** Why `arg` is not a catalog key, or null when it is one (or is computed at run time from keys). */
function problem(arg: string): string | null {
  const literal = STRING.exec(arg)
  if (literal) return isKey(literal[2]!) ? null : `English text ${arg}`
  if (arg.startsWith('`')) return `a template literal ${arg.slice(0, 60)}`
  if (CONSTANT.test(arg)) {
    const text = constantText(arg)
    if (text === undefined) return null
    return isKey(text) ? null : `${arg} = ${JSON.stringify(text).slice(0, 80)}`
  }
  return null
}

function offenders(): string[] {
  const found: string[] = []
  for (const [file, src] of sources) {
    for (const match of src.matchAll(CALL)) {
      const name = match[1] ?? 'AppError'
      if (EXEMPT_CONSTRUCTORS.has(name)) continue
      // Declarations of these helpers (`export const invalid = (message…`) are not calls.
      if (/(?:function|const)\s+$/.test(src.slice(Math.max(0, match.index! - 16), match.index))) continue
      const args = argumentsAt(src, match.index! + match[0].length)
      const where = `${path.relative(root, file)}:${src.slice(0, match.index).split('\n').length}`
      const message = args[MESSAGE_AT[name] ?? 0]
      const checks = message ? [message] : []
      const fields = FIELDS_AT[name] !== undefined ? args[FIELDS_AT[name]!] : undefined
      if (fields?.startsWith('{')) {
        for (const entry of argumentsAt(fields, 1)) {
          const colon = entry.indexOf(':')
          if (colon > 0) checks.push(entry.slice(colon + 1).trim())
        }
      }
      for (const arg of checks) {
        const why = problem(arg)
        if (why) found.push(`${where} ${name}: ${why}`)
      }
    }
  }
  return found
}

describe('server errors are catalog keys', () => {
  test('no AppError constructor in the server is given English text', () => {
    expect(offenders()).toEqual([])
  })

  test('the check finds English when it is there', () => {
    const fixture = path.join(root, 'fixture.ts')
    sources.set(fixture, "throw notFound('Nothing here')\nthrow conflict('x', `$" + "{a} taken`)\nconst LATER = 'Too late'\nthrow invalid(LATER, { f: 'errors.notFound' })")
    try {
      expect(offenders().filter((o) => o.startsWith('fixture.ts'))).toEqual([
        "fixture.ts:1 notFound: English text 'Nothing here'",
        `fixture.ts:2 conflict: a template literal \`$${'{'}a} taken\``,
        'fixture.ts:4 invalid: LATER = "Too late"',
      ])
    } finally {
      sources.delete(fixture)
    }
  })
})
