import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const referrerRoutes = new Hono<AppEnv>()
