import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const eventsRoutes = new Hono<AppEnv>()
