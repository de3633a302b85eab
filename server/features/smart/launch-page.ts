import type { Context } from 'hono'
import { type LaunchError, LAUNCH_PROBLEMS } from './launch-error'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * The page a person sees when a launch cannot go on: what happened, in plain words, and what to do.
 * Rendered by the server (it must show inside an EHR's frame before any app code loads); no stack
 * trace, no token, no care data.
 */
export function launchProblemPage(c: Context, error: LaunchError) {
  const problem = LAUNCH_PROBLEMS[error.problem]
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(problem.title)} · Homeward</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:36rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:.5rem 0}.brand{font-weight:600;color:#1d4ed8}
</style>
</head>
<body>
<main data-launch-problem="${error.problem}">
<p class="brand">Homeward</p>
<h1>${escapeHtml(problem.title)}</h1>
<p>${escapeHtml(error.detail)}</p>
<p>${escapeHtml(problem.action)}</p>
</main>
</body>
</html>`
  return c.html(html, problem.status, { 'Cache-Control': 'no-store' })
}
