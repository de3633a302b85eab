import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const adminRoutes = new Hono<AppEnv>()
