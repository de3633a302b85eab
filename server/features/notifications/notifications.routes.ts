import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const notificationsRoutes = new Hono<AppEnv>()
