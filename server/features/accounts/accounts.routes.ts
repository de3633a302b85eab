import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { errors, jsonResponse } from '../../lib/openapi'
import { respond } from '../../lib/respond'
import { accountDeletedSchema } from './accounts.responses'
import { validate } from '../../lib/validate'
import type { AppEnv } from '../../types'
import { requireUser, signedIn, clearSessionCookie } from '../auth'
import { deleteAccountSchema } from './accounts.schemas'
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
)
