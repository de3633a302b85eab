import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const invitationsRoutes = new Hono<AppEnv>()
