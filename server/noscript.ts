import { safeReturnPath } from './lib/return-path'

const escapeAttribute = (text: string) => text.replace(/[&"<>']/g, (c) => `&#${c.charCodeAt(0)};`)
/**
 * What a page the browser renders itself (the app shell: sign-in, the referral
 * form, the dashboards) shows when JavaScript is off: a <noscript> note that
 * says what is needed, and on /auth a plain sign-in form that works without
 * script (POST /api/auth/sign-in/form, same-origin like every write). The
 * server-rendered public pages (ADR 027) read without script and get none.
 */
export const NOSCRIPT_TEXT = {
  needed:
    'This page needs JavaScript. Turn it on in your browser’s settings and reload the page. Browsing homes, operator profiles and the information pages work without it.',
  signIn: 'Sign in without JavaScript',
  failed: 'Invalid email or password',
  limited: 'Too many sign-in attempts. Please try again later.',
  twoFactor: 'You are signed in, but this account uses two-step verification: turn on JavaScript to enter your code.',
  error: 'Sign-in failed. Please try again.',
} as const

const BOX = 'style="max-width:28rem;margin:1.5rem auto;padding:1rem;border:1px solid #cbd5e1;border-radius:.5rem;font-family:system-ui,sans-serif;color:#0f172a"'
const FIELD = 'style="display:block;width:100%;margin:.25rem 0 .75rem;padding:.5rem;border:1px solid #94a3b8;border-radius:.375rem"'

const why = (search: string) => {
  const reason = new URLSearchParams(search).get('signin')
  if (reason === 'failed') return NOSCRIPT_TEXT.failed
  if (reason === 'limited') return NOSCRIPT_TEXT.limited
  if (reason === 'two-factor') return NOSCRIPT_TEXT.twoFactor
  if (reason === 'error') return NOSCRIPT_TEXT.error
  return null
}

/** The <noscript> block of a shell page; `perUrl` when it depends on the query (a sign-in failure's reason). */
export function noscriptFor(route: string, search: string): { html: string; perUrl: boolean } {
  if (route !== '/auth') return { html: `<noscript><div role="note" ${BOX}><p>${NOSCRIPT_TEXT.needed}</p></div></noscript>`, perUrl: false }
  const reason = why(search)
  // Signing in from a home's page comes back to it (only a path on this site; the form's route checks again).
  const next = safeReturnPath(new URLSearchParams(search).get('redirect'))
  const html = `<noscript><div ${BOX}><p>${NOSCRIPT_TEXT.needed}</p>
<form method="post" action="/api/auth/sign-in/form" aria-labelledby="noscript-sign-in">
<h1 id="noscript-sign-in" style="font-size:1.25rem;font-weight:700;margin:1rem 0 .5rem">${NOSCRIPT_TEXT.signIn}</h1>
${reason ? `<p role="alert" style="color:#b91c1c">${reason}</p>` : ''}
<label for="noscript-email">Email</label><input id="noscript-email" name="email" type="email" autocomplete="email" required ${FIELD}>
<label for="noscript-password">Password</label><input id="noscript-password" name="password" type="password" autocomplete="current-password" required ${FIELD}>
${next ? `<input type="hidden" name="next" value="${escapeAttribute(next)}">` : ''}
<button type="submit" style="padding:.5rem 1rem;border-radius:.375rem;background:#0f766e;color:#fff;border:0">Sign In</button>
</form></div></noscript>`
  return { html, perUrl: !!reason || !!next }
}
