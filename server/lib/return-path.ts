/**
 * Where to go back to after signing in (`redirect` on /auth, `next` of the
 * script-less sign-in form): only a path on this site, never an open
 * redirect. Refused: anything not starting with one `/` (`https://evil.example`,
 * `//evil.example`), a backslash (`/\evil.example`: browsers read `\` as `/`)
 * and control characters or spaces (`/\t/evil.example`: browsers drop the tab
 * and read `//evil.example`). What is left must still resolve on this site.
 * Shared by the server (the form's 303) and the browser (AuthPage).
 */
const ORIGIN = 'https://homeward.invalid'

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null
  if (!/^\/(?![/])/.test(value) || /[\\\s]/.test(value) || hasControlCharacter(value)) return null
  try {
    const url = new URL(value, ORIGIN)
    return url.origin === ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null
  } catch {
    return null
  }
}
