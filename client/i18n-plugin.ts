import { createRequire } from 'node:module'
import { parse } from '@formatjs/icu-messageformat-parser'
import type { BunPlugin } from 'bun'

const require = createRequire(import.meta.url)

/**
 * The catalogs' ICU messages compiled ahead of time (ADR 037): each JSON
 * catalog under client/src/locales (and server/i18n, the shared `validation`) becomes a module of parsed messages (a plain
 * sentence stays a string), and the ICU parser is swapped for FormatJS's
 * `no-parser` build, so the browser gets intl-messageformat's formatter
 * (about 3 KB brotli) without its parser (about 7 KB more).
 */
export const i18nPlugin: BunPlugin = {
  name: 'homeward-i18n',
  setup(build) {
    build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, () => ({
      path: require.resolve('@formatjs/icu-messageformat-parser/lib/no-parser.js'),
    }))
    build.onLoad({ filter: /[\\/](client[\\/]src[\\/]locales|server[\\/]i18n)[\\/][a-z]+[\\/][\w-]+\.json$/ }, async ({ path }) => {
      const messages = JSON.parse(await Bun.file(path).text()) as Record<string, string>
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, message.includes('{') ? parse(message) : message]))
      return { contents: `export default ${JSON.stringify(compiled)}`, loader: 'js' }
    })
  },
}
