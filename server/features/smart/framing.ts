import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../types'
import { frameOrigins } from './ehr-registry'

/**
 * Framing only where a launch needs it (ADR 033): /smart/ pages and the referral form opened by a
 * launch (`/submit-referral?from=ehr`) may be framed by the registered EHRs' origins, and by nothing
 * else (`frame-ancestors`; X-Frame-Options dropped there, since it cannot name another origin).
 * Every other page keeps `frame-ancestors 'none'`. Runs after secureHeaders set the defaults.
 */
export const launchFraming: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  const path = c.req.path
  const framable = path.startsWith('/smart/') || (path === '/submit-referral' && c.req.query('from') === 'ehr')
  if (!framable) return
  const csp = c.res.headers.get('Content-Security-Policy')
  if (!csp) return
  const origins = await frameOrigins(c.var.db)
  const ancestors = origins.length ? origins.join(' ') : "'none'"
  c.res.headers.set('Content-Security-Policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`))
  c.res.headers.delete('X-Frame-Options')
}
