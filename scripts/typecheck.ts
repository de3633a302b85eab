/**
 * npm run typecheck (and the first step of npm test): the TypeScript
 * compiler's diagnostics for the whole project (tsconfig.json), then, on the
 * same program, the check that no statement leaves a thenable unawaited
 * (server/build/floating-thenables.ts: a drizzle query builder as a statement
 * does nothing). Say `void x` where leaving a promise running is meant.
 */
import path from 'node:path'
import ts from 'typescript'
import { floatingThenables } from '../server/build/floating-thenables'

const root = path.resolve(import.meta.dir, '..')
const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile)
const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root)
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })

const diagnostics = ts.getPreEmitDiagnostics(program)
const host: ts.FormatDiagnosticsHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }
if (diagnostics.length) console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host))
const floating = floatingThenables(program, root)
if (floating.length) {
  console.error(`\nA thenable left unawaited (a query builder runs only when awaited: write \`await\`, or \`void\` for a promise meant to run on):\n${floating.map((f) => `  ${f}`).join('\n')}`)
}
console.log(`Type check: ${diagnostics.length} compiler diagnostics, ${floating.length} unawaited thenables.`)
process.exit(diagnostics.length || floating.length ? 1 : 0)
