import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const geoRoutes = new Hono<AppEnv>()
