import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const securityRoutes = new Hono<AppEnv>()
