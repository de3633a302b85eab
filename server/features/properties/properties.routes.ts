import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const propertiesRoutes = new Hono<AppEnv>()
