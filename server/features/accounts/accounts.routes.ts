import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { accountDeletedSchema } from './accounts.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser, signedIn, clearSessionCookie } from '../auth'
import { deleteAccountSchema, setLanguageSchema } from './accounts.schemas'
import { okSchema } from '../../lib/openapi'
import { setLanguage } from './set-language'
import { deleteAccount } from './delete-account'

export const accountsRoutes = new Hono<AppEnv>().delete(
  '/me',
  describeRoute({ tags: ['auth'], summary: 'Delete my account (password required); signs out', responses: { ...jsonResponse(accountDeletedSchema), ...errors(401, 403, 409, 413, 422, 429, 503) } }),
  signedIn,
  validate('json', deleteAccountSchema),
  async (c) => {
    const user = requireUser(c)
    await deleteAccount(c.var.db, { userId: user.id, password: c.req.valid('json').password, ip: c.get('ip') })
    clearSessionCookie(c)
    return respond(c, accountDeletedSchema, { ok: true, message: 'Account deleted' })
  },
).put(
  '/me/language',
  describeRoute({ tags: ['auth'], summary: 'Save the language I read: the API answers and my e-mail follow it (ADR 037)', responses: { ...jsonResponse(okSchema), ...errors(401, 403, 413, 422) } }),
  signedIn,
  validate('json', setLanguageSchema),
  async (c) => {
    await setLanguage(c.var.db, requireUser(c).id, c.req.valid('json').language)
    return respond(c, okSchema, { ok: true })
  },
)
