import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const accountsRoutes = new Hono<AppEnv>()
