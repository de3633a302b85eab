import { Hono } from 'hono'
import type { AppEnv } from '../../types'

export const myPropertiesRoutes = new Hono<AppEnv>()
