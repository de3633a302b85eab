import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const messagingRoutes = new Hono<AppEnv>()
