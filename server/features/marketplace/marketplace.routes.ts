import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const marketplaceRoutes = new Hono<AppEnv>()
