import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const analyticsRoutes = new Hono<AppEnv>()
